import CXgest
import Glibc
import XgestCore
import XgestSystem

/// Waiting, under `run --autostart`, for a local X server that does not listen yet: an
/// `xgest run --autostart &` in ~/.xinitrc or ~/.xsessionrc races the server, and a
/// display with no server ended the start with status 1, which the unit takes as final.
///
/// The server's socket may be abstract (Linux's Xorg listens there first), which no
/// inotify watch sees, so the wait looks again after each of a bounded backoff of
/// sleeps (10 ms doubling up to 0.5 s), doing nothing in between.
public enum ServerStartWait {
    /// Waits up to `seconds` for the server of the local display `name` (":N", "unix:N")
    /// to take connections, and returns the seconds waited. A name that is not a local
    /// display's, or a server that listens already, returns 0 at once: the open then says
    /// what is wrong. Says once, at info, that it waits.
    public static func untilListening(_ name: String, seconds: Int) -> Double {
        guard LocalServerSocket.listens(name) == false else { return 0 }
        writeStandardError(
            "xgest: no X server on \(DisplayText.escaped(name)) yet: waiting up to \(seconds) s for it to start\n",
            priority: .info)
        let started = MonotonicDeadline.now()
        let deadline = MonotonicDeadline(millisecondsFromNow: Int32(clamping: seconds * 1000))
        var pauseMilliseconds: Int32 = 10
        func waited() -> Double { Double(MonotonicDeadline.now() - started) / 1e9 }
        while true {
            let left = deadline.remainingMilliseconds
            if left == 0 { return waited() }
            var none: [pollfd] = []
            _ = try? Poll.wait(&none, timeoutMilliseconds: min(pauseMilliseconds, left))
            if LocalServerSocket.listens(name) == true { return waited() }
            pauseMilliseconds = min(pauseMilliseconds * 2, 500)
        }
    }
}
