import Testing
import XgestCore

@testable import XgestConfig

/// Who receives a sequence is decided by the window it starts on, before any recognizer
/// sees it: an app's bindings are absent from other windows, and a global binding is
/// absent from the windows of an app that overrides or disables it.
@Suite struct AppScopeTests {
    /// Firefox top left, an xterm top right, an editor bottom left, a game bottom right.
    static let windows = [
        #"{"t":0.0,"type":"window","id":1,"x":0,"y":0,"width":960,"height":540,"class":"firefox","instance":"Navigator","title":"Mozilla Firefox"}"#,
        #"{"t":0.0,"type":"window","id":2,"x":960,"y":0,"width":960,"height":540,"class":"XTerm","instance":"xterm","title":"xterm"}"#,
        #"{"t":0.0,"type":"window","id":3,"x":0,"y":540,"width":960,"height":540,"class":"Gedit","instance":"gedit","title":"notes"}"#,
        #"{"t":0.0,"type":"window","id":4,"x":960,"y":540,"width":960,"height":540,"class":"steam_app_42","instance":"game","title":"game"}"#,
    ]
    static let firefox = (x: 300.0, y: 250.0)
    static let xterm = (x: 1300.0, y: 250.0)
    static let editor = (x: 300.0, y: 800.0)
    static let game = (x: 1300.0, y: 800.0)

    /// One-finger bindings in two apps, none global on the touchscreen.
    static let appsOnly = """
        [[gesture]]
        name = "ws-next"
        kind = "swipe"
        device = "touchpad"
        direction = "left"
        action = "desktop next"

        [[app]]
        class = "firefox"
        [[app.gesture]]
        name = "ff-tap"
        kind = "tap"
        action = "click 2"
        [[app.gesture]]
        name = "ff-press"
        kind = "long-press"
        action = "key Escape"

        [[app]]
        class = "XTerm"
        [[app.gesture]]
        name = "term-pan"
        kind = "pan"
        action = "key Page_Down"
        [[app.gesture]]
        name = "term-swipe"
        kind = "swipe"
        direction = "down"
        action = "key End"
        """

    /// Global taps, an app-only double tap, an override and a game that disables everything.
    static let mixed = """
        [[gesture]]
        name = "tap"
        kind = "tap"
        action = "click 1"

        [[gesture]]
        name = "maximize"
        kind = "tap"
        fingers = 2
        action = "window maximize"

        [[app]]
        class = "firefox"
        [[app.gesture]]
        name = "ff-double"
        kind = "tap"
        taps = 2
        action = "key F5"
        [[app.gesture]]
        name = "ff-close"
        kind = "tap"
        fingers = 2
        action = "key ctrl+w"

        [[app]]
        class = "steam_app_*"
        disable = ["*"]
        """

    static func config(_ source: String) throws -> XgestConfiguration {
        let result = XgestConfiguration.load(source: source, file: "test.toml", isKnownKeysym: isTestKeysym)
        return try #require(result.configuration, "\(result.renderedDiagnostics())")
    }

    static func outputs(_ source: String, _ lines: [String]) throws -> [EngineOutput] {
        let trace = try TraceDecoder.read(traceText(windows + lines))
        return try TraceReplay.run(trace, registrations: try config(source).bindingSet().registrations())
    }

    static func touch(_ type: String, _ id: Int, _ at: (x: Double, y: Double), _ t: Double) -> String {
        #"{"t":\#(t),"dev":6,"type":"touch-\#(type)","id":\#(id),"x":\#(at.x),"y":\#(at.y)}"#
    }

    static func tap(_ at: (x: Double, y: Double), id: Int = 1, from t: Double = 0, fingers: Int = 1) -> [String] {
        let down = (0..<fingers).map { touch("begin", id + $0, (at.x + Double($0) * 40, at.y), t) }
        let up = (0..<fingers).map { touch("end", id + $0, (at.x + Double($0) * 40, at.y), t + 0.05) }
        return down + up
    }

    static func decisions(_ outputs: [EngineOutput]) -> [String] {
        outputs.compactMap { o in
            guard case .ownership(let d) = o else { return nil }
            return "\(d.time) \(d.verdict.rawValue) \(d.touchIDs.map(String.init).joined(separator: ","))"
        }
    }

    static func notReceiving(_ outputs: [EngineOutput]) -> [String] {
        outputs.compactMap { o in
            guard case .transition(let t) = o, t.reason == .notReceiving else { return nil }
            return "\(t.name): \(t.detail?.description ?? "")"
        }
    }

