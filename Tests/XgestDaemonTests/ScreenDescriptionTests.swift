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

    /// A sequence's first `--debug` line names the monitor its gestures run on where that is
    /// a choice (two monitors, a touchscreen mapped to part of the root): an edge swipe
    /// that failed "not at the screen edge" did not say which monitor's edge. With one
    /// monitor over the root, nothing: every line would say the same.
    @Test func aSequencesMonitorIsNamedWhereThereIsAChoice() {
        let root = Rect(x: 0, y: 0, width: 3840, height: 1080)
        let laptop = Monitor(name: "laptop", rect: Rect(x: 0, y: 0, width: 1920, height: 1080), isPrimary: true)
        let external = Monitor(name: "external", rect: Rect(x: 1920, y: 0, width: 1280, height: 1024))
        let two = ScreenLayout(root: root, monitors: [laptop, external])
        let onExternal = two.area(device: 6, kind: .touchscreen, at: Point(x: 2500, y: 500))
        #expect(DebugTrace.monitorWords(onExternal, in: two) == "on monitor external (1280x1024+1920+0)")
        let whole = Monitor(name: "DUMMY0", rect: root, isPrimary: true)
        let one = ScreenLayout(root: root, monitors: [whole])
        #expect(
            DebugTrace.monitorWords(one.area(device: 6, kind: .touchscreen, at: Point(x: 2500, y: 500)), in: one) == nil
        )
        let mapped = ScreenLayout(
            root: root, monitors: [whole], touchscreenAreas: [6: Rect(x: 1920, y: 0, width: 1920, height: 1080)])
        let glass = mapped.area(device: 6, kind: .touchscreen, at: Point(x: 2500, y: 500))
        #expect(DebugTrace.monitorWords(glass, in: mapped) == "on monitor DUMMY0 (1920x1080+1920+0)")
        let gone = ScreenLayout(
            root: root, monitors: [], touchscreenAreas: [6: Rect(x: 1920, y: 0, width: 1080, height: 1080)])
        let left = gone.area(device: 6, kind: .touchscreen, at: Point(x: 2500, y: 500))
        #expect(DebugTrace.monitorWords(left, in: gone) == "on 1080x1080+1920+0 of the screen")
    }
}
