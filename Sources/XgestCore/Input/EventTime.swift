/// A point on the monotonic input clock, in microseconds since an arbitrary origin.
///
/// The core never reads a clock: every instant comes from an input event (X's server
/// time, unwrapped to 64 bits by the X11 layer, or a trace's `t`) or from a timer the
/// engine scheduled relative to one.
public struct EventTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var microseconds: UInt64

    public init(microseconds: UInt64) { self.microseconds = microseconds }

    public static let zero = EventTime(microseconds: 0)

    public static func milliseconds(_ ms: UInt64) -> EventTime {
        EventTime(microseconds: ms &* 1000)
    }

    /// Seconds as written in traces; rounded to the nearest microsecond.
    public init(seconds: Double) {
        self.microseconds = seconds <= 0 ? 0 : UInt64((seconds * 1_000_000).rounded())
    }

    public var seconds: Double { Double(microseconds) / 1_000_000 }

    public static func < (a: EventTime, b: EventTime) -> Bool { a.microseconds < b.microseconds }

    public static func + (a: EventTime, d: EventDuration) -> EventTime {
        EventTime(microseconds: a.microseconds &+ d.microseconds)
    }

    /// The time elapsed from `b` to `a`; zero when `b` is later.
    public static func - (a: EventTime, b: EventTime) -> EventDuration {
        EventDuration(microseconds: a.microseconds >= b.microseconds ? a.microseconds - b.microseconds : 0)
    }

    public var description: String { formatSeconds(microseconds) }
}

/// A non-negative span of event time, in microseconds.
public struct EventDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var microseconds: UInt64

    public init(microseconds: UInt64) { self.microseconds = microseconds }

    public static let zero = EventDuration(microseconds: 0)
    public static func milliseconds(_ ms: UInt64) -> EventDuration { EventDuration(microseconds: ms &* 1000) }
    public static func seconds(_ s: Double) -> EventDuration {
        EventDuration(microseconds: s <= 0 ? 0 : UInt64((s * 1_000_000).rounded()))
    }

    public var seconds: Double { Double(microseconds) / 1_000_000 }

    public static func < (a: EventDuration, b: EventDuration) -> Bool { a.microseconds < b.microseconds }
    public static func + (a: EventDuration, b: EventDuration) -> EventDuration {
        EventDuration(microseconds: a.microseconds &+ b.microseconds)
    }

    public var description: String { formatSeconds(microseconds) + "s" }
}

/// `1234567` µs → `"1.234567"`, without Foundation's formatters.
func formatSeconds(_ us: UInt64) -> String {
    let whole = us / 1_000_000
    let frac = String(us % 1_000_000)
    return "\(whole)." + String(repeating: "0", count: 6 - frac.count) + frac
}
