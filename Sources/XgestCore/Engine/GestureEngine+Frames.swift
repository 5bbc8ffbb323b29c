/// Same-time touch frames (``EngineSettings/evaluatesSameTimeTouchUpdatesAsOneFrame``):
/// touch updates of one device with one event time (give or take the server clock's
/// tick, ``GestureEngine/frameTimeSpread``) are applied to the touches at once,
/// and the recognizers see the frame when it is known to be complete. A frame holds one
/// update per finger: a second update of a finger, even at the same time (events closer
/// than the server's millisecond clock), starts a new frame, so no point of a path is lost.
extension GestureEngine {
    /// Touch updates applied to device `device`'s touches at `time`, not yet fed to the
    /// recognizers.
    struct DeferredTouchFrame {
        /// Index into `devices`.
        let device: Int
        /// The event time the updates carried (before `now` clamps it).
        let time: EventTime
        /// The touches updated in this frame.
        var touches: [UInt32]
        /// Whether any of them moved.
        var moved: Bool
    }

    /// How much later than a frame's first update its other fingers' updates may be
    /// stamped. The server stamps each event as its driver posts it, one finger after the
    /// other: a frame posted across a tick of its millisecond clock carries two times, and
    /// on a loaded machine the input thread can be put off between two fingers (2 ms seen
    /// on the test server). A touchscreen's frames are 4 ms (240 Hz) or more apart, and a
    /// finger's second update always starts a new frame, so frames where every finger
    /// moves are never merged; two frames that each moved a different finger, closer than
    /// this, are judged as one, which is what they were meant to be.
    static let frameTimeSpread = EventDuration.milliseconds(3)

    /// Whether `event` belongs to the deferred frame: an update of the same device at the
    /// same time (within ``frameTimeSpread``), of a finger the frame has not updated yet.
    func continuesDeferredFrame(_ event: InputEvent) -> Bool {
        guard let f = deferredFrame, case .touch(let t) = event.payload else { return false }
        switch t.phase {
        case .update:
            return event.time >= f.time && event.time - f.time <= Self.frameTimeSpread
                && deviceIDs[f.device] == event.device && !f.touches.contains(t.id)
        case .begin, .end: return false
        }
    }

    /// Defers the recognizers' view of an update just applied to device `k`'s touches;
    /// false when frames are evaluated per event.
    mutating func deferTouchUpdate(device k: Int, touch: UInt32, time: EventTime, moved: Bool) -> Bool {
        guard settings.evaluatesSameTimeTouchUpdatesAsOneFrame else { return false }
        if deferredFrame != nil {
            deferredFrame?.touches.append(touch)
            if moved { deferredFrame?.moved = true }
        } else {
            deferredFrame = DeferredTouchFrame(device: k, time: time, touches: [touch], moved: moved)
        }
        return true
    }

    /// Feeds the deferred frame, if any, to the recognizers, at the frame's time.
    mutating func evaluateDeferredFrame() {
        guard let f = deferredFrame else { return }
        deferredFrame = nil
        lastFrameFingers[f.device] = f.touches.count
        // Fingers reported where they were: nothing for a recognizer to judge (see handleTouch).
        guard f.moved else { return }
        let frame = devices[f.device].touches.frame
        feed(
            TouchAccess(phase: .moved), frame, kind: .touchscreen, device: f.device, joining: false,
            at: frame.sequenceStartLocation)
        settleOwnershipIfNeeded()
    }
}

/// A same-time frame the recognizers have not seen yet (``GestureEngine/pendingFrame``).
public struct PendingTouchFrame: Hashable, Sendable {
    public let device: Int
    /// The event time its updates carry.
    public let time: EventTime
    /// The fingers updated in it so far.
    public let updatedFingers: Int
    /// How many fingers it should have: as many as moved in the frame before (a finger
    /// resting on the glass sends no updates, so a pinch pivoting on one moves one), or
    /// every finger down after one landed or lifted.
    public let expectedFingers: Int

    public init(device: Int, time: EventTime, updatedFingers: Int, expectedFingers: Int) {
        self.device = device
        self.time = time
        self.updatedFingers = updatedFingers
        self.expectedFingers = expectedFingers
    }

    /// A finger it should have has no update in it yet: either it stopped, or its update
    /// is still on its way (the X server can post a frame's events to the client in two
    /// writes).
    public var awaitsFingers: Bool { updatedFingers < expectedFingers }
}
