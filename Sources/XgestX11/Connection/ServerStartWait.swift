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
        let start = monotonicSeconds()
        var pause = 0.01
        while true {
            let waited = monotonicSeconds() - start
            if waited >= Double(seconds) { return waited }
            sleep(seconds: min(pause, Double(seconds) - waited))
            if LocalServerSocket.listens(name) == true { return monotonicSeconds() - start }
            pause = min(pause * 2, 0.5)
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func sleep(seconds: Double) {
        var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var remaining = timespec()
        while nanosleep(&pause, &remaining) != 0 && errno == EINTR { pause = remaining }
    }
}
