import Glibc
import XgestCore

/// Relates the X server's event time to this process's monotonic clock, so that timers
/// the engine sets in event time (a double tap's interval, a long press) become poll()
/// timeouts, and so that the age of the input a gesture was made of can be told. The
/// engine itself never reads a clock; only this daemon-side mapping does.
public struct ServerClock {
    private var lastEvent: EventTime?
    private var lastLocalMicroseconds: UInt64 = 0
    /// The server's time minus this process's, the largest seen: an event is read after
    /// the server stamped it, so each one read gives a value no larger than the true one,
    /// and one read late (the daemon stopped, or behind) a smaller one. A round trip
    /// (``calibrate(serverNow:)``) gives it exactly.
    private var latestOffsetMicroseconds: Int64?
    /// When the last round trip was made, on this process's clock; nil before any.
    private var calibratedAtLocalMicroseconds: UInt64?

    /// How often the offset is made exact again by a round trip, when it is asked for:
    /// the two clocks may drift apart (a remote server), by far less in that time than the
    /// age a gesture must have to be dropped (``DaemonCore/staleGestureMilliseconds``).
    static let calibrationIntervalMicroseconds: UInt64 = 10_000_000

    public init() {}

    /// Notes that an event stamped `time` has just been read.
    public mutating func observe(_ time: EventTime) {
        let local = Self.localMicroseconds()
        lastEvent = time
        lastLocalMicroseconds = local
        let offset = Int64(bitPattern: time.microseconds &- local)
        latestOffsetMicroseconds = max(latestOffsetMicroseconds ?? offset, offset)
    }

    /// The server time now, estimated from the last event; nil before any event. Behind a
    /// backlog it is the time of the input being read, which is what the timers want: an
    /// event stamped before a deadline may still be on its way.
    var estimatedNow: EventTime? {
        guard let lastEvent else { return nil }
        return lastEvent + EventDuration(microseconds: Self.localMicroseconds() &- lastLocalMicroseconds)
    }

    /// The server's time now, however far behind the events read are; nil before any event
    /// or round trip.
    public var latestNow: EventTime? {
        guard let offset = latestOffsetMicroseconds else { return nil }
        return EventTime(microseconds: Self.localMicroseconds() &+ UInt64(bitPattern: offset))
    }

    /// Whether ``latestNow`` wants a round trip first: none made yet, or the last one is old.
    public var needsCalibration: Bool {
        guard let at = calibratedAtLocalMicroseconds else { return true }
        return Self.localMicroseconds() &- at >= Self.calibrationIntervalMicroseconds
    }

    /// The server said its time is `serverNow` (a round trip just made).
    public mutating func calibrate(serverNow: EventTime) {
        let local = Self.localMicroseconds()
        latestOffsetMicroseconds = Int64(bitPattern: serverNow.microseconds &- local)
        calibratedAtLocalMicroseconds = local
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
