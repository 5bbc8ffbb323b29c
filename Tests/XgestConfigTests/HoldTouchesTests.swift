import Testing
import XgestCore

@testable import XgestConfig

/// `hold-touches`: a binding's own finger-landing window, and what `xgest check` says it costs.
@Suite struct HoldTouchesTests {
    @Test func setsTheBindingsLandingWindowAndItsCost() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "two-tap"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            hold-touches = "30ms"
            action = "click 1"
            """)
        #expect(config.bindings.first?.holdTouchesSeconds == 0.03)
        // While the second finger is awaited a finger may move finger-landing-movement, 1 mm
        // (4 px at 96 dpi); once both are down, the tap's own tap-movement, 1.6 mm (6 px).
        #expect(
            config.bindingSet().touchscreenHolds == [
                "two-tap: touchscreen: holds one-finger touches up to 30 ms (less if they move 4 px); two-finger "
                    + "touches until they lift or move 6 px (up to 1 s)"
            ])
    }

    /// `finger-landing-movement` sets how far a finger may move while the others are
    /// awaited, for every multi-finger binding, apart from the tap's own movement limit.
    @Test func fingerLandingMovementSetsTheLoneFingerSlop() throws {
        let config = try loadValid(
            """
            [settings]
            finger-landing-movement = "2mm"

            [[gesture]]
            name = "two-tap"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "click 1"

            [[gesture]]
            name = "swipe-3"
            kind = "swipe"
            device = "touchscreen"
            fingers = 3
            action = "click 1"
            """)
        // 2 mm at 96 dpi is 7.6 px; the tap's own limit stays tap-movement's 6 px.
        let holds = config.bindingSet().touchscreenHolds
        #expect(holds.count == 2)
        #expect(
            holds.first
                == "two-tap: touchscreen: holds one-finger touches up to 50 ms (less if they move 8 px); two-finger "
                + "touches until they lift or move 6 px (up to 1 s)")
        #expect(
            holds.last?.hasPrefix(
                "swipe-3: touchscreen: holds one- to two-finger touches up to 50 ms after each landing, 200 ms in all "
                    + "(less if they move 8 px)") == true)
    }

    /// A global binding holds nothing in the windows of a section that disables it (its
    /// touches go back at once) or replaces it (the section's binding holds them, and its
    /// line says so): its line names them, as a touchpad binding's does.
    @Test func aGlobalBindingsLineNamesTheSectionsWhereItHoldsNothing() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "glob-tap2"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "click 2"

            [[gesture]]
            name = "glob-ctrlt"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            action = "key ctrl+t"

            [[app]]
            class = "Gedit"
            [[app.gesture]]
            name = "gedit-tap2"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "click 3"

            [[app]]
            class = "XTerm"
            disable = ["glob-*"]
            """)
        let set = config.bindingSet()
        let holds =
            "holds one-finger touches up to 50 ms (less if they move 4 px); two-finger touches until they lift or "
            + "move 6 px (up to 1 s)"
        #expect(
            set.touchscreenHolds == [
                #"gedit-tap2: touchscreen in class "Gedit" windows: "# + holds,
                #"glob-tap2: touchscreen, except in class "Gedit" and class "XTerm" windows: "# + holds,
            ])
        #expect(
            set.touchpadCosts == [
                #"glob-ctrlt: global touchpad swipe: applications get no 3-finger touchpad swipes, except in class "XTerm" windows"#
            ])
    }

    /// A binding with a `monitor`, `region` or `edge` condition is offered only touches
    /// starting where it applies, and holds nothing of others: its line says where, as a
    /// touchpad binding's does.
    @Test func aConditionedBindingsLineSaysWhereItsTouchesStart() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "side-swipe"
            kind = "swipe"
            device = "touchscreen"
            fingers = 3
            monitor = "HDMI-*"
            action = "click 1"

            [[gesture]]
            name = "corner-tap"
            kind = "tap"
            device = "touchscreen"
            region = { x = 0, y = 0, width = "50%", height = "100%" }
            edge = "top"
            action = "click 1"
            """)
        let holds = config.bindingSet().touchscreenHolds
        #expect(holds.count == 2)
        #expect(holds.first?.hasSuffix("up to 600 ms; only touches starting on monitor HDMI-*") == true, "\(holds)")
        #expect(
            holds.last
                == "corner-tap: touchscreen: holds one-finger touches until they lift or move 6 px (up to 1 s); "
                + "only touches starting in its region and at the top edge")
    }

    @Test func isRefusedOnAGestureThatWaitsForNoFingers() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "edge"
            direction = "left"
            hold-touches = 1️⃣"30ms"
            action = "click 1"
            """,
            """
            test.toml:4:16: error: hold-touches applies to touchscreen taps, long presses, pans, swipes, pinches and \
            rotations: they wait for their fingers to land
            hold-touches = "30ms"
                           ^~~~~~
            """)
    }

    @Test func isRefusedBeyondItsLimit() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "swipe"
            device = "touchscreen"
            fingers = 3
            hold-touches = 1️⃣"2s"
            action = "click 1"
            """,
            """
            test.toml:5:16: error: hold-touches must be between 0s and 400ms, found "2s"
            hold-touches = "2s"
                           ^~~~
            """)
    }

    @Test func cancelsTouchesFalseHoldsNothingAndRegistersASharingRecognizer() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "scribble"
            kind = "pan"
            device = "touchscreen"
            cancels-touches = false
            on = "update"
            action = "exec true"
            """)
        #expect(config.bindings.first?.cancelsTouches == false)
        #expect(
            config.bindingSet().touchscreenHolds == [
                "scribble: touchscreen: holds nothing (cancels-touches = false: applications get its touches at once, "
                    + "and it watches them too)"
            ])
        #expect(config.bindingSet().registrations().map(\.sharesTouches) == [true])
    }

    @Test func cancelsTouchesIsRefusedWhereNoTouchIsHeld() {
        expectSchemaDiagnostics(
            """
            [[gesture]]
            kind = "swipe"
            device = "touchpad"
            1️⃣cancels-touches = false
            action = "desktop next"
            """,
            """
            test.toml:4:1: error: cancels-touches applies to touchscreen gestures: a touchpad gesture or a pointer \
            press is either the binding's or the application's
            cancels-touches = false
            ^~~~~~~~~~~~~~~
            """)
    }
}
