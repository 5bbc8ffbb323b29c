import Testing

@testable import XgestConfig

/// Numbers no conversion can take, in every place the schema reads one: each is an error
/// at its line and column, never a trap (a 25-digit duration killed `check` and the
/// daemon's reload with SIGILL, overflowing Duration's Int128).
@Suite struct NumberRangeTests {
    @Test func aTwentyFiveDigitDurationIsARangeErrorAtItsColumn() {
        expectSchemaDiagnostics(
            """
            [settings]
            tap-interval = 1️⃣"9999999999999999999999999ms"
            long-press-duration = 2️⃣"1000000000000000000000000000000000000000000000000000000000000000000000000s"
            """,
            """
            test.toml:2:16: error: a duration must be at most 86400s (a day), found "9999999999999999999999999ms"
            tap-interval = "9999999999999999999999999ms"
                           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            test.toml:3:23: error: a duration must be at most 86400s (a day), found "1000000000000000000000000000000000000000000000000000000000000000000000000s"
            long-press-duration = "1000000000000000000000000000000000000000000000000000000000000000000000000s"
                                  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            """)
    }

    @Test func aLongDurationWithinADayGetsTheSettingsOwnLimit() {
        expectSchemaDiagnostics(
            """
            [settings]
            tap-interval = 1️⃣"3600s"
            """,
            """
            test.toml:2:16: error: tap-interval must be between 50ms and 2s, found "3600s"
            tap-interval = "3600s"
                           ^~~~~~~
            """)
    }

    @Test func hugeInfiniteAndNaNDistancesSpeedsAndFactorsAreRangeErrors() {
        let digits = String(repeating: "9", count: 400)
        let result = load(
            """
            [settings]
            swipe-distance = "\(digits)px"
            pan-distance = 1e300
            tap-movement = inf
            long-press-movement = nan
            swipe-speed = "\(digits)px/s"
            swipe-fast-speed = inf
            pinch-threshold = nan
            repeat-scale = 1e308
            swipe-angle = -inf
            [[gesture]]
            kind = "tap"
            fingers = 9223372036854775807
            region = { x = 1e300, y = inf, width = "\(digits)px", height = nan }
            action = "click 1"
            """)
        #expect(result.configuration == nil)
        let lines = result.diagnostics.map(\.location.line)
        // One error per number, each on its own line.
        #expect(lines == [2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 14, 14, 14], "\(result.renderedDiagnostics())")
    }

    @Test func integersOutOfSixtyFourBitsAreLiteralErrors() {
        let result = load(
            """
            [[gesture]]
            kind = "tap"
            fingers = 99999999999999999999
            action = "click 1"
            """)
        #expect(result.diagnostics.first?.message.contains("out of range for a 64-bit integer") == true)
        #expect(result.diagnostics.first?.location.line == 3)
    }
}