    @Test func aTapOnAWindowWithNoOneFingerBindingIsRejectedAtItsFirstEvent() throws {
        let out = try Self.outputs(Self.appsOnly, Self.tap(Self.editor))
        #expect(Self.decisions(out) == ["0.000000 reject 1"])
        #expect(
            Self.notReceiving(out) == [
                #"ff-tap: not in class "firefox""#, #"ff-press: not in class "firefox""#,
                #"term-pan: not in class "XTerm""#, #"term-swipe@touchscreen: not in class "XTerm""#,
            ])
        // The same tap on firefox is firefox's.
        let onFirefox = try Self.outputs(Self.appsOnly, Self.tap(Self.firefox))
        #expect(Self.decisions(onFirefox) == ["0.050000 accept 1"])
        #expect(
            Self.notReceiving(onFirefox) == [
                #"term-pan: not in class "XTerm""#, #"term-swipe@touchscreen: not in class "XTerm""#,
            ])
    }

    @Test func anAppOnlyDoubleTapDoesNotDelayGlobalSingleTapsElsewhere() throws {
        let c = try Self.config(Self.mixed)
        // A double tap is not the same gesture as a single tap: it does not replace it in
        // firefox (only the game, which disables everything, shadows the single tap).
        #expect(c.bindingSet().entry(forRegistration: "tap")?.shadowedBy == [1])
        #expect(c.bindingSet().entry(forRegistration: "maximize")?.shadowedBy == [0, 1])
        #expect(
            try dryRun(c, Self.windows + Self.tap(Self.xterm)) == [
                "0.050000 gesture tap tap recognized device=touchscreen fingers=1 app=XTerm",
                "0.050000 action tap app=XTerm: click 1",
            ])
        #expect(try dryRun(c, Self.windows + Self.tap(Self.editor)).last == "0.050000 action tap app=Gedit: click 1")
        // In firefox the single tap waits for the double tap's interval.
        #expect(try dryRun(c, Self.windows + Self.tap(Self.firefox)).last == "0.400000 action tap app=firefox: click 1")
        #expect(
            try dryRunActions(c, Self.windows + Self.tap(Self.firefox) + Self.tap(Self.firefox, id: 2, from: 0.2)) == [
                "ff-double: key F5"
            ])
    }

    @Test func anAppBindingOverridesTheGlobalOneOnlyInItsWindows() throws {
        let c = try Self.config(Self.mixed)
        #expect(try dryRunActions(c, Self.windows + Self.tap(Self.firefox, fingers: 2)) == ["ff-close: key ctrl+w"])
        #expect(try dryRunActions(c, Self.windows + Self.tap(Self.xterm, fingers: 2)) == ["maximize: window maximize"])
        let inFirefox = try Self.outputs(Self.mixed, Self.tap(Self.firefox, fingers: 2))
        #expect(Self.notReceiving(inFirefox) == [#"maximize: overridden in class "firefox" by ff-close"#])
        let inXTerm = try Self.outputs(Self.mixed, Self.tap(Self.xterm, fingers: 2))
        #expect(
            Self.notReceiving(inXTerm) == [#"ff-double: not in class "firefox""#, #"ff-close: not in class "firefox""#])
    }

    @Test func aGameThatDisablesEveryGlobalGetsItsTouchesBackAtOnce() throws {
        let out = try Self.outputs(Self.mixed, Self.tap(Self.game, fingers: 2))
        #expect(Self.decisions(out) == ["0.000000 reject 1", "0.000000 reject 2"])
        // Every binding turns the first finger down, and it is handed back before the
        // second lands; the second joins it (handed back too, while it is down), and no
        // binding is asked about it.
        let turnedDown = [
            #"ff-double: not in class "firefox""#, #"ff-close: not in class "firefox""#,
            #"tap: disabled in class "steam_app_*""#, #"maximize: disabled in class "steam_app_*""#,
        ]
        #expect(Self.notReceiving(out) == turnedDown)
    }

    /// The conditions are plain functions of their context: asked directly here.
    @Test func edgeAndRegionConditionsFollowTheScreen() throws {
        let c = try Self.config(
            """
            [settings]
            edge-thickness = "20px"

            [[gesture]]
            name = "corner"
            kind = "tap"
            region = { x = "50%", y = 0, width = "50%", height = 100 }
            action = "click 3"

            [[gesture]]
            name = "right-swipe"
            kind = "swipe"
            direction = "left"
            edge = "right"
            action = "desktop next"

            [[gesture]]
            name = "ctrl-tap"
            kind = "tap"
            fingers = 2
            modifiers = ["ctrl"]
            action = "click 2"
            """)
        let regs = c.bindingSet().registrations()
        let corner = try #require(regs.first { $0.name == "corner" }?.shouldReceive)
        let edge = try #require(regs.first { $0.name == "right-swipe@touchscreen" }?.shouldReceive)
        let ctrl = try #require(regs.first { $0.name == "ctrl-tap" })
        // Modifiers are asked when the gesture begins: they may be pressed after the fingers land.
        #expect(ctrl.shouldReceive == nil)
        let begin = try #require(ctrl.shouldBegin)

        let hd = Rect(x: 0, y: 0, width: 1920, height: 1080)
        let wide = Rect(x: 0, y: 0, width: 3840, height: 1080)
        func context(_ x: Double, _ y: Double, on screen: Rect) -> ShouldReceiveContext {
            ShouldReceiveContext(
                name: "", kind: .tap, deviceKind: .touchscreen, device: 6, target: .desktop,
                startLocation: Point(x: x, y: y), screen: screen)
        }
        #expect(corner(context(1500, 50, on: hd)) == .receive)
        #expect(corner(context(1500, 50, on: wide)) == .ignore(reason: "starts outside its region"))
        #expect(corner(context(3000, 50, on: wide)) == .receive)
        #expect(corner(context(1500, 150, on: hd)) == .ignore(reason: "starts outside its region"))
        #expect(edge(context(1910, 500, on: hd)) == .receive)
        #expect(edge(context(1910, 500, on: wide)) == .ignore(reason: "starts away from the right edge"))
        // The glass's last value and the far boundary are on the edge, as for edge gestures.
        #expect(edge(context(1919.94, 500, on: hd)) == .receive)
        #expect(edge(context(1920, 500, on: hd)) == .receive)
        #expect(edge(context(3830, 500, on: wide)) == .receive)

        func beginning(_ modifiers: Modifiers) -> ShouldBeginContext {
            ShouldBeginContext(
                name: "ctrl-tap", kind: .tap, deviceKind: .touchscreen, device: 6, target: .desktop,
                startLocation: Point(x: 10, y: 10), modifiers: modifiers, screen: hd)
        }
        #expect(begin(beginning(.ctrl)) == .begin)
        #expect(begin(beginning([])) == .fail(.wrongModifiers, words: "held none, bound ctrl"))
        #expect(begin(beginning([.ctrl, .shift])) == .fail(.wrongModifiers, words: "held shift+ctrl, bound ctrl"))
    }
}
