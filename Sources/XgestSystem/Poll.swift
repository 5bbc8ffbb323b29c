import Glibc
import SystemPackage

/// The one poll() wrapper: the daemon's loop and the test server's waits both use it.
public enum Poll {
    /// Waits until one of `entries` reports one of its events (see their `revents`) or
    /// the timeout passes; nil waits forever. Returns how many reported, 0 on timeout.
    ///
    /// A signal caught by a handler interrupts poll() (EINTR); it is called again with the
    /// time that is left, never the whole timeout again, so that interruptions coming
    /// faster than the timeout cannot put a timer off forever.
    public static func wait(_ entries: inout [pollfd], timeoutMilliseconds: Int32?) throws(Errno) -> Int {
        let deadline = timeoutMilliseconds.map { MonotonicDeadline(millisecondsFromNow: $0) }
        var timeout = timeoutMilliseconds ?? -1
        while true {
            let n = poll(&entries, nfds_t(entries.count), timeout)
            if n >= 0 { return Int(n) }
            let error = Errno(rawValue: errno)
            guard error == .interrupted else { throw error }
            if let deadline { timeout = deadline.remainingMilliseconds }
        }
    }
}

/// When a wait must end, on CLOCK_MONOTONIC (unaffected by changes to the wall clock).
public struct MonotonicDeadline: Sendable {
    public let nanoseconds: UInt64

    public init(millisecondsFromNow ms: Int32) {
        nanoseconds = Self.now() &+ UInt64(max(ms, 0)) &* 1_000_000
    }

    /// Milliseconds left, rounded up so that a wait never ends before the deadline; 0 when past.
    public var remainingMilliseconds: Int32 {
        let now = Self.now()
        guard now < nanoseconds else { return 0 }
        return Int32(clamping: (nanoseconds - now + 999_999) / 1_000_000)
    }

    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}
