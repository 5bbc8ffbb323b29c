import Testing
import XgestCore

@testable import XgestConfig

/// Which touchpad gestures a config grabs, which it keeps when they begin, and what
/// `xgest check` says they cost.
@Suite struct TouchpadClaimsTests {
    static let screen = Rect(x: 0, y: 0, width: 1920, height: 1080)

    static func start(
        _ type: TouchpadClaims.GestureType, fingers: Int = 2, className: String? = "Gedit",
        at location: Point = Point(x: 500, y: 500), modifiers: Modifiers = Modifiers()
    ) -> TouchpadClaims.Start {
        let target = className.map { HitTarget.window(WindowInfo(id: 1, instance: $0.lowercased(), className: $0)) }
        return TouchpadClaims.Start(
            type: type, fingers: fingers, target: target ?? .desktop, location: location, modifiers: modifiers,
            screen: screen)
    }

    @Test func onlyTheTypesBindingsUseAreGrabbed() throws {
        let none = TouchpadClaims(try loadValid("").bindingSet())
        #expect(!none.grabs(.swipe) && !none.grabs(.pinch))
        let touchscreenOnly = TouchpadClaims(
            try loadValid(
                """
                [[gesture]]
                kind = "pinch"
                device = "touchscreen"
                action = "click 1"
                """
            ).bindingSet())
        #expect(!touchscreenOnly.grabs(.pinch))
        // A rotation comes as pinch events; `device = "any"` includes the touchpad.
        let rotate = TouchpadClaims(
            try loadValid(
                """
                [[gesture]]
                kind = "rotate"
                action = "click 1"
                """
            ).bindingSet())
        #expect(rotate.grabs(.pinch) && !rotate.grabs(.swipe))
        #expect(rotate.claimant(Self.start(.pinch, fingers: 3)) == "gesture-1")
        #expect(TouchpadClaims.everything.grabs(.swipe) && TouchpadClaims.everything.grabs(.pinch))
        #expect(!TouchpadClaims.nothing.grabs(.swipe) && !TouchpadClaims.nothing.grabs(.pinch))
    }

    @Test func aGestureIsKeptOnlyWhereABindingCanTakeItWhenItBegins() throws {
        let claims = TouchpadClaims(
            try loadValid(
                """
                [[gesture]]
                name = "three"
                kind = "swipe"
                device = "touchpad"
                fingers = 3
                direction = "left"
                action = "desktop next"

                [[gesture]]
                name = "ctrl-pinch"
                kind = "pinch"
                device = "touchpad"
                modifiers = ["ctrl"]
                region = { x = 0, y = 0, width = "50%", height = "100%" }
                action = "click 1"

                [[app]]
                class = "Viewer"
                [[app.gesture]]
                name = "viewer-zoom"
                kind = "pinch"
                device = "touchpad"
                fingers = 2
                direction = "out"
                action = "key plus"

                [[app]]
                class = "Game"
                disable = ["three"]
                """
            ).bindingSet())
        // Swipes: the finger count decides, in every window but the game's; the direction
        // is not known yet, so a 3-finger swipe right is kept too.
        #expect(claims.claimant(Self.start(.swipe, fingers: 3)) == "three")
        #expect(claims.claimant(Self.start(.swipe, fingers: 4)) == nil)
        #expect(claims.claimant(Self.start(.swipe, fingers: 3, className: nil)) == "three")
        #expect(claims.claimant(Self.start(.swipe, fingers: 3, className: "Game")) == nil)
        // Pinches: the viewer's own binding in its windows, whatever the modifiers.
        #expect(claims.claimant(Self.start(.pinch, className: "Viewer")) == "viewer-zoom")
        #expect(claims.claimant(Self.start(.pinch, fingers: 3, className: "Viewer")) == nil)
        // Elsewhere only with exactly ctrl held, in the left half of the screen.
        #expect(claims.claimant(Self.start(.pinch)) == nil)
        #expect(claims.claimant(Self.start(.pinch, modifiers: .ctrl)) == "ctrl-pinch")
        #expect(claims.claimant(Self.start(.pinch, modifiers: [.ctrl, .shift])) == nil)
        #expect(claims.claimant(Self.start(.pinch, at: Point(x: 1500, y: 500), modifiers: .ctrl)) == nil)
    }

