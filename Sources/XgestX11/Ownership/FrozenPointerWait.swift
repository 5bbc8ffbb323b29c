import CXgest
import XgestSystem

/// A replayed press can activate another client's synchronous button grab: a window
/// manager's click-to-focus grab (Openbox's stock bindings Focus and Raise on buttons 1 to
/// 3 in the client context) freezes the pointer until the window manager answers with
/// XAllowEvents(ReplayPointer). What XTest sends meanwhile is queued behind the freeze,
/// and on the answer the server gives each queued event the pointer's position at the
/// answer: a drag replayed in one burst reached the application with every motion, and
/// any other button clicked during it, at the release point (docs/x11-notes.md, "A
/// replayed press can be frozen by a window manager's grab").
extension XDisplay {
    /// How long a replay waits for another client to answer the grab its press
    /// activated: a window manager answers within milliseconds; one that hangs keeps the
    /// pointer frozen whatever xgest does, and the replay goes on as it did.
    static let frozenPointerWaitMilliseconds: Int32 = 200

    /// Sends `probe`, an XTest event of the pointer (a motion, a press or a release), and
    /// waits until the server has processed it: bounded by ``frozenPointerWaitMilliseconds``,
    /// no sleep. After a round trip, every raw pointer event the server sent before it is
    /// in Xlib's queue. The probe's raw event comes only once the master pointer is not
    /// frozen (a frozen master queues its raw events with the rest), and a raw event read
    /// after the round trip is the probe's or one of the user's played after the thaw:
    /// either way the pointer is free, and the probe, the only event queued behind the
    /// freeze, kept its position. Two round trips when nothing is frozen. Returns false
    /// when the wait ran out.
    func awaitPointerNotFrozen(probe: () -> Void) -> Bool {
        sync()
        let before = queuedRawPointerEvents()
        probe()
        flush()
        let deadline = MonotonicDeadline(millisecondsFromNow: Self.frozenPointerWaitMilliseconds)
        while queuedRawPointerEvents() <= before {
            let left = deadline.remainingMilliseconds
            guard left > 0, !Poller.wait([fileDescriptor], timeoutMilliseconds: left).isEmpty else { return false }
            _ = XEventsQueued(handle, QueuedAfterReading)
        }
        return true
    }

    /// How many raw pointer events (motion, button press and release) Xlib's queue holds.
    private func queuedRawPointerEvents() -> Int {
        queuedCount(of: [XI_RawMotion, XI_RawButtonPress, XI_RawButtonRelease])
    }
}
