import Testing
import XgestCore

@testable import XgestConfig

/// A touchscreen stroke or pattern holds a finger only once it has moved
/// `stroke-start-distance` (a length on the glass) within the start window; a finger that
/// rests, wobbling less, goes back to the application when the window ends, whatever the
/// screen's density.
@Suite struct StrokeStartDistanceTests {
    static let config = """
        [[gesture]]
        name = "finger-check"
        kind = "stroke"
        device = "touchscreen"
        shape = "check"
        action = "key F5"

        [[gesture]]
        name = "finger-lock"
        kind = "pattern"
        device = "touchscreen"
        pattern = "1-5-9"
        action = "key c"
        """

    /// 96 dpi, and a 2-in-1's 13-inch 1920×1080 panel at about 170 dpi, and a 14-inch 4K
    /// panel at 315 dpi.
    static let densities = [96.0 / 25.4, 1920.0 / 293, 3840.0 / 309]

    /// A finger resting 600 ms at (400, 500), wobbling `wobblePx` to the right and back
    /// every 20 ms, as a resting fingertip rolls.
    static func restingFinger(wobblePx: Double) -> [String] {
        var lines = [BindingSettingsTests.touch("begin", 1, 400, 0)]
        for k in 1..<30 {
            lines.append(BindingSettingsTests.touch("update", 1, k % 2 == 1 ? 400 + wobblePx : 400, Double(k) * 0.02))
        }
        lines.append(BindingSettingsTests.touch("end", 1, 400, 0.6))
        return lines
    }

    /// When the finger's sequence was decided, in seconds from its first touch (at 0).
    static func decisionTimes(_ c: XgestConfiguration, pixelsPerMillimeter ppm: Double, _ lines: [String]) throws
        -> [Double]
    {
        let trace = try TraceDecoder.read(traceText(lines))
        let report = try DryRun.report(trace, bindings: c.bindingSet(pixelsPerMillimeter: ppm), explain: true)
        return report.records.compactMap { r in
            guard case .explanation(.ownership(let d)) = r else { return nil }
            return d.time.seconds
        }
    }

    @Test func theDefaultIsTheSameLengthOnEveryScreen() throws {
        let c = try loadValid(Self.config)
        for ppm in Self.densities {
            let set = c.bindingSet(pixelsPerMillimeter: ppm)
            #expect(abs(set.tunables.strokeStartDistancePx - 2.6 * ppm) < 1e-9)
            let regs = set.registrations()
            let stroke = try #require(regs.first { $0.name == "finger-check" }?.recognizer as? StrokeRecognizer)
            #expect(abs(stroke.settings.startMovementPx - 2.6 * ppm) < 1e-9)
            let pattern = try #require(regs.first { $0.name == "finger-lock" }?.recognizer as? PatternRecognizer)
            #expect(abs(pattern.settings.startMovementPx - 2.6 * ppm) < 1e-9)
        }
    }

    /// A fingertip wobbling 1.5 mm (under `tap-movement`, 1.6 mm) is a resting finger: it
    /// goes back at the end of the 300 ms start window on every screen. With the start
    /// distance at 10 px, the 4K panel held it until it lifted: 1.5 mm is 19 px there.
    @Test func aRestingFingerGoesBackWhenTheStartWindowEndsOnEveryScreen() throws {
        let c = try loadValid(Self.config)
        for ppm in Self.densities {
            let times = try Self.decisionTimes(c, pixelsPerMillimeter: ppm, Self.restingFinger(wobblePx: 1.5 * ppm))
            #expect(times.count == 1, "at \(ppm) px/mm: \(times)")
            let t = try #require(times.first)
            #expect(t >= 0.3 && t < 0.33, "at \(ppm) px/mm the resting finger was decided at \(t) s")
        }
    }

    /// A finger that sets off at once is held as a stroke, past the start window.
    @Test func aFingerThatSetsOffIsHeldOnEveryScreen() throws {
        let c = try loadValid(Self.config)
        for ppm in Self.densities {
            let times = try Self.decisionTimes(c, pixelsPerMillimeter: ppm, Self.restingFinger(wobblePx: 3 * ppm))
            let t = try #require(times.first, "at \(ppm) px/mm")
            #expect(t >= 0.6, "at \(ppm) px/mm the moving finger was decided at \(t) s")
        }
    }

    @Test func aValueWrittenInPixelsOrForOneBinding() throws {
        let c = try loadValid(
            """
            [settings]
            stroke-start-distance = "14px"

            [[gesture]]
            name = "finger-check"
            kind = "stroke"
            device = "touchscreen"
            shape = "check"
            stroke-start-distance = "4mm"
            action = "key F5"

            [[gesture]]
            name = "finger-v"
            kind = "stroke"
            device = "touchscreen"
            shape = "v"
            action = "key c"
            """)
        let set = c.bindingSet(pixelsPerMillimeter: 10)
        let regs = set.registrations()
        let check = try #require(regs.first { $0.name == "finger-check" }?.recognizer as? StrokeRecognizer)
        let v = try #require(regs.first { $0.name == "finger-v" }?.recognizer as? StrokeRecognizer)
        #expect(check.settings.startMovementPx == 40)
        #expect(v.settings.startMovementPx == 14)
    }

    /// The pointer's start stays in pixels: a mouse's pixels are not a length on the glass.
    @Test func thePointersStartIsUnchanged() throws {
        let c = try loadValid(
            """
            [[gesture]]
            name = "mouse-check"
            kind = "stroke"
            device = "pointer"
            shape = "check"
            action = "key F5"
            """)
        let regs = c.bindingSet(pixelsPerMillimeter: 3840.0 / 309).registrations()
        let mouse = try #require(regs.first?.recognizer as? StrokeRecognizer)
        #expect(mouse.settings.startMovementPx == StrokeSettings(shape: "check").startMovementPx)
    }
}
