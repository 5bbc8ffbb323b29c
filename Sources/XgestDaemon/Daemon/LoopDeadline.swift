/// A one-shot time on the monotonic clock at which the daemon's loop must wake: the
/// loop's poll() takes the nearest as its timeout, and with none set it waits for input
/// alone. Once taken as due it is stopped until set again.
struct LoopDeadline {
    /// On the monotonic clock; nil when not set.
    private(set) var dueMicroseconds: UInt64?

    var isSet: Bool { dueMicroseconds != nil }

    mutating func set(_ microseconds: UInt64) { dueMicroseconds = microseconds }

    mutating func stop() { dueMicroseconds = nil }

    /// Whether it is due now; it is then stopped.
    mutating func isDue(nowMicroseconds: UInt64) -> Bool {
        guard let due = dueMicroseconds, due <= nowMicroseconds else { return false }
        dueMicroseconds = nil
        return true
    }

    /// Milliseconds until due, rounded up so that the loop never wakes before it; nil when
    /// not set.
    func timeoutMilliseconds(nowMicroseconds: UInt64) -> Int32? {
        dueMicroseconds.map { Self.milliseconds(until: $0, nowMicroseconds: nowMicroseconds) }
    }

    /// Milliseconds from `nowMicroseconds` to `due`, rounded up; 0 once it has passed.
    static func milliseconds(until due: UInt64, nowMicroseconds: UInt64) -> Int32 {
        Int32(clamping: (due > nowMicroseconds ? due - nowMicroseconds + 999 : 0) / 1000)
    }
}
