import Testing

@testable import XgestConfig

/// Bindings another always pre-empts were accepted with `ok` and never fired: a swipe
/// beside a pan of its fingers, a long press beside a shorter one, a swipe, pinch or stroke
/// after one that takes it with no direction or no modifiers, an edge swipe after a pan, a
/// long press after taps beside a single tap. Each is warned of, with why and the fix;
/// where anything may let it fire, nothing is said.
@Suite struct PreemptedBindingTests {
    static func gesture(_ name: String, _ keys: String) -> String {
        "[[gesture]]\nname = \"\(name)\"\n\(keys)\naction = \"exec true\"\n"
    }

    static func warnings(_ source: String) -> [String] {
        load(source).diagnostics.map(\.message)
    }

    @Test func aPanOfTheSwipesFingersIsSaidInEitherOrder() {
        let pan = Self.gesture("pan2", "kind = \"pan\"\nfingers = 2")
        let swipe = Self.gesture("sw2-left", "kind = \"swipe\"\nfingers = 2\ndirection = \"left\"")
        let said =
            #""sw2-left" can never fire: "pan2" begins first: a two-finger pan begins once the fingers move 6 px, a swipe needs 30 px, and the first gesture to begin fails the others, whatever their order in the file; give "pan2" requires-failure-of = "sw2-left" so that the pan waits for the swipe to fail"#
        #expect(Self.warnings(pan + swipe) == [said])
        #expect(Self.warnings(swipe + pan) == [said])
    }

    @Test func theWarningPointsAtBothBindings() {
        expectSchemaDiagnostics(
            """
            2️⃣[[gesture]]
            name = "lp1"
            kind = "long-press"
            action = "exec true"
            1️⃣[[gesture]]
            name = "lp1-slow"
            kind = "long-press"
            long-press-duration = "900ms"
            action = "exec true"
            """,
            """
            test.toml:5:1: warning: "lp1-slow" can never fire: "lp1" begins first: a long press of the same fingers begins at 500 ms, this one needs 900 ms, and the first gesture to begin fails the others, whatever their order in the file; give "lp1" requires-failure-of = "lp1-slow": it then acts when a press is let go before 900 ms
            [[gesture]]
            ^~~~~~~~~~~
            test.toml:1:1: note: "lp1" is here
            [[gesture]]
            ^~~~~~~~~~~
            """)
    }

