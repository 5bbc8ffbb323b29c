import Testing
import XgestCore

@testable import XgestConfig

@Suite struct SchemaMappingTests {
    static let config = """
        [settings]
        long-press-duration = "800ms"
        edge-thickness = "5mm"
        touchpad-swipe-distance = 60
        swipe-speed = "40mm/s"

        [[gesture]]
        name = "ws-next"
        kind = "swipe"
        device = "touchpad"
        fingers = 3
        direction = "left"
        action = "desktop next"

        [[gesture]]
        name = "zoom"
        kind = "pinch"
        direction = "out"
        action = "key ctrl+plus"
        repeat = true
        reverse-action = "key ctrl+minus"
        simultaneous-with = "turn"

        [[gesture]]
        name = "turn"
        kind = "rotate"
        device = "touchscreen"
        action = "key ctrl+r"

        [[gesture]]
        name = "back"
        kind = "stroke"
        direction = "left"
        modifiers = ["super"]
        action = "key alt+Left"

        [[gesture]]
        kind = "tap"
        fingers = 2
        taps = 2
        action = "click 2"

        [[gesture]]
        kind = "swipe"
        fingers = 1
        edge = "left"
        region = { x = 0, y = "10%", width = 100, height = "80%" }
        action = "window close"
        requires-failure-of = ["gesture-5"]

        [[app]]
        class = "firefox"
        disable = ["ws-*"]
        [[app.gesture]]
        name = "ff-zoom"
        kind = "pinch"
        device = "touchpad"
        direction = "out"
        action = "key ctrl+plus"
        """

    /// `ctrl+r` needs `r`, which the shared test keysyms lack.
    static func loadConfig() throws -> XgestConfiguration {
        let result = XgestConfiguration.load(source: config, file: "test.toml") { isTestKeysym($0) || $0 == "r" }
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        return try #require(result.configuration)
    }

