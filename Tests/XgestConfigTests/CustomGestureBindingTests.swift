import Foundation
import Testing
import XgestCore

@testable import XgestConfig

/// `kind = "pattern"` (the gesture lock) and `kind = "scrub"` (the tickle): their keys,
/// each bad value's error, and a dry run of each.
@Suite struct CustomGestureBindingTests {
    /// The first diagnostic as `FILE:LINE:COLUMN: error: …`.
    func firstError(_ source: String) -> String {
        let result = load(source)
        #expect(result.configuration == nil)
        return String(result.renderedDiagnostics().split(separator: "\n").first ?? "")
    }

    func pattern(_ value: String) -> String {
        "[[gesture]]\nkind = \"pattern\"\npattern = \(value)\naction = \"key Super_L\"\n"
    }

    func scrub(_ line: String) -> String { "[[gesture]]\nkind = \"scrub\"\n\(line)\naction = \"key Escape\"\n" }

    @Test func readsAPatternWithItsFailureActionAndRegion() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "unlock"
            kind = "pattern"
            pattern = "1-2-3-6-9"
            region = { x = "25%", y = "25%", width = "50%", height = "50%" }
            on-failure = "key Escape"
            action = "key Return"
            """)
        let b = try #require(config.bindings.first)
        #expect(b.kind == .pattern)
        #expect(b.pattern == [1, 2, 3, 6, 9])
        #expect(b.failureAction?.text == "key Escape")
        #expect(b.conditions.region != nil)
        #expect(b.devices == [.touchscreen, .pointer])
    }

    @Test func readsAScrub() throws {
        let config = try loadValid(
            """
            [[gesture]]
            kind = "scrub"
            device = "pointer"
            button = 1
            direction = "vertical"
            reversals = 4
            scrub-duration = "1500ms"
            action = "key Escape"
            """)
        let b = try #require(config.bindings.first)
        #expect(b.kind == .scrub)
        #expect(b.direction == .vertical)
        #expect(b.reversals == 4)
        #expect(b.scrubDurationSeconds == 1.5)
        #expect(b.button == 1)
    }

    @Test func badPatternsArePreciseErrors() {
        #expect(
            firstError(pattern(#""1-1""#))
                == #"test.toml:3:11: error: cell 1 appears twice in pattern "1-1": a stroke visits each cell once"#)
        #expect(
            firstError(pattern(#""0-2""#))
                == #"test.toml:3:11: error: "0" is not a cell in pattern "0-2": expected cells 1 to 9 joined by "-", like "1-2-3-6-9""#
        )
        #expect(firstError(pattern(#""1-2-x""#)).hasPrefix(#"test.toml:3:11: error: "x" is not a cell in pattern"#))
        #expect(
            firstError(pattern(#""5""#))
                == #"test.toml:3:11: error: pattern "5" joins no cells: it needs at least two; expected cells 1 to 9 joined by "-", like "1-2-3-6-9""#
        )
        #expect(
            firstError(pattern(#""1-3""#))
                == #"test.toml:3:11: error: pattern "1-3" cannot be drawn: a stroke from 1 to 3 passes 2, which counts as visited (write 1-2-3)"#
        )
        #expect(firstError(pattern("12")).hasPrefix("test.toml:3:11: error: expected pattern as a string"))
        #expect(
            firstError("[[gesture]]\nkind = \"pattern\"\naction = \"key a\"\n")
                .hasPrefix("test.toml:1:1: error: [[gesture]] needs a pattern"))
        #expect(
            firstError(pattern(#""1-2" on-failure = "nonsense""#).replacingOccurrences(of: "\" on", with: "\"\non"))
                .hasPrefix("test.toml:4:14: error:"))
    }

    @Test func keysOfTheOtherKindAreRefused() {
        #expect(
            firstError("[[gesture]]\nkind = \"stroke\"\nshape = \"check\"\npattern = \"1-2\"\naction = \"key a\"\n")
                == "test.toml:4:11: error: pattern applies to kind pattern only")
        #expect(
            firstError(pattern(#""1-2""#) + "reversals = 3\n")
                == "test.toml:5:13: error: reversals applies to kind scrub only")
        #expect(
            firstError(scrub(#"on-failure = "key a""#))
                == "test.toml:3:14: error: on-failure applies to kind pattern only")
    }

    @Test func badScrubValuesArePreciseErrors() {
        #expect(
            firstError(scrub("reversals = 0")) == "test.toml:3:13: error: reversals must be between 1 and 20, found 0")
        #expect(
            firstError(scrub("reversals = 1000"))
                == "test.toml:3:13: error: reversals must be between 1 and 20, found 1000")
        #expect(
            firstError(scrub(#"scrub-duration = "20s""#))
                == #"test.toml:3:18: error: scrub-duration must be between 200ms and 10s, found "20s""#)
        #expect(
            firstError(scrub(#"direction = "left""#)).hasPrefix(#"test.toml:3:13: error: unknown direction "left""#))
        #expect(
            firstError(scrub(#"device = "touchpad""#)).hasPrefix(
                #"test.toml:3:10: error: kind "scrub" is not available"#))
    }

    @Test func aWrongPatternRunsOnFailureInADryRun() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "unlock"
            kind = "pattern"
            device = "touchscreen"
            pattern = "1-2-3-6-9"
            on-failure = "key Escape"
            action = "key Return"
            """)
        func stroke(_ points: [(Double, Double)]) -> [String] {
            var lines: [String] = []
            for (k, p) in points.enumerated() {
                let type = k == 0 ? "touch-begin" : "touch-update"
                lines.append(#"{"t":\#(Double(k) * 0.02),"dev":6,"type":"\#(type)","id":1,"x":\#(p.0),"y":\#(p.1)}"#)
            }
            let last = points.last ?? (0, 0)
            lines.append(
                #"{"t":\#(Double(points.count) * 0.02),"dev":6,"type":"touch-end","id":1,"x":\#(last.0),"y":\#(last.1)}"#
            )
            return lines
        }
        let right = stroke([(100, 100), (200, 100), (300, 100), (300, 200), (300, 300)])
        #expect(try dryRunActions(config, right) == ["unlock: key Return"])
        let wrong = stroke([(100, 100), (200, 100), (300, 100), (200, 200), (100, 300)])
        #expect(try dryRunActions(config, wrong) == ["unlock: key Escape"])
        #expect(try dryRun(config, wrong).first?.contains("gesture unlock pattern failed") == true)
        // A straight drag down (2-5-8 in a grid fitted to it) is no attempt at the pattern.
        let straight = stroke([(300, 100), (300, 200), (300, 300), (300, 400)])
        #expect(try dryRunActions(config, straight) == [])
    }

    @Test func aScrubRunsItsActionOnTheLastReversal() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "erase"
            kind = "scrub"
            device = "touchscreen"
            reversals = 3
            action = "key Escape"
            """)
        let xs = [500.0, 560, 620, 560, 500, 560, 620, 560, 500]
        var lines = xs.enumerated().map { k, x in
            #"{"t":\#(Double(k) * 0.04),"dev":6,"type":"\#(k == 0 ? "touch-begin" : "touch-update")","id":1,"x":\#(x),"y":500}"#
        }
        lines.append(#"{"t":0.4,"dev":6,"type":"touch-end","id":1,"x":500,"y":500}"#)
        #expect(try dryRunActions(config, lines) == ["erase: key Escape"])
        // Two reversals only (lifted where the last leg ended): nothing runs.
        let lift = #"{"t":0.3,"dev":6,"type":"touch-end","id":1,"x":560,"y":500}"#
        #expect(try dryRunActions(config, Array(lines.prefix(6)) + [lift]) == [])
    }
}

extension CustomGestureBindingTests {
    @Test func checkVerboseSaysWhatEachDoes() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "unlock"
            kind = "pattern"
            pattern = "1-2-3-6-9"
            on-failure = "key Escape"
            action = "key Return"
            [[gesture]]
            name = "erase"
            kind = "scrub"
            device = "pointer"
            direction = "vertical"
            reversals = 4
            action = "key Escape"
            """)
        #expect(
            config.bindingDescriptions == [
                "unlock: a touchscreen or pointer pattern 1-2-3-6-9 with button 3, anywhere: key Return; a wrong"
                    + " pattern: key Escape",
                "erase: a pointer scrub vertical turning back 4 times within 1s with button 3, anywhere: key Escape",
            ])
        #expect(
            config.bindingSet().touchscreenHolds == [
                "unlock: touchscreen: holds one-finger touches until they lift (less if they stay within 10 px for"
                    + " 300 ms)"
            ])
    }
}
