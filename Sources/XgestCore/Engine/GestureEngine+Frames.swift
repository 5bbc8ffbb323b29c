/// Same-time touch frames (``EngineSettings/evaluatesSameTimeTouchUpdatesAsOneFrame``):
/// touch updates of one device with one event time are applied to the touches at once,
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
    }

    /// Whether `event` belongs to the deferred frame: an update of the same device at the
    /// same time, of a finger the frame has not updated yet.
    func continuesDeferredFrame(_ event: InputEvent) -> Bool {
        guard let f = deferredFrame, case .touch(let t) = event.payload else { return false }
        switch t.phase {
        case .update:
            return event.time == f.time && deviceIDs[f.device] == event.device && !f.touches.contains(t.id)
        case .begin, .end: return false
        }
    }

    /// Defers the recognizers' view of an update just applied to device `k`'s touches;
    /// false when frames are evaluated per event.
    mutating func deferTouchUpdate(device k: Int, touch: UInt32, time: EventTime) -> Bool {
        guard settings.evaluatesSameTimeTouchUpdatesAsOneFrame else { return false }
        if deferredFrame != nil {
            deferredFrame?.touches.append(touch)
        } else {
            deferredFrame = DeferredTouchFrame(device: k, time: time, touches: [touch])
        }
        return true
    }

    /// Feeds the deferred frame, if any, to the recognizers, at the frame's time.
    mutating func evaluateDeferredFrame() {
        guard let f = deferredFrame else { return }
        deferredFrame = nil
        let frame = devices[f.device].touches.frame
        feed(
            TouchAccess(phase: .moved), frame, kind: .touchscreen, device: f.device, joining: false,
            at: frame.sequenceStartLocation)
        settleOwnershipIfNeeded()
    }
}
