import Testing
import XgestCore

@testable import XgestConfig

/// A `[settings]` key written in a binding sets that binding's recognizer only (UIKit's
/// per-recognizer properties), with the same units, limits and errors; `enabled = false`
/// keeps a binding checked but idle.
@Suite struct BindingSettingsTests {
    static func touch(_ type: String, _ id: Int, _ x: Double, _ t: Double) -> String {
        #"{"t":\#(t),"dev":6,"type":"touch-\#(type)","id":\#(id),"x":\#(x),"y":500}"#
    }

    /// A finger held 600 ms at `x`.
    static func hold(at x: Double, id: Int, from t: Double) -> [String] {
        [touch("begin", id, x, t), touch("end", id, x, t + 0.6)]
    }

    static let twoPresses = """
        [settings]
        long-press-duration = "500ms"

        [[gesture]]
        name = "slow-press"
        kind = "long-press"
        device = "touchscreen"
        long-press-duration = "800ms"
        region = { x = "0%", y = "0%", width = "50%", height = "100%" }
        action = "key a"

        [[gesture]]
        name = "press"
        kind = "long-press"
        device = "touchscreen"
        region = { x = "50%", y = "0%", width = "50%", height = "100%" }
        action = "key c"
        """

    @Test func aBindingsOwnValueOverridesTheGlobalOneForItAlone() throws {
        let c = try loadValid(Self.twoPresses)
        let set = c.bindingSet()
        #expect(set.tunables.longPressDurationSeconds == 0.5)
        #expect(set.tunables(forBinding: 0).longPressDurationSeconds == 0.8)
        #expect(set.tunables(forBinding: 1).longPressDurationSeconds == 0.5)
        // Held 600 ms: long enough for the global 500 ms, not for the binding's own 800 ms.
        let actions = try dryRunActions(c, Self.hold(at: 400, id: 1, from: 0) + Self.hold(at: 1400, id: 2, from: 1))
        #expect(actions == ["press: key c"])
    }

    @Test func millimetresAreConvertedAtTheScreensDensity() throws {
        let c = try loadValid(
            """
            [[gesture]]
            name = "far-swipe"
            kind = "swipe"
            device = "touchscreen"
            fingers = 3
            direction = "left"
            swipe-distance = "20mm"
            action = "key a"
            """)
        let ppm = 4.0
        let set = c.bindingSet(pixelsPerMillimeter: ppm)
        #expect(set.tunables(forBinding: 0).swipeDistancePx == 80)
        // The fast distance stays at least the slow one.
        #expect(set.tunables(forBinding: 0).swipeFastDistancePx >= 80)
    }

    @Test func aBadValueIsReportedWhereItIsWithTheSettingsLimits() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "long-press"
            device = "touchscreen"
            long-press-duration = 1️⃣"20s"
            action = "click 1"
            """,
            """
            test.toml:4:23: error: long-press-duration must be between 50ms and 10s, found "20s"
            long-press-duration = "20s"
                                  ^~~~~
            """)
    }

    @Test func aDisabledBindingIsCheckedButWatchesNothing() throws {
        let c = try loadValid(
            """
            [[gesture]]
            name = "press"
            kind = "long-press"
            device = "touchscreen"
            enabled = false
            action = "key c"
            """)
        #expect(c.bindings.first?.isEnabled == false)
        #expect(c.bindingSet().registrations().isEmpty)
        #expect(c.bindingSet().touchscreenHolds.isEmpty)
        #expect(try dryRunActions(c, Self.hold(at: 400, id: 1, from: 0)).isEmpty)
    }

    @Test func noSettingIsNamedLikeABindingKey() {
        let bindingKeys = Set(BindingKey.allCases.map(\.rawValue))
        #expect(SettingKey.allCases.filter { bindingKeys.contains($0.rawValue) }.isEmpty)
    }
}

/// `min-fingers` and `max-fingers`: a pan over a range of finger counts (UIKit's
/// `minimumNumberOfTouches` and `maximumNumberOfTouches`).
@Suite struct PanFingerRangeTests {
    static let config = """
        [[gesture]]
        name = "scroll"
        kind = "pan"
        device = "touchscreen"
        min-fingers = 2
        max-fingers = 3
        action = "key c"
        """

    /// `n` fingers 40 px apart at x = 300 + 400·k, moving down 100 px over 100 ms.
    static func pan(fingers n: Int, from t: Double, firstID: Int) -> [String] {
        let x0 = 300 + Double(firstID) * 100
        var lines: [String] = []
        for f in 0..<n {
            lines.append(
                #"{"t":\#(t),"dev":6,"type":"touch-begin","id":\#(firstID + f),"x":\#(x0 + Double(f) * 40),"y":300}"#)
        }
        for step in 1...10 {
            for f in 0..<n {
                let y = 300 + Double(step * 10)
                lines.append(
                    #"{"t":\#(t + 0.01 * Double(step)),"dev":6,"type":"touch-update","id":\#(firstID + f),"x":\#(x0 + Double(f) * 40),"y":\#(y)}"#
                )
            }
        }
        for f in 0..<n {
            lines.append(
                #"{"t":\#(t + 0.12),"dev":6,"type":"touch-end","id":\#(firstID + f),"x":\#(x0 + Double(f) * 40),"y":400}"#
            )
        }
        return lines
    }

    @Test func aPanTakesEveryFingerCountInItsRange() throws {
        let c = try loadValid(Self.config)
        #expect(c.bindings.first?.panFingerRange == 2...3)
        for (n, fires) in [(1, false), (2, true), (3, true), (4, false)] {
            let actions = try dryRunActions(c, Self.pan(fingers: n, from: 0, firstID: 1))
            #expect(actions == (fires ? ["scroll: key c"] : []), "\(n) fingers")
        }
    }

    @Test func theRangeIsCheckedWhereItIsWritten() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "pan"
            device = "touchscreen"
            min-fingers = 3
            max-fingers = 1️⃣2
            action = "click 1"
            """,
            """
            test.toml:5:15: error: min-fingers (3) must not be more than max-fingers (2)
            max-fingers = 2
                          ^
            """)
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "swipe"
            device = "touchscreen"
            min-fingers = 1️⃣2
            action = "click 1"
            """,
            """
            test.toml:4:15: error: min-fingers applies to a pan only; other gestures take exactly fingers
            min-fingers = 2
                          ^
            """)
    }
}

/// `prevents` and `prevented-by` name other bindings, checked like `requires-failure-of`.
@Suite struct PreventionConfigTests {
    @Test func namesAreReadAndChecked() throws {
        let c = try loadValid(
            """
            [[gesture]]
            name = "scroll"
            kind = "pan"
            device = "touchscreen"
            prevents = []
            action = "key c"

            [[gesture]]
            name = "menu"
            kind = "long-press"
            device = "touchscreen"
            prevented-by = ["scroll"]
            action = "click 3"
            """)
        #expect(c.bindings[0].prevents == [])
        #expect(c.bindings[0].preventedBy == nil)
        #expect(c.bindings[1].preventedBy == ["scroll"])
        #expect(c.bindingSet().registrations().first?.prevents == [])
        expectSchemaDiagnostics(
            """
            [[gesture]]
            name = "scroll"
            kind = "pan"
            device = "touchscreen"
            prevents = [1️⃣"scrol"]
            action = "key c"
            """,
            """
            test.toml:5:13: error: no binding is named "scrol" (did you mean "scroll"?)
            prevents = ["scrol"]
                        ^~~~~~~
            """)
    }
}
