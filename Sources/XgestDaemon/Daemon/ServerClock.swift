import Glibc
import XgestCore

/// Relates the X server's event time to this process's monotonic clock, so that timers
/// the engine sets in event time (a double tap's interval, a long press) become poll()
/// timeouts. The engine itself never reads a clock; only this daemon-side mapping does.
public struct ServerClock {
    private var lastEvent: EventTime?
    private var lastLocalMicroseconds: UInt64 = 0

    /// Notes that an event stamped `time` has just been read.
    public mutating func observe(_ time: EventTime) {
        lastEvent = time
        lastLocalMicroseconds = Self.localMicroseconds()
    }

    /// The server time now, estimated from the last event; nil before any event.
    var estimatedNow: EventTime? {
        guard let lastEvent else { return nil }
        return lastEvent + EventDuration(microseconds: Self.localMicroseconds() &- lastLocalMicroseconds)
    }

    /// Milliseconds until `deadline` (rounded up, so a timer never fires early); nil for none.
    public func timeout(until deadline: EventTime?) -> Int32? {
        guard let deadline else { return nil }
        guard let now = estimatedNow else { return 0 }
        let wait = deadline - now
        return Int32(clamping: (wait.microseconds + 999) / 1000)
    }

    private static func localMicroseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000 &+ UInt64(ts.tv_nsec / 1000)
    }
}
