import Testing
import XgestCore

@testable import XgestConfig

@Suite struct PhysicalDefaultsTests {
    /// A 14-inch 4K panel: 3840 px over 309 mm.
    static let fourK = 3840.0 / 309

    @Test func touchDistancesDefaultToTheSameMillimetresAtEveryDensity() {
        let dense = Settings().tunables(pixelsPerMillimeter: Self.fourK)
        let plain = Settings().tunables(pixelsPerMillimeter: Settings.defaultPixelsPerMillimeter)
        // UIKit's 10 pt: 1.6 mm is 20 px on the 4K panel, 6 px at 96 dpi (it was 10 px
        // everywhere, under a millimetre on that panel).
        #expect(abs(dense.tapMovementPx - 1.6 * Self.fourK) < 1e-9)
        #expect(abs(plain.tapMovementPx - 1.6 * 96 / 25.4) < 1e-9)
        #expect(
            abs(dense.edgeThicknessPx / dense.swipeDistancePx - plain.edgeThicknessPx / plain.swipeDistancePx) < 1e-9)
        // Defaults that are not lengths on the glass stay as they were.
        #expect(dense.touchpadSwipeDistancePx == RecognizerTunables().touchpadSwipeDistancePx)
        #expect(dense.repeatDistancePx == RecognizerTunables().repeatDistancePx)
    }

    @Test func aValueWrittenInPixelsStaysPixels() throws {
        let config = try loadValid(
            """
            [settings]
            tap-movement = "10px"
            """)
        #expect(config.settings.tunables(pixelsPerMillimeter: Self.fourK).tapMovementPx == 10)
    }
}
