/// Engine-wide behaviour, fixed when the engine is made.
public struct EngineSettings: Hashable, Sendable {
    /// X delivers one event per finger, so one hardware frame of a touchscreen arrives as
    /// several touch updates with the same event time. When true, the engine applies
    /// those updates to the touches as they come but feeds the recognizers once, with the
    /// whole frame, after its last update: no recognizer decides on a half-applied frame
    /// (two fingers spreading apart move the centroid by half a step after the first
    /// finger's event, which can begin a pan that the whole frame would not).
    ///
    /// The engine learns that a frame is complete from the next input (any event of
    /// another time, device or phase), from ``GestureEngine/advance(to:into:)`` and
    /// ``GestureEngine/cancelSequence(device:at:reason:because:into:)``, or from
    /// ``GestureEngine/flush(into:)``, which a live caller must call whenever its input
    /// queue is drained, so that ownership decisions are never held past the frame.
    /// Outputs of a deferred frame carry the frame's time. False (the default) feeds the
    /// recognizers at every event.
    public var evaluatesSameTimeTouchUpdatesAsOneFrame = false
    /// Whether touchscreen gesture events list their touches (``GestureEvent/touches``):
    /// sharing the engine's array costs a retain per event, about 10 ns, which a daemon
    /// whose bindings and trace never read them need not pay.
    public var reportsTouches = true
    /// Whether a recognizer that turns a sequence down when it starts (`not receiving`: a
    /// binding of another window's `[[app]]` section, an edge, a region, a monitor) leaves
    /// a transition record. Only a trace reads them, and they are most of the engine's
    /// work at a sequence's start with many sections: 300 sections of ten bindings wrote
    /// 3,000 records per touch, half the cost of a tap.
    public var recordsNotReceiving = true

    /// What `xgest run` and `xgest replay` both run with: same-time touch updates judged as
    /// one frame. Replay with the default decided otherwise than the daemon on the same
    /// events (two fingers spreading apart began a pan the daemon never began).
    public static func daemon(reportsTouches: Bool, recordsNotReceiving: Bool = true) -> EngineSettings {
        EngineSettings(
            evaluatesSameTimeTouchUpdatesAsOneFrame: true, reportsTouches: reportsTouches,
            recordsNotReceiving: recordsNotReceiving)
    }

    public init(
        evaluatesSameTimeTouchUpdatesAsOneFrame: Bool = false, reportsTouches: Bool = true,
        recordsNotReceiving: Bool = true
    ) {
        self.evaluatesSameTimeTouchUpdatesAsOneFrame = evaluatesSameTimeTouchUpdatesAsOneFrame
        self.reportsTouches = reportsTouches
        self.recordsNotReceiving = recordsNotReceiving
    }
}
