import Glibc

/// The clock Xorg stamps input events with (`GetTimeInMillis`): CLOCK_MONOTONIC_COARSE in
/// milliseconds when that clock ticks at least every millisecond, else CLOCK_MONOTONIC.
/// Both are the machine's monotonic clock, so this process reads the same value Xorg does.
enum ServerMilliseconds {
    static let clock: clockid_t = {
        var resolution = timespec()
        if clock_getres(CLOCK_MONOTONIC_COARSE, &resolution) == 0, resolution.tv_sec == 0,
            resolution.tv_nsec <= 1_000_000
        {
            return CLOCK_MONOTONIC_COARSE
        }
        return CLOCK_MONOTONIC
    }()

    static func now() -> Int {
        var t = timespec()
        clock_gettime(clock, &t)
        return t.tv_sec * 1000 + t.tv_nsec / 1_000_000
    }

    /// Returns once the clock reads later than `millisecond` (at once when it already
    /// does): events Xorg stamps after this are stamped later than any stamped by then.
    static func waitUntilAfter(_ millisecond: Int) {
        while now() <= millisecond {
            var request = timespec(tv_sec: 0, tv_nsec: 100_000)
            var remaining = timespec()
            _ = nanosleep(&request, &remaining)
        }
    }
}