    @Test(arguments: [
        ("kind = \"swipe\"\nfingers = 2", "direction = \"left\"", "no direction", "swipe"),
        ("kind = \"pinch\"", "direction = \"out\"", "no direction", "pinch"),
        ("kind = \"rotate\"", "direction = \"cw\"", "no direction", "rotation"),
        ("kind = \"swipe\"\ndevice = \"touchpad\"", "direction = \"up\"", "no direction", "swipe"),
        (
            "kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\"", "modifiers = [\"super\"]", "no modifiers",
            "stroke"
        ),
        ("kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\"", "modifiers = []", "no modifiers", "stroke"),
        (
            "kind = \"swipe\"\nfingers = 3", "direction = \"up\"\nmodifiers = [\"super\"]",
            "no direction and no modifiers", "swipe"
        ),
    ])
    func aWiderBindingWrittenFirstIsSaid(common: String, narrowing: String, lacks: String, noun: String) {
        let wide = Self.gesture("wide", common)
        let narrow = Self.gesture("narrow", common + "\n" + narrowing)
        let fix =
            narrowing.hasPrefix("direction")
            ? #"write "narrow" before "wide", or give "wide" a direction"# : #"write "narrow" before "wide""#
        #expect(
            Self.warnings(wide + narrow) == [
                #""narrow" can never fire: "wide" takes the same \#(noun) first: it has \#(lacks), so it takes every \#(noun) this one does, at the same moment, and of two gestures recognized at once the one written first wins; \#(fix)"#
            ])
        // The narrower first takes its own; the wider takes the rest.
        #expect(Self.warnings(narrow + wide) == [])
    }

    /// A binding of the same gesture whose place takes the other's: no `region`, `monitor` or
    /// `edge`, a region holding the other's on every monitor, a pattern matching its monitor.
    @Test(arguments: [
        ("", "region = { x = 0, y = 0, width = \"50%\", height = \"100%\" }", "no region"),
        (
            "region = { x = 0, y = 0, width = \"50%\", height = \"100%\" }",
            "region = { x = \"10%\", y = \"10%\", width = \"20%\", height = \"50%\" }", "a region holding this one's"
        ),
        (
            "region = { x = 0, y = 0, width = \"100%\", height = 500 }",
            "region = { x = 0, y = 100, width = \"50%\", height = 400 }", "a region holding this one's"
        ),
        (
            "region = { x = 0, y = 0, width = \"10mm\", height = 100 }",
            "region = { x = 2, y = 0, width = \"5mm\", height = 100 }", "a region holding this one's"
        ),
        ("", "monitor = \"primary\"", "no monitor"),
        ("", "monitor = \"HDMI-*\"", "no monitor"),
        ("monitor = \"HDMI-*\"", "monitor = \"HDMI-1\"", #"monitor "HDMI-*", which takes "HDMI-1""#),
        ("", "edge = \"top\"", "no edge"),
        (
            "", "region = { x = 0, y = 0, width = \"50%\", height = \"100%\" }\nmonitor = \"eDP-1\"",
            "no region and no monitor"
        ),
    ])
    func aBindingWhosePlaceTakesTheOthersWrittenFirstIsSaid(wide: String, narrow: String, lacks: String) {
        let common = "kind = \"swipe\"\nfingers = 2\ndirection = \"left\""
        let w = Self.gesture("wide", common + "\n" + wide)
        let n = Self.gesture("narrow", common + "\n" + narrow)
        #expect(
            Self.warnings(w + n) == [
                #""narrow" can never fire: "wide" takes the same swipe first: it has \#(lacks), so it takes every swipe this one does, at the same moment, and of two gestures recognized at once the one written first wins; write "narrow" before "wide""#
            ])
        // The narrower first takes its own; the wider takes the rest.
        #expect(Self.warnings(n + w) == [])
    }

    @Test func aPlaceAndADirectionWiderTogetherAreSaid() {
        let wide = Self.gesture("wide", "kind = \"pinch\"")
        let narrow = Self.gesture(
            "narrow", "kind = \"pinch\"\ndirection = \"in\"\nmodifiers = [\"ctrl\"]\nmonitor = \"eDP-1\"")
        #expect(
            Self.warnings(wide + narrow) == [
                #""narrow" can never fire: "wide" takes the same pinch first: it has no direction, no modifiers and no monitor, so it takes every pinch this one does, at the same moment, and of two gestures recognized at once the one written first wins; write "narrow" before "wide", or give "wide" a direction"#
            ])
    }

    /// The rules between kinds take a winner with no region or monitor as they take one
    /// with the loser's.
    @Test func aPanWithNoRegionBeforeASwipeInOneIsSaid() {
        let pan = Self.gesture("pan2", "kind = \"pan\"\nfingers = 2")
        let swipe = Self.gesture(
            "sw2",
            "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = 100, height = 100 }\nmonitor = \"DP-1\"")
        #expect(Self.warnings(pan + swipe).first?.hasPrefix(#""sw2" can never fire: "pan2" begins first"#) == true)
        #expect(Self.warnings(pan + swipe).count == 1)
    }

    @Test func aPanWrittenBeforeAnEdgeSwipeIsSaidAndNotAfterIt() {
        let pan = Self.gesture("pan1", "kind = \"pan\"\ndevice = \"touchscreen\"")
        let edge = Self.gesture("edge-l", "kind = \"edge\"\ndirection = \"left\"")
        #expect(
            Self.warnings(pan + edge) == [
                #""edge-l" can never fire: "pan1" begins first: a one-finger pan and an edge swipe both begin once the finger moves 6 px, and of two gestures beginning at once the one written first wins; write "edge-l" before "pan1""#
            ])
        #expect(Self.warnings(edge + pan) == [])
        // A pan that begins sooner than the edge swipe wins in any order.
        let shortPan = Self.gesture("pan1", "kind = \"pan\"\ndevice = \"touchscreen\"\npan-distance = \"1mm\"")
        #expect(
            Self.warnings(edge + shortPan) == [
                #""edge-l" can never fire: "pan1" begins first: a one-finger pan begins once the finger moves 4 px, an edge swipe at 6 px, and the first gesture to begin fails the others, whatever their order in the file; give "pan1" requires-failure-of = "edge-l" so that the pan waits for the edge swipe to fail"#
            ])
    }

    @Test func aSingleTapBesideATapThenPressIsSaid() {
        let tap = Self.gesture("tap1", "kind = \"tap\"\ndevice = \"touchscreen\"")
        let press = Self.gesture("tap-then-press", "kind = \"long-press\"\ntaps = 1")
        #expect(
            Self.warnings(tap + press) == [
                #""tap-then-press" can never fire: "tap1" is recognized at the first lift, before the press this one waits for after a tap, and the first gesture recognized fails the others; give "tap1" requires-failure-of = "tap-then-press" so that the tap waits for it to fail (a tap then acts 350 ms after its lift)"#
            ])
        let fixed = Self.gesture(
            "tap1", "kind = \"tap\"\ndevice = \"touchscreen\"\nrequires-failure-of = \"tap-then-press\"")
        #expect(Self.warnings(fixed + press) == [])
        // A tap that waits for a double tap may be overtaken by the press: not certain.
        let double = Self.gesture("dtap1", "kind = \"tap\"\ndevice = \"touchscreen\"\ntaps = 2")
        #expect(Self.warnings(tap + double + press) == [])
    }

    /// Anything that may let the loser fire: nothing is said.
    @Test(arguments: [
        // Scopes: an app's binding is tried first in its windows, a global one elsewhere.
        "[[gesture]]\nname = \"pan2\"\nkind = \"pan\"\nfingers = 2\naction = \"exec true\"\n[[app]]\nclass = \"a\"\n"
            + "[[app.gesture]]\nkind = \"swipe\"\nfingers = 2\naction = \"exec true\"",
        "[[gesture]]\nkind = \"swipe\"\nfingers = 2\naction = \"exec true\"\n[[app]]\nclass = \"a\"\n"
            + "[[app.gesture]]\nkind = \"swipe\"\nfingers = 2\ndirection = \"left\"\naction = \"exec true\"",
        // Different fingers, devices, edges, regions, monitors, buttons, modifiers.
        gesture("p", "kind = \"pan\"\nfingers = 3") + gesture("s", "kind = \"swipe\"\nfingers = 2"),
        gesture("p", "kind = \"pan\"\nmin-fingers = 1\nmax-fingers = 3")
            + gesture("s", "kind = \"swipe\"\nfingers = 2"),
        gesture("w", "kind = \"swipe\"\ndevice = \"touchpad\"")
            + gesture("n", "kind = \"swipe\"\ndevice = \"touchscreen\"\ndirection = \"left\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = \"50%\", height = \"100%\" }")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\ndirection = \"left\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nmonitor = \"primary\"")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\ndirection = \"left\""),
        gesture("w", "kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\"\nbutton = 2")
            + gesture("n", "kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\"\nmodifiers = []"),
        gesture("w", "kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\"\nmodifiers = [\"ctrl\"]")
            + gesture("n", "kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\"\nmodifiers = [\"super\"]"),
        // A stroke's direction is not narrowed by another stroke's shape.
        gesture("w", "kind = \"stroke\"\ndevice = \"pointer\"\nshape = \"check\"")
            + gesture("n", "kind = \"stroke\"\ndevice = \"pointer\"\ndirection = \"right\""),
        gesture("p", "kind = \"pan\"\nfingers = 2\nmodifiers = [\"ctrl\"]")
            + gesture("s", "kind = \"swipe\"\nfingers = 2"),
        // Edges: at a corner the one with no direction may take the other edge.
        gesture("w", "kind = \"edge\"") + gesture("n", "kind = \"edge\"\ndirection = \"left\""),
        gesture("p", "kind = \"pan\"\ndevice = \"touchscreen\"") + gesture("e", "kind = \"edge\"\nfingers = 2"),
        // Relations and settings that let the loser through.
        gesture("p", "kind = \"pan\"\nfingers = 2\nrequires-failure-of = \"s\"")
            + gesture("s", "kind = \"swipe\"\nfingers = 2"),
        gesture("p", "kind = \"pan\"\nfingers = 2\nsimultaneous-with = \"s\"")
            + gesture("s", "kind = \"swipe\"\nfingers = 2"),
        gesture("p", "kind = \"pan\"\nfingers = 2\nprevents = []") + gesture("s", "kind = \"swipe\"\nfingers = 2"),
        gesture("p", "kind = \"pan\"\nfingers = 2\npan-distance = 40") + gesture("s", "kind = \"swipe\"\nfingers = 2"),
        gesture("p", "kind = \"pan\"\nfingers = 2\nhold-touches = \"20ms\"")
            + gesture("s", "kind = \"swipe\"\nfingers = 2"),
        gesture("l", "kind = \"long-press\"")
            + gesture("s", "kind = \"long-press\"\nfingers = 2\nlong-press-duration = \"1s\""),
        gesture("l", "kind = \"long-press\"")
            + gesture("s", "kind = \"long-press\"\nlong-press-duration = \"1s\"\nlong-press-movement = \"5mm\""),
        gesture("l", "kind = \"long-press\"")
            + gesture("s", "kind = \"long-press\"\ntaps = 1\nlong-press-duration = \"1s\""),
        gesture("t", "kind = \"tap\"\ndevice = \"touchscreen\"\ntap-movement = 2")
            + gesture("s", "kind = \"long-press\"\ntaps = 1"),
        gesture("t", "kind = \"tap\"\ndevice = \"touchscreen\"\nfingers = 2")
            + gesture("s", "kind = \"long-press\"\ntaps = 1"),
        // Places the first does not take in full: regions that only overlap, one that may
        // be narrower on some monitor or density, another monitor, the primary one by name.
        gesture("w", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = \"50%\", height = \"100%\" }")
            + gesture(
                "n",
                "kind = \"swipe\"\nfingers = 2\nregion = { x = \"25%\", y = 0, width = \"50%\", height = \"100%\" }"),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = 960, height = 1080 }")
            + gesture(
                "n", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = \"50%\", height = \"100%\" }"),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = \"100%\", height = \"100%\" }")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = 100, height = 100 }"),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = 100, height = 100 }")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = \"25mm\", height = 100 }"),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = 100, height = 100 }")
            + gesture("n", "kind = \"swipe\"\nfingers = 2"),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nmonitor = \"eDP-1\"")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nmonitor = \"HDMI-1\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nmonitor = \"eDP-1\"")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nmonitor = \"primary\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nmonitor = \"HDMI-*\"")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nmonitor = \"HDMI-[12]\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nedge = \"top\"")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nedge = \"left\""),
        // Bindings in different apps, or a global one and an app's.
        "[[app]]\nclass = \"a\"\n[[app.gesture]]\nkind = \"swipe\"\nfingers = 2\naction = \"exec true\"\n"
            + "[[app]]\nclass = \"b\"\n[[app.gesture]]\nkind = \"swipe\"\nfingers = 2\nmonitor = \"eDP-1\"\n"
            + "action = \"exec true\"",
        gesture("w", "kind = \"swipe\"\nfingers = 2")
            + "[[app]]\nclass = \"a\"\n[[app.gesture]]\nkind = \"swipe\"\nfingers = 2\nmonitor = \"eDP-1\"\n"
            + "action = \"exec true\"",
        // The wider one disabled in an app, waiting for the other, or related to it.
        gesture("w", "kind = \"swipe\"\nfingers = 2")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nmonitor = \"eDP-1\"")
            + "[[app]]\nclass = \"a\"\ndisable = [\"w\"]\n",
        gesture("w", "kind = \"swipe\"\nfingers = 2\nrequires-failure-of = \"n\"")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nmonitor = \"eDP-1\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nsimultaneous-with = \"n\"")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nedge = \"top\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nprevents = []")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nedge = \"top\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nenabled = false")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nedge = \"top\""),
        gesture("w", "kind = \"swipe\"\nfingers = 2\nswipe-distance = \"10mm\"")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\nregion = { x = 0, y = 0, width = 100, height = 100 }"),
        // Edges: the one with no direction in a wider place still takes the nearer edge.
        gesture("w", "kind = \"edge\"") + gesture("n", "kind = \"edge\"\ndirection = \"left\"\nmonitor = \"eDP-1\""),
        // A global winner an app disables or replaces does not run in its windows.
        gesture("p", "kind = \"pan\"\nfingers = 2") + gesture("s", "kind = \"swipe\"\nfingers = 2")
            + "[[app]]\nclass = \"a\"\ndisable = [\"p\"]\n",
        gesture("w", "kind = \"swipe\"\nfingers = 2")
            + gesture("n", "kind = \"swipe\"\nfingers = 2\ndirection = \"left\"")
            + "[[app]]\nclass = \"a\"\n[[app.gesture]]\nkind = \"swipe\"\nfingers = 2\nmodifiers = [\"ctrl\"]\n"
            + "action = \"exec true\"\n",
    ])
    func bindingsThatMayFireAreNotSaid(source: String) {
        let result = load(source)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
    }

    /// Two bindings alike keep their own warning, said once.
    @Test func bindingsAlikeAreSaidOnce() {
        let pan = Self.gesture("pan2", "kind = \"pan\"\nfingers = 2")
        let swipe = "[[gesture]]\nkind = \"swipe\"\nfingers = 2\naction = \"exec true\"\n"
        let messages = Self.warnings(pan + swipe + swipe)
        #expect(messages.count == 2)
        #expect(messages.last?.hasPrefix(#""gesture-3" can never fire: "gesture-2" takes the same gesture"#) == true)
    }
}
