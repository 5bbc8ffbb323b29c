import Testing
import XgestCore

/// Coordinates as the trace, `--debug` and a command's `XGEST_*` variables print them:
/// whole numbers without a fraction, others to the hundredth.
@Suite struct CoordinateFormatTests {
    @Test(arguments: [
        (1180.0, "1180"),
        (997.5, "997.5"),
        (-12.25, "-12.25"),
        (0.004, "0"),
        (496.855, "496.86"),
    ])
    func prints(_ value: Double, _ text: String) {
        #expect(formatCoordinate(value) == text)
    }

    /// A centroid summed from many moves carries the float's noise: rounded to a whole
    /// number it printed "1180.0", which a shell's `$((XGEST_X + 10))` refuses.
    @Test func aValueThatRoundsToAWholeNumberPrintsWithoutAFraction() {
        #expect(formatCoordinate(1179.999_999_999) == "1180")
        #expect(formatCoordinate(500.000_000_01) == "500")
        #expect(formatCoordinate(-3.999_999) == "-4")
    }
}
