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
