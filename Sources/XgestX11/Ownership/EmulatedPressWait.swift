import CXgest
import Glibc
import XgestSystem

/// Keeps a reject of a touch that emulates the pointer from reaching the server while the
/// emulated press of the last one xgest rejected may still be held, unanswered, in a window
/// manager's synchronous click-to-focus grab (docs/x11-notes.md, "A touch handed back while
/// a window manager's grab holds the previous one").
///
/// That grab freezes the pointer until the window manager answers with
/// `XAllowEvents(ReplayPointer)` and the press's time. A reject the server takes meanwhile
/// is queued behind the freeze, stamped with the time it was taken; played after the answer,
/// its touch's emulated press activates the grab again with that later time as the grab
/// time, and the window manager's answer, with the earlier time of the press, is ignored:
/// the pointer stays frozen for good. One-finger taps handed back one right after the other
/// (two fingers drumming) did it.
///
/// Only a touch that began before the server took the last reject can be caught so: one
/// that began after it, had the press been held then, began behind the freeze, and xgest
/// read its begin only once the window manager had answered. Before the reject of such a
/// touch, a round trip asks whether another client holds the pointer grabbed, and while one
/// does the reject waits for it to let go.
struct EmulatedPressWait {
    enum State: Equatable {
        /// No reject of a touch emulating the pointer since the pointer was last found free
        /// of other clients' grabs: nothing to wait for.
        case settled
        /// Such a reject went since, with the serial of its request: its emulated press may
        /// be held in a grab it activated.
        case replaying(rejectSerial: UInt)
        /// A grab outlasted the wait (``XDisplay/frozenPointerWaitMilliseconds``) after the
        /// reject of `rejectSerial`: a window manager that does not answer, or a button held
        /// down in another window. While a grab stays, a reject that would have waited is
        /// turned into an accept at once: the tap is lost, which a reject would lose too into
        /// that grab, and nothing stays frozen.
        case outlasted(rejectSerial: UInt)
    }

    /// The first pause between two questions, doubled after each up to
    /// ``longestPauseMicroseconds``: Openbox answered within 0.16–0.36 ms on an idle test
    /// server, a busy machine's window manager takes milliseconds, and each question is a
    /// round trip the server and the window manager share the machine with.
    static let firstPauseMicroseconds = 100
    static let longestPauseMicroseconds = 1_000

    private(set) var state = State.settled

    /// Before a reject of a touch xgest owns that emulates the pointer through `master` and
    /// whose begin the server sent with `beganSerial`: returns whether it may go now, after
    /// waiting (at most ``XDisplay/frozenPointerWaitMilliseconds``) for other clients' grabs
    /// of `master` to end; false when the touch is to be accepted instead.
    /// `anotherClientGrabs` asks the server (a round trip), only for a touch that began
    /// before the server took the last reject.
    mutating func mayReject(master: Int32, beganSerial: UInt, anotherClientGrabs: (Int32) -> Bool) -> Bool {
        switch state {
        case .settled:
            return true
        case .replaying(let rejectSerial):
            guard beganSerial < rejectSerial else { return settle() }
            let deadline = MonotonicDeadline(millisecondsFromNow: XDisplay.frozenPointerWaitMilliseconds)
            var pauseMicroseconds = Self.firstPauseMicroseconds
            while anotherClientGrabs(master) {
                guard deadline.remainingMilliseconds > 0 else {
                    state = .outlasted(rejectSerial: rejectSerial)
                    return false
                }
                Self.pause(microseconds: pauseMicroseconds)
                pauseMicroseconds = min(2 * pauseMicroseconds, Self.longestPauseMicroseconds)
            }
            return settle()
        case .outlasted(let rejectSerial):
            guard beganSerial < rejectSerial, anotherClientGrabs(master) else { return settle() }
            return false
        }
    }

    /// A reject of a touch that emulates the pointer was sent, in the request of `serial`.
    mutating func rejectSent(serial: UInt) { state = .replaying(rejectSerial: serial) }

    /// A signal ends the pause early: the question is asked again sooner, no harm.
    private static func pause(microseconds: Int) {
        var request = timespec(tv_sec: 0, tv_nsec: microseconds * 1_000)
        _ = nanosleep(&request, nil)
    }

    private mutating func settle() -> Bool {
        state = .settled
        return true
    }
}