    @Test func checkSaysWhatEachGlobalTouchpadBindingTakes() throws {
        let set = try loadValid(
            """
            [[gesture]]
            name = "zoom"
            kind = "pinch"
            device = "touchpad"
            direction = "out"
            action = "key plus"

            [[gesture]]
            name = "turn"
            kind = "rotate"
            device = "touchpad"
            fingers = 3
            modifiers = ["super"]
            action = "click 1"

            [[gesture]]
            name = "next"
            kind = "swipe"
            device = "touchpad"
            fingers = 4
            action = "desktop next"

            [[gesture]]
            name = "screen-pinch"
            kind = "pinch"
            device = "touchscreen"
            action = "click 1"

            [[app]]
            class = "Viewer"
            disable = ["zoom"]
            [[app.gesture]]
            name = "viewer-next"
            kind = "swipe"
            device = "touchpad"
            fingers = 4
            action = "key Right"

            [[app]]
            class = "Game"
            disable = ["*"]
            """
        ).bindingSet()
        #expect(
            set.touchpadCosts == [
                // A 3-finger pinch with super held is still turn's in the viewer.
                #"zoom: global touchpad pinch: applications lose their own pinch zoom, except in class "Game" windows; in class "Viewer" windows, where it is disabled, turn can still take the pinches"#,
                #"turn: global touchpad rotate: applications lose their own pinch zoom and rotation with 3 fingers, except in class "Game" windows (with super held)"#,
                #"next: global touchpad swipe: applications get no 4-finger touchpad swipes, except in class "Game" windows"#,
                #"viewer-next: touchpad swipe in class "Viewer" windows: applications get no 4-finger touchpad swipes"#,
            ])
    }

    /// Whether a swipe is kept is decided by its finger count, not by the binding it turns
    /// out to be: a section that disables one 4-finger swipe still loses its 4-finger
    /// swipes to the others, and `check` must not say its windows get them. A section whose
    /// own swipe binding has another finger count does get them.
    @Test func aDisabledBindingsWindowsGetItsGesturesOnlyIfNoOtherBindingTakesThem() throws {
        let text = """
            [[gesture]]
            name = "ws-next"
            kind = "swipe"
            device = "touchpad"
            fingers = 4
            direction = "left"
            action = "desktop next"

            [[gesture]]
            name = "max"
            kind = "swipe"
            device = "touchpad"
            fingers = 4
            direction = "up"
            action = "window maximize"

            [[gesture]]
            name = "close"
            kind = "swipe"
            device = "touchpad"
            fingers = 4
            direction = "down"
            modifiers = ["ctrl"]
            action = "window close"

            [[app]]
            class = "Gprobe"
            disable = ["ws-next"]

            [[app]]
            class = "Editor"
            disable = ["ws-next", "max"]

            [[app]]
            class = "Game"
            disable = ["ws-next", "max", "close"]
            [[app.gesture]]
            name = "game-swipe"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            action = "key Tab"
            """
        let set = try loadValid(text).bindingSet()
        let claims = TouchpadClaims(set)
        #expect(claims.claimant(Self.start(.swipe, fingers: 4, className: "Gprobe")) == "max")
        #expect(claims.claimant(Self.start(.swipe, fingers: 4, className: "Editor")) == nil)
        #expect(claims.claimant(Self.start(.swipe, fingers: 4, className: "Editor", modifiers: .ctrl)) == "close")
        #expect(claims.claimant(Self.start(.swipe, fingers: 4, className: "Game", modifiers: .ctrl)) == nil)
        #expect(
            set.touchpadCosts == [
                #"ws-next: global touchpad swipe: applications get no 4-finger touchpad swipes, except in class "Game" windows; in class "Gprobe" windows, where it is disabled, max and close still take the swipes; in class "Editor" windows, where it is disabled, close can still take the swipes"#,
                #"max: global touchpad swipe: applications get no 4-finger touchpad swipes, except in class "Game" windows; in class "Editor" windows, where it is disabled, close can still take the swipes"#,
                #"close: global touchpad swipe: applications get no 4-finger touchpad swipes, except in class "Game" windows (with ctrl held)"#,
                #"game-swipe: touchpad swipe in class "Game" windows: applications get no 3-finger touchpad swipes"#,
            ])
    }

    /// A touchpad binding with a `monitor`, `region` or `edge` condition takes gestures
    /// only where the pointer meets it: `check` says so rather than "applications get none".
    @Test func conditionsOnWhereThePointerIsAreInTheCost() throws {
        let set = try loadValid(
            """
            [[gesture]]
            name = "left-screen"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            monitor = "DP-*"
            action = "desktop next"

            [[gesture]]
            name = "corner-pinch"
            kind = "pinch"
            device = "touchpad"
            region = { x = 0, y = 0, width = "10%", height = "10%" }
            edge = "top"
            action = "key a"
            """
        ).bindingSet()
        #expect(
            set.touchpadCosts == [
                "left-screen: global touchpad swipe: applications get no 3-finger touchpad swipes, only on monitor DP-*",
                "corner-pinch: global touchpad pinch: applications lose their own pinch zoom, only in its region and at"
                    + " the top edge",
            ])
    }
}
