import Testing
import XgestCore

@testable import XgestConfig

/// `kind = "stroke"` with a `shape`: the schema's checks, the recognizers it becomes,
/// and the stroke settings.
@Suite struct StrokeBindingTests {
    @Test func aShapeOnThePointerAndOnTheTouchscreen() throws {
        let c = try loadValid(
            """
            [settings]
            stroke-threshold = 0.8
            stroke-min-length = "20mm"
            stroke-max-duration = "4s"
            [[gesture]]
            name = "mouse-check"
            kind = "stroke"
            device = "pointer"
            shape = "check"
            button = 2
            modifiers = ["super"]
            action = "key F5"
            [[gesture]]
            name = "finger-circle"
            kind = "stroke"
            device = "touchscreen"
            shape = "circle-cw"
            action = "key a"
            [[gesture]]
            name = "both"
            kind = "stroke"
            shape = "v"
            action = "key c"
            """)
        #expect(c.bindings.map(\.shape) == ["check", "circle-cw", "v"])
        #expect(c.bindings[2].devices == [.touchscreen, .pointer])
        let set = c.bindingSet(pixelsPerMillimeter: 4)
        let regs = set.registrations()
        #expect(regs.map(\.name) == ["mouse-check", "finger-circle", "both@touchscreen", "both@pointer"])
        // What the feedback label calls each: the binding's name as written.
        #expect(
            set.bindingNamesByRegistration == [
                "mouse-check": "mouse-check", "finger-circle": "finger-circle", "both@touchscreen": "both",
                "both@pointer": "both",
            ])
        let mouse = try #require(regs[0].recognizer as? StrokeRecognizer)
        #expect(mouse.settings.shape == "check")
        #expect(mouse.settings.input == .pointer(StrokeCaptureSettings(button: 2, modifiers: .super)))
        #expect(mouse.settings.rejectionThreshold == 0.8)
        #expect(mouse.settings.minimumStrokeLengthPx == 80)
        #expect(mouse.settings.maximumDurationSeconds == 4)
        #expect(mouse.classifier.settings.rejectionThreshold == 0.8)
        let finger = try #require(regs[1].recognizer as? StrokeRecognizer)
        #expect(finger.settings.input == .touchscreen)
        #expect(regs[3].recognizer is StrokeRecognizer)
        // The pointer stroke checks its modifiers at the press; nothing waits for the begin.
        #expect(regs[0].shouldBegin == nil)
    }

    @Test func userTemplatesAreBindableAndShareOneClassifier() throws {
        let zed = StrokeTemplateFile(
            name: "zed", rotationToleranceRadians: 0.3,
            samples: [[Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)]])
        let classifier = StrokeClassifier(templates: BuiltInStrokes.templates + zed.templates)
        let source = """
            [[gesture]]
            kind = "stroke"
            device = "touchscreen"
            shape = "zed"
            action = "key F5"
            """
        let unknown = load(source)
        #expect(unknown.configuration == nil)
        let result = XgestConfiguration.load(
            source: source, file: "test.toml", isKnownKeysym: isTestKeysym, strokeShapes: classifier.names)
        let config = try #require(result.configuration, "\(result.renderedDiagnostics())")
        let set = config.bindingSet(strokeClassifier: classifier)
        let r = try #require(set.registrations().first?.recognizer as? StrokeRecognizer)
        #expect(r.classifier.names.contains("zed"))
        #expect(r.classifier.templateCount == classifier.templateCount)
    }

    @Test func unknownShapeWithASuggestion() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "stroke"
            shape = 1️⃣"chek"
            action = "key F5"
            """,
            """
            test.toml:3:9: error: unknown shape "chek" (did you mean "check"?); expected a built-in shape or a template of the strokes directory: check, x, circle, circle-cw, circle-ccw, triangle, rectangle, caret, v, zig-zag, arrow, left-bracket, right-bracket, left-brace, right-brace, star, pigtail, delete
            shape = "chek"
                    ^~~~~~
            """)
    }

    @Test func aMisspelledCircleSuggestsTheCircleEitherWay() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "stroke"
            shape = 1️⃣"circl"
            action = "key F5"
            """,
            """
            test.toml:3:9: error: unknown shape "circl" (did you mean "circle"?); expected a built-in shape or a template of the strokes directory: check, x, circle, circle-cw, circle-ccw, triangle, rectangle, caret, v, zig-zag, arrow, left-bracket, right-bracket, left-brace, right-brace, star, pigtail, delete
            shape = "circl"
                    ^~~~~~~
            """)
    }

    @Test func shapeAndDirectionRules() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "stroke"
            shape = "check"
            direction = 1️⃣"left"
            action = "key F5"
            2️⃣[[gesture]]
            kind = "stroke"
            action = "key F5"
            [[gesture]]
            kind = "swipe"
            shape = 3️⃣"check"
            action = "key F5"
            [[gesture]]
            kind = "stroke"
            device = 4️⃣"touchscreen"
            direction = "left"
            action = "key F5"
            [[gesture]]
            kind = "stroke"
            device = "touchscreen"
            shape = "v"
            button = 5️⃣2
            action = "key F5"
            """,
            """
            test.toml:4:13: error: a stroke takes a shape or a direction, not both: the shape already says how it is drawn
            direction = "left"
                        ^~~~~~
            test.toml:6:1: error: [[gesture]] needs a shape (check, x, circle, …) or a direction for kind "stroke"
            [[gesture]]
            ^~~~~~~~~~~
            test.toml:11:9: error: shape applies to kind stroke only
            shape = "check"
                    ^~~~~~~
            test.toml:15:10: error: a stroke on a touchscreen needs a shape (shape = "check", …): a direction alone is judged on pointer strokes only
            device = "touchscreen"
                     ^~~~~~~~~~~~~
            test.toml:22:10: error: button applies to pointer strokes only: on a touchscreen a stroke is drawn with one finger
            button = 2
                     ^
            """)
    }

    @Test func strokeSettingsAreChecked() {
        expectSchemaDiagnostics(
            """
            [settings]
            stroke-threshold = 1️⃣1.5
            stroke-min-length = 2️⃣"1km"
            stroke-max-duration = 3️⃣"100ms"
            """,
            """
            test.toml:2:20: error: stroke-threshold must be between 0 and 1, found 1.5
            stroke-threshold = 1.5
                               ^~~
            test.toml:3:21: error: unknown distance unit "km" in "1km" (did you mean "mm"?) (use px, mm)
            stroke-min-length = "1km"
                                ^~~~~
            test.toml:4:23: error: stroke-max-duration must be between 500ms and 30s, found "100ms"
            stroke-max-duration = "100ms"
                                  ^~~~~~~
            """)
    }

    /// A check mark drawn with one finger, from a trace: the binding fires; a straight
    /// drag does not.
    @Test func aTouchscreenCheckFiresInADryRun() throws {
        let c = try loadValid(
            """
            [[gesture]]
            name = "done"
            kind = "stroke"
            device = "touchscreen"
            shape = "check"
            action = "key F5"
            """)
        func stroke(_ points: [(Double, Double)], at t0: Double) -> [String] {
            var lines: [String] = []
            for (k, p) in points.enumerated() {
                let type = k == 0 ? "touch-begin" : k == points.count - 1 ? "touch-end" : "touch-update"
                lines.append(
                    #"{"t":\#(t0 + Double(k) * 0.02),"dev":6,"type":"\#(type)","id":1,"x":\#(p.0),"y":\#(p.1)}"#)
            }
            return lines
        }
        // The built-in check's proportions, three times its size: down-right, then a long way up-right.
        var check: [(Double, Double)] = []
        for k in 0...6 { check.append((500 + Double(k) * 15, 665 + Double(k) * 17.5)) }
        for k in 1...14 { check.append((590 + Double(k) * 15, 770 - Double(k) * 270 / 14)) }
        let drag = (0...20).map { (500 + Double($0) * 20, 500.0) }
        #expect(try dryRunActions(c, stroke(check, at: 1) + stroke(drag, at: 3)) == ["done: key F5"])
        // The text lines say how each stroke was classified, before the gesture and the action.
        let lines = try dryRun(c, stroke(check, at: 1) + stroke(drag, at: 3))
        #expect(lines.count == 4, "\(lines)")
        #expect(lines.first?.hasPrefix("1.400000 stroke done shape matched: accepted: check ") == true, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("1.400000 gesture done stroke recognized") == true)
        #expect(
            lines.last?.hasPrefix("3.400000 stroke done shape not matched: best score below the threshold: ") == true)
        let trace = try TraceDecoder.read(traceText(stroke(drag, at: 3)))
        let json = try DryRun.run(trace, bindings: c.bindingSet()).map(\.jsonLine)
        #expect(json.count == 1)
        #expect(
            json.first?.hasPrefix(
                #"{"t":3.4,"kind":"stroke","binding":"done","matched":false,"verdict":"below-threshold","matches":[{"name":"#
            )
                == true, "\(json)")
    }
}
