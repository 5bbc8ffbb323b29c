import Glibc

/// Nanoseconds on CLOCK_MONOTONIC: the clock benchmarks compare sync replies and
/// event arrivals on (unaffected by wall-clock changes).
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// A point in monotonic time after which a blocking wait gives up.
struct Deadline {
    let nanoseconds: UInt64

    init(millisecondsFromNow ms: Int) {
        nanoseconds = monotonicNanoseconds() &+ UInt64(max(ms, 0)) &* 1_000_000
    }

    /// Milliseconds left, rounded up so that a wait never ends before the deadline; 0 when past.
    var remainingMilliseconds: Int32 {
        let now = monotonicNanoseconds()
        guard now < nanoseconds else { return 0 }
        let ms = (nanoseconds - now + 999_999) / 1_000_000
        return Int32(clamping: ms)
    }

    var hasPassed: Bool { monotonicNanoseconds() >= nanoseconds }

    /// Whichever of the two comes first.
    func earlier(than other: Deadline) -> Deadline { nanoseconds <= other.nanoseconds ? self : other }
}
