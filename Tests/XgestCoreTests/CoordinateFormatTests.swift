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

/// Positions print as coordinates do, but their whole part is the pixel they are on.
@Suite struct PositionFormatTests {
    /// The last position X has before a monitor's right side (where a touch past it is
    /// taken) printed as 1920, the next monitor's first pixel.
    @Test func aPositionIsNeverRoundedIntoTheNextPixel() {
        #expect(formatPosition(1920 - 1 / Point.pixelFractions) == "1919.99")
        #expect(formatPosition(497.996) == "497.99")
        #expect(
            Rect(x: 0, y: 0, width: 1920, height: 1080).nearest(to: Point(x: 1967.5, y: 2000)).description
                == "1919.99,1079.99")
    }

    /// Float noise below X's precision is no position short of the next pixel.
    @Test func noiseBelowXsPrecisionStillRounds() {
        #expect(formatPosition(1179.999_999_999) == "1180")
        #expect(formatPosition(997.5) == "997.5")
        #expect(formatPosition(496.25) == "496.25")
        #expect(formatPosition(-3.999_999) == "-4")
    }
}
