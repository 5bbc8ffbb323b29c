import XgestCore

/// When the X queue runs dry with a same-time frame pending, whether the frame is whole.
/// The server can post one hardware frame's touch updates to the client in two writes (its
/// input thread still reading the second finger while the first is sent), so a drained
/// queue does not prove a frame complete: judged half-applied, a symmetric spread moves
/// the centroid by half a step and begins a pan. A frame that has the updates it should
/// (``PendingTouchFrame/expectedFingers``) is complete and is judged at once; one that
/// lacks some is held open until they come, a later event (which ends it in the engine),
/// or this hold's end, whichever comes first. A finger resting on the glass sends no
/// updates: a pinch pivoting on one waits once, at its first frame; one-finger frames
/// never wait.
struct SplitFrameHold {
    /// Well under a touchscreen's frame interval (8 ms at 120 Hz, 16 ms at 60 Hz), so the
    /// next frame's events still end a held frame before the hold does; well over the
    /// microseconds between the two writes of a split frame.
    static let holdMicroseconds: UInt64 = 5_000

    /// The frame held and when the hold started (monotonic microseconds).
    private(set) var held: (device: Int, time: EventTime, sinceMicroseconds: UInt64)?

    /// Called with the queue drained: whether to evaluate `frame` now. A frame that lacks
    /// fingers starts (or continues) the hold instead, until it runs out.
    mutating func evaluatesNow(_ frame: PendingTouchFrame?, nowMicroseconds: UInt64) -> Bool {
        guard let frame else {
            held = nil
            return false
        }
        guard frame.awaitsFingers else {
            held = nil
            return true
        }
        if let h = held, h.device == frame.device, h.time == frame.time {
            guard nowMicroseconds >= h.sinceMicroseconds + Self.holdMicroseconds else { return false }
            held = nil
            return true
        }
        held = (frame.device, frame.time, nowMicroseconds)
        return false
    }

    /// Milliseconds until the hold runs out, rounded up; nil when nothing is held.
    func timeoutMilliseconds(nowMicroseconds: UInt64) -> Int32? {
        held.map {
            LoopDeadline.milliseconds(
                until: $0.sinceMicroseconds + Self.holdMicroseconds, nowMicroseconds: nowMicroseconds)
        }
    }
}