    @Test func bindingsAreTyped() throws {
        let c = try Self.loadConfig()
        #expect(c.bindings.map(\.name) == ["ws-next", "zoom", "turn", "back", "gesture-5", "gesture-6", "ff-zoom"])
        let zoom = try #require(c.bindings.first { $0.name == "zoom" })
        #expect(zoom.devices == [.touchscreen, .touchpad])
        #expect(zoom.direction == .out)
        #expect(zoom.trigger == .repeat)
        #expect(
            zoom.reverseAction == BoundAction(.key(KeyCombo(keysyms: ["Control_L", "minus"])), text: "key ctrl+minus"))
        #expect(zoom.simultaneousWith == ["turn"])
        let back = try #require(c.bindings.first { $0.name == "back" })
        #expect(back.devices == [.pointer])
        #expect(back.conditions.modifiers == .super)
        let edgeSwipe = c.bindings[5]
        #expect(edgeSwipe.conditions.edge == .left)
        #expect(
            edgeSwipe.conditions.region
                == ScreenRegion(x: .pixels(0), y: .percent(10), width: .pixels(100), height: .percent(80)))
        #expect(edgeSwipe.requiresFailureOf == ["gesture-5"])
        #expect(c.apps.count == 1)
        #expect(c.apps[0].disabled == ["ws-next"])
        #expect(c.bindings[6].app == 0)
    }

    @Test func settingsKeepMillimetresUntilTheDensityIsKnown() throws {
        let c = try Self.loadConfig()
        #expect(c.settings.values[.edgeThickness] == .distance(Distance(5, .millimeters)))
        let t = c.settings.tunables(pixelsPerMillimeter: 4)
        #expect(t.edgeThicknessPx == 20)
        #expect(t.swipeSpeedPxPerSecond == 160)
        #expect(t.longPressDurationSeconds == 0.8)
        #expect(t.touchpadSwipeDistancePx == 60)
        #expect(c.settings.tunables(pixelsPerMillimeter: 10).edgeThicknessPx == 50)
        #expect(t.tapIntervalSeconds == RecognizerTunables().tapIntervalSeconds)
    }

    @Test func registrationsCarryRecognizersRelationsAndOrder() throws {
        let set = try Self.loadConfig().bindingSet(pixelsPerMillimeter: 4)
        let regs = set.registrations()
        #expect(
            regs.map(\.name) == [
                "ff-zoom", "ws-next", "zoom@touchscreen", "zoom@touchpad", "turn", "back", "gesture-5", "gesture-6",
            ])
        #expect(
            regs.map(\.deviceKind) == [
                .touchpad, .touchpad, .touchscreen, .touchpad, .touchscreen, .pointer, .touchscreen, .touchscreen,
            ])
        let ws = try #require(regs[1].recognizer as? TouchpadSwipeRecognizer)
        #expect(ws.settings.fingers == 3)
        #expect(ws.settings.directions == .left)
        #expect(ws.settings.minimumDistancePx == 60)
        let pinch = try #require(regs[2].recognizer as? PinchRecognizer)
        #expect(pinch.settings.directions == .out)
        #expect(pinch.settings.touchesRequired == 2)
        #expect(regs[2].simultaneousWith == ["turn"])
        let stroke = try #require(regs[5].recognizer as? StrokeCaptureRecognizer)
        #expect(stroke.settings.button == 3)
        #expect(stroke.settings.modifiers == .super)
        let tap = try #require(regs[6].recognizer as? TapRecognizer)
        #expect(tap.settings.tapsRequired == 2)
        #expect(tap.settings.touchesRequired == 2)
        #expect(regs[7].requiresFailureOf == ["gesture-5"])
        // App scope, overrides, disables, edge and region are decided when a sequence starts;
        // only the stroke's modifiers and direction wait for the gesture to begin.
        #expect(regs.indices.filter { regs[$0].shouldReceive != nil } == [0, 1, 3, 7])
        #expect(regs.indices.filter { regs[$0].shouldBegin != nil } == [5])
        #expect(set.entries[3].shadowedBy == [0])  // zoom@touchpad: firefox binds its own
        #expect(set.entries[2].shadowedBy == [])  // zoom@touchscreen: not overridden
        #expect(set.entries[1].shadowedBy == [0])  // ws-next: disabled in firefox
        // The engine accepts the registrations as they are.
        #expect(throws: Never.self) {
            _ = try GestureEngine(registrations: regs, screen: Rect(x: 0, y: 0, width: 1920, height: 1080))
        }
    }

    @Test func anyDeviceDropsDevicesWhereTheFingerCountIsImpossible() throws {
        let c = try loadValid(
            """
            [[gesture]]
            kind = "swipe"
            fingers = 2
            action = "desktop next"
            [[gesture]]
            kind = "swipe"
            fingers = 4
            action = "desktop previous"
            """)
        #expect(c.bindings[0].devices == [.touchscreen])
        #expect(c.bindings[1].devices == [.touchscreen, .touchpad])
    }

    static let firefoxWindow =
        #"{"t":0.0,"type":"window","id":1,"x":0,"y":0,"width":960,"height":1080,"class":"firefox","instance":"Navigator","title":"Mozilla Firefox"}"#

    static func touchpadSwipe(at t: Double, x: Int) -> [String] {
        [0, 15, 20, 25].enumerated().map { i, dx in
            let type = i == 0 ? "swipe-begin" : "swipe-update"
            return
                #"{"t":\#(t + Double(i) / 100),"dev":8,"type":"\#(type)","fingers":3,"dx":-\#(dx),"dy":0,"x":\#(x),"y":500}"#
        } + [#"{"t":\#(t + 0.05),"dev":8,"type":"swipe-end","fingers":3,"dx":0,"dy":0,"x":\#(x),"y":500}"#]
    }

    static func touchpadPinch(at t: Double, x: Int, scales: [Double]) -> [String] {
        scales.enumerated().map { i, s in
            let type = i == 0 ? "pinch-begin" : "pinch-update"
            return
                #"{"t":\#(t + Double(i) / 100),"dev":8,"type":"\#(type)","fingers":2,"scale":\#(s),"angle":0,"x":\#(x),"y":500}"#
        } + [
            #"{"t":\#(t + Double(scales.count) / 100),"dev":8,"type":"pinch-end","fingers":2,"scale":\#(scales.last ?? 1),"angle":0,"x":\#(x),"y":500}"#
        ]
    }

    @Test func appSectionsDisableAndOverrideGlobalBindings() throws {
        let c = try Self.loadConfig()
        let lines =
            [Self.firefoxWindow] + Self.touchpadSwipe(at: 1, x: 1500) + Self.touchpadSwipe(at: 2, x: 500)
            + Self.touchpadPinch(at: 3, x: 1500, scales: [1.0, 1.15, 1.6, 2.0, 1.5])
            + Self.touchpadPinch(at: 4, x: 500, scales: [1.0, 1.15, 1.5, 1.9])
        #expect(
            try dryRunActions(c, lines) == [
                "ws-next: desktop next",  // on the desktop; disabled in firefox
                "zoom: key ctrl+plus", "zoom: key ctrl+plus", "zoom: key ctrl+plus", "zoom: key ctrl+minus",
                "ff-zoom: key ctrl+plus",  // firefox's own pinch out, once at the end
            ])
    }

    @Test func strokeDirectionAndModifiersAreConditions() throws {
        let c = try Self.loadConfig()
        func stroke(at t: Double, to x: Int) -> [String] {
            [
                #"{"t":\#(t),"dev":7,"type":"button-press","button":3,"x":1000,"y":500}"#,
                #"{"t":\#(t + 0.05),"dev":7,"type":"motion","x":\#((1000 + x) / 2),"y":502}"#,
                #"{"t":\#(t + 0.1),"dev":7,"type":"motion","x":\#(x),"y":505}"#,
                #"{"t":\#(t + 0.15),"dev":7,"type":"button-release","button":3,"x":\#(x),"y":505}"#,
            ]
        }
        let lines =
            stroke(at: 1, to: 800) + [#"{"t":1.9,"type":"modifiers","mods":["super"]}"#] + stroke(at: 2, to: 1200)
            + stroke(at: 3, to: 800)
        #expect(try dryRunActions(c, lines) == ["back: key alt+Left"])
    }

    @Test func regionAndEdgeConditions() throws {
        let c = try loadValid(
            """
            [[gesture]]
            name = "corner"
            kind = "tap"
            region = { x = "90%", y = 0, width = "10%", height = "10%" }
            action = "show-desktop"
            [[gesture]]
            name = "from-left"
            kind = "long-press"
            edge = "left"
            action = "click 3"
            """)
        func tap(at t: Double, x: Int, y: Int, up: Double = 0.05) -> [String] {
            [
                #"{"t":\#(t),"dev":6,"type":"touch-begin","id":1,"x":\#(x),"y":\#(y)}"#,
                #"{"t":\#(t + up),"dev":6,"type":"touch-end","id":1,"x":\#(x),"y":\#(y)}"#,
            ]
        }
        let lines =
            tap(at: 1, x: 1900, y: 50) + tap(at: 2, x: 1000, y: 50) + tap(at: 3, x: 5, y: 500, up: 1)
            + tap(at: 5, x: 500, y: 500, up: 1)
        #expect(try dryRunActions(c, lines) == ["corner: show-desktop", "from-left: click 3"])
    }
}
