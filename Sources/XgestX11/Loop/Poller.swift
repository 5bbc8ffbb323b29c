import Glibc

/// Blocks until one of the file descriptors is readable or the timeout passes: the only
/// place the daemon waits. With no timer pending the timeout is infinite, so an idle
/// xgest uses no CPU at all.
public enum Poller {
    /// Indices of the readable descriptors; empty on timeout. `timeoutMilliseconds` nil waits forever.
    ///
    /// A signal caught by a handler interrupts poll() (EINTR); it is called again with the
    /// time that is left, not the whole timeout, so that interruptions coming faster than
    /// the timeout cannot put off the engine's next timer.
    public static func wait(_ fds: [Int32], timeoutMilliseconds: Int32?) -> [Int] {
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let deadline = timeoutMilliseconds.map { PollDeadline(millisecondsFromNow: $0) }
        var timeout = timeoutMilliseconds ?? -1
        while true {
            let n = poll(&entries, nfds_t(entries.count), timeout)
            if n < 0 && errno == EINTR {
                if let deadline { timeout = deadline.remainingMilliseconds }
                continue
            }
            guard n > 0 else { return [] }
            return entries.indices.filter { entries[$0].revents != 0 }
        }
    }
}

/// When a poll() with a timeout must return, on CLOCK_MONOTONIC (unaffected by changes to
/// the wall clock).
struct PollDeadline {
    let nanoseconds: UInt64

    init(millisecondsFromNow ms: Int32) {
        nanoseconds = Self.now() &+ UInt64(max(ms, 0)) &* 1_000_000
    }

    /// Milliseconds left, rounded up so that a wait never ends before the deadline; 0 when past.
    var remainingMilliseconds: Int32 {
        let now = Self.now()
        guard now < nanoseconds else { return 0 }
        return Int32(clamping: (nanoseconds - now + 999_999) / 1_000_000)
    }

    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
