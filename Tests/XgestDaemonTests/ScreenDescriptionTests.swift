import Testing
import XgestCore
import XgestDaemon

/// How `--debug` writes a monitor's or a touchscreen's rectangle: as X writes geometry.
@Suite struct ScreenDescriptionTests {
    /// A calibrated matrix's floats (1.05 is 1.0499999523 as a float) land a hair off
    /// whole pixels, and its box can start left of the root: WxH-X-Y, as xrandr prints it.
    @Test func aRectangleIsWrittenAsXWritesGeometry() {
        let calibrated = Rect(x: -48.00000071525574, y: -27, width: 2015.9999084472656, height: 1133.9999485015869)
        #expect(ScreenTracking.describe(calibrated) == "2016x1134-48-27")
        #expect(ScreenTracking.describe(Rect(x: 1920, y: 0, width: 960, height: 1080)) == "960x1080+1920+0")
        #expect(ScreenTracking.describe(Rect(x: 0.5, y: -0.25, width: 959.5, height: 1080)) == "959.5x1080+0.5-0.25")
    }
}
