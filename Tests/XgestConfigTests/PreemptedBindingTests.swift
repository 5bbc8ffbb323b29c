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
