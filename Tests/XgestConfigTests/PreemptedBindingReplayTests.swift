import Testing

@testable import XgestConfig

/// What the pre-emption warnings say, replayed: the binding warned of never fires on the
/// gesture it is for, and the fix the warning gives makes it fire (with no warning left).
@Suite struct PreemptedBindingReplayTests {
    static func binding(_ name: String, _ keys: String) -> String {
        "[[gesture]]\nname = \"\(name)\"\n\(keys)\naction = \"exec \(name)\"\n"
    }

    /// Loads a config, expecting a warning about `warned` exactly when `warned` is given.
    static func config(_ source: String, warned: String?, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
        -> XgestConfiguration
    {
        let result = load(source)
        let said = result.diagnostics.map(\.message)
        if let warned {
            #expect(said.count == 1, sourceLocation: sourceLocation)
            #expect(said.first?.hasPrefix("\"\(warned)\" can never fire") == true, sourceLocation: sourceLocation)
        } else {
            #expect(said.isEmpty, "\(said)", sourceLocation: sourceLocation)
        }
        return try #require(result.configuration, sourceLocation: sourceLocation)
    }

    static func names(_ actions: [String]) -> [String] { actions.map { String($0.prefix { $0 != ":" }) } }

    /// Two fingers 60 px apart swiped 150 px left in 150 ms, frames every 10 ms.
    static let twoFingerSwipeLeft: [String] = {
        var lines = [
            #"{"t":0.0,"dev":6,"type":"touch-begin","id":1,"x":800,"y":500}"#,
            #"{"t":0.01,"dev":6,"type":"touch-begin","id":2,"x":860,"y":500}"#,
        ]
        for k in 1...15 {
            let t = 0.01 + Double(k) * 0.01
            let dx = Double(k) * 10
            lines.append(#"{"t":\#(t),"dev":6,"type":"touch-update","id":1,"x":\#(800 - dx),"y":500}"#)
            lines.append(#"{"t":\#(t),"dev":6,"type":"touch-update","id":2,"x":\#(860 - dx),"y":500}"#)
        }
        lines.append(#"{"t":0.2,"dev":6,"type":"touch-end","id":1,"x":650,"y":500}"#)
        lines.append(#"{"t":0.2,"dev":6,"type":"touch-end","id":2,"x":710,"y":500}"#)
        return lines
    }()

    @Test func aSwipeBesideAPanOfItsFingersFiresOnlyOnceThePanWaitsForIt() throws {
        let swipe = Self.binding("sw2-left", "kind = \"swipe\"\nfingers = 2\ndirection = \"left\"")
        for source in [
            Self.binding("pan2", "kind = \"pan\"\nfingers = 2") + swipe,
            swipe + Self.binding("pan2", "kind = \"pan\"\nfingers = 2"),
        ] {
            let warned = try Self.config(source, warned: "sw2-left")
            #expect(Self.names(try dryRunActions(warned, Self.twoFingerSwipeLeft)) == ["pan2"])
        }
        let fixed = try Self.config(
            Self.binding("pan2", "kind = \"pan\"\nfingers = 2\nrequires-failure-of = \"sw2-left\"") + swipe,
            warned: nil)
        #expect(Self.names(try dryRunActions(fixed, Self.twoFingerSwipeLeft)) == ["sw2-left"])
    }

    /// One finger held still from 0 to `seconds`.
    static func press(at start: Double, for seconds: Double) -> [String] {
        [
            #"{"t":\#(start),"dev":6,"type":"touch-begin","id":\#(Int(start * 10) + 1),"x":500,"y":500}"#,
            #"{"t":\#(start + seconds),"dev":6,"type":"touch-end","id":\#(Int(start * 10) + 1),"x":500,"y":500}"#,
        ]
    }

    @Test func aLongPressBesideAShorterOneFiresOnlyOnceTheShorterWaitsForIt() throws {
        let slow = Self.binding("lp1-slow", "kind = \"long-press\"\nlong-press-duration = \"900ms\"")
        let warned = try Self.config(Self.binding("lp1", "kind = \"long-press\"") + slow, warned: "lp1-slow")
        #expect(Self.names(try dryRunActions(warned, Self.press(at: 0, for: 1.2))) == ["lp1"])
        let fixed = try Self.config(
            Self.binding("lp1", "kind = \"long-press\"\nrequires-failure-of = \"lp1-slow\"") + slow, warned: nil)
        #expect(Self.names(try dryRunActions(fixed, Self.press(at: 0, for: 1.2))) == ["lp1-slow"])
        // The shorter one still fires, when the press is let go before the longer's time.
        #expect(Self.names(try dryRunActions(fixed, Self.press(at: 0, for: 0.7))) == ["lp1"])
    }

    @Test func aTapThenPressBesideASingleTapFiresOnlyOnceTheTapWaitsForIt() throws {
        let press = Self.binding("tap-then-press", "kind = \"long-press\"\ntaps = 1")
        let tapThenPress = Self.press(at: 0, for: 0.1) + Self.press(at: 0.3, for: 0.8)
        let warned = try Self.config(
            Self.binding("tap1", "kind = \"tap\"\ndevice = \"touchscreen\"") + press, warned: "tap-then-press")
        #expect(Self.names(try dryRunActions(warned, tapThenPress)) == ["tap1", "tap1"])
        let fixed = try Self.config(
            Self.binding("tap1", "kind = \"tap\"\ndevice = \"touchscreen\"\nrequires-failure-of = \"tap-then-press\"")
                + press, warned: nil)
        #expect(Self.names(try dryRunActions(fixed, tapThenPress)) == ["tap-then-press"])
        #expect(Self.names(try dryRunActions(fixed, Self.press(at: 0, for: 0.1))) == ["tap1"])
    }

    /// A stroke right drawn with the right button, Super held.
    static let strokeRightWithSuper: [String] = {
        var lines = [
            #"{"t":0.5,"type":"modifiers","mods":["super"]}"#,
            #"{"t":1.0,"dev":7,"type":"button-press","button":3,"x":1200,"y":500}"#,
        ]
        for k in 1...20 {
            lines.append(#"{"t":\#(1.0 + Double(k) * 0.012),"dev":7,"type":"motion","x":\#(1200 + k * 10),"y":500}"#)
        }
        lines.append(#"{"t":1.3,"dev":7,"type":"button-release","button":3,"x":1400,"y":500}"#)
        return lines
    }()

    @Test func aStrokeWithModifiersAfterOneWithoutFiresOnlyWrittenFirst() throws {
        let any = Self.binding("right-any", "kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\"")
        let withSuper = Self.binding(
            "right-super", "kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\"\nmodifiers = [\"super\"]")
        let warned = try Self.config(any + withSuper, warned: "right-super")
        #expect(Self.names(try dryRunActions(warned, Self.strokeRightWithSuper)) == ["right-any"])
        let fixed = try Self.config(withSuper + any, warned: nil)
        #expect(Self.names(try dryRunActions(fixed, Self.strokeRightWithSuper)) == ["right-super"])
    }
}
