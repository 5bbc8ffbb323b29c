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
        // The start of a finger stroke, and the swipe speeds (mm/s): a swipe drawn at one
        // speed on the glass is as fast on both panels.
        #expect(abs(dense.strokeStartDistancePx - 2.6 * Self.fourK) < 1e-9)
        // A drawing's least size: 50 px at 96 dpi as before, and as large on the 4K panel.
        #expect(abs(plain.strokeMinimumLengthPx - 49.9) < 0.05)
        #expect(abs(dense.strokeMinimumLengthPx - 13.2 * Self.fourK) < 1e-9)
        #expect(abs(dense.swipeSpeedPxPerSecond - 40 * Self.fourK) < 1e-9)
        #expect(abs(dense.swipeFastSpeedPxPerSecond - 265 * Self.fourK) < 1e-9)
        #expect(
            abs(
                plain.swipeFastSpeedPxPerSecond / plain.swipeDistancePx * dense.swipeDistancePx
                    - dense.swipeFastSpeedPxPerSecond) < 1e-6)
        // A repeating pan's step, as before at 96 dpi.
        #expect(abs(plain.repeatDistancePx - 49.9) < 0.05)
        #expect(abs(dense.repeatDistancePx - 13.2 * Self.fourK) < 1e-9)
        // Defaults that are not lengths on the glass stay as they were: X does not say how
        // large a touchpad is.
        #expect(dense.touchpadSwipeDistancePx == RecognizerTunables().touchpadSwipeDistancePx)
        #expect(dense.touchpadRepeatDistancePx == RecognizerTunables().touchpadRepeatDistancePx)
    }

    @Test func aValueWrittenInPixelsStaysPixels() throws {
        let config = try loadValid(
            """
            [settings]
            tap-movement = "10px"
            """)
        #expect(config.settings.tunables(pixelsPerMillimeter: Self.fourK).tapMovementPx == 10)
    }

    /// The bindings whose actions run, in order, for trace `lines` replayed with `config`
    /// at `ppm` px/mm.
    static func actions(_ config: XgestConfiguration, _ lines: [String], ppm: Double) throws -> [String] {
        let trace = try TraceDecoder.read(traceText(lines))
        return try DryRun.run(trace, bindings: config.bindingSet(pixelsPerMillimeter: ppm)).compactMap { r in
            if case .action(let a) = r { return a.invocation.binding }
            return nil
        }
    }

    /// The actions of a one-finger drag to the right at `millimetersPerSecond` for 500 ms,
    /// on a screen of `ppm` px/mm, under a one-finger swipe right.
    static func swipeActions(millimetersPerSecond speed: Double, ppm: Double) throws -> [String] {
        let config = try loadValid(
            """
            [[gesture]]
            name = "swipe-right"
            kind = "swipe"
            device = "touchscreen"
            direction = "right"
            action = "key a"
            """)
        var lines = [BindingSettingsTests.touch("begin", 1, 200, 0)]
        for k in 1...50 {
            let t = Double(k) * 0.01
            lines.append(BindingSettingsTests.touch(k == 50 ? "end" : "update", 1, 200 + speed * ppm * t, t))
        }
        return try Self.actions(config, lines, ppm: ppm)
    }

    /// A drag at 20 mm/s is too slow for a swipe on every screen, and one at 100 mm/s is a
    /// swipe on every screen. In px/s (150 px/s) the 4K panel took the slow drag for a
    /// swipe: 20 mm/s is 249 px/s there.
    @Test func aSwipesSpeedIsASpeedOnTheGlass() throws {
        for ppm in [Settings.defaultPixelsPerMillimeter, Self.fourK] {
            #expect(try Self.swipeActions(millimetersPerSecond: 20, ppm: ppm).isEmpty, "at \(ppm) px/mm")
            #expect(try Self.swipeActions(millimetersPerSecond: 100, ppm: ppm) == ["swipe-right"], "at \(ppm) px/mm")
        }
    }

    /// The stroke bindings' actions for a check mark drawn with one finger, `widthPx` wide,
    /// on a screen of `ppm` px/mm.
    static func checkActions(widthPx: Double, ppm: Double) throws -> [String] {
        let config = try loadValid(
            """
            [[gesture]]
            name = "check"
            kind = "stroke"
            device = "touchscreen"
            shape = "check"
            action = "key a"
            """)
        let scale = widthPx / 100
        let corners = [(0.0, 55.0), (30.0, 90.0), (100.0, 0.0)].map {
            Point(x: 400 + $0.0 * scale, y: 300 + $0.1 * scale)
        }
        let path = (0...40).map { k -> Point in
            let u = Double(k) / 40 * 2
            let i = min(1, Int(u))
            let f = u - Double(i)
            return Point(
                x: corners[i].x + (corners[i + 1].x - corners[i].x) * f,
                y: corners[i].y + (corners[i + 1].y - corners[i].y) * f)
        }
        let lines = path.enumerated().map { k, p in
            let type = k == 0 ? "begin" : k == path.count - 1 ? "end" : "update"
            return #"{"t":\#(Double(k) * 0.01),"dev":6,"type":"touch-\#(type)","id":1,"x":\#(p.x),"y":\#(p.y)}"#
        }
        return try Self.actions(config, lines, ppm: ppm)
    }

    /// A check mark 75 px wide (a path of about 120 px) is a stroke at 96 dpi, where it is
    /// 20 mm wide, and no stroke on the 4K panel, where it is 6 mm wide: `stroke-min-length`
    /// is 13.2 mm of path, 50 px at 96 dpi and 164 px there. In pixels, the 4K panel took
    /// it for a check.
    @Test func aStrokesLeastLengthIsALengthOnTheScreen() throws {
        #expect(try Self.checkActions(widthPx: 75, ppm: Settings.defaultPixelsPerMillimeter) == ["check"])
        #expect(try Self.checkActions(widthPx: 75, ppm: Self.fourK) == [])
        // Drawn as large on the glass (20 mm), it is a check there too.
        #expect(
            try Self.checkActions(widthPx: 75 * Self.fourK / Settings.defaultPixelsPerMillimeter, ppm: Self.fourK) == [
                "check"
            ])
    }

    /// The actions of a repeating one-finger pan dragged `millimeters` to the right, on a
    /// screen of `ppm` px/mm.
    static func panSteps(millimeters: Double, ppm: Double) throws -> [String] {
        let config = try loadValid(
            """
            [[gesture]]
            name = "volume"
            kind = "pan"
            device = "touchscreen"
            action = "key a"
            repeat = true
            """)
        var lines = [BindingSettingsTests.touch("begin", 1, 200, 0)]
        for k in 1...40 {
            let t = Double(k) * 0.02
            lines.append(
                BindingSettingsTests.touch(k == 40 ? "end" : "update", 1, 200 + millimeters * ppm * Double(k) / 40, t))
        }
        return try Self.actions(config, lines, ppm: ppm)
    }

    /// A repeating pan of 45 mm steps as often on the 4K panel as at 96 dpi: once per
    /// 13.2 mm from its start, the first at the begin. In pixels (50) it stepped 11 times
    /// on the panel.
    @Test func aRepeatingPansStepIsALengthOnTheGlass() throws {
        let plain = try Self.panSteps(millimeters: 45, ppm: Settings.defaultPixelsPerMillimeter)
        #expect(plain.count == 3, "\(plain)")
        #expect(try Self.panSteps(millimeters: 45, ppm: Self.fourK) == plain)
    }
}
