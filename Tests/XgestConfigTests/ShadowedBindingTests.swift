import Testing

@testable import XgestConfig

/// Two bindings of the same gesture in the same scope were accepted with no word, and only
/// the first ever fired (it begins first and fails the other): a copy-paste slip looked like
/// a binding that does nothing. The second is warned of where that is certain.
@Suite struct ShadowedBindingTests {
    static let swipe = """
        kind = "swipe"
        device = "touchpad"
        fingers = 3
        """

    @Test func theSecondOfTwoGlobalBindingsAlikeIsSaid() {
        expectSchemaDiagnostics(
            """
            2️⃣[[gesture]]
            \(Self.swipe)
            action = "exec true"
            1️⃣[[gesture]]
            \(Self.swipe)
            action = "exec false"
            on = "begin"
            """,
            """
            test.toml:6:1: warning: "gesture-2" can never fire: "gesture-1" takes the same gesture (the first of two alike fails the other; make them differ, or relate them with simultaneous-with)
            [[gesture]]
            ^~~~~~~~~~~
            test.toml:1:1: note: "gesture-1" is here
            [[gesture]]
            ^~~~~~~~~~~
            """)
    }

    @Test func twoAlikeInOneAppSectionAreSaid() {
        let result = load(
            """
            [[app]]
            class = "Firefox"
            [[app.gesture]]
            name = "back"
            \(Self.swipe)
            action = "key alt+Left"
            [[app.gesture]]
            name = "back-again"
            \(Self.swipe)
            action = "key alt+Left"
            """)
        #expect(
            result.diagnostics.map(\.message).map { $0.prefix(50) } == [
                #""back-again" can never fire: "back" takes the same"#
            ])
        #expect(result.configuration?.bindings.count == 2)
    }

    /// Anything that may let the second fire: it is not said to take the same gesture. (A
    /// first with no direction or no modifiers does take a second's gestures: that warning
    /// is PreemptedBindingTests'.)
    @Test(arguments: [
        "fingers = 4",
        "direction = \"left\"",
        "modifiers = [\"ctrl\"]",
        "simultaneous-with = \"first\"",
        "prevents = []",
        "prevented-by = []",
        "requires-failure-of = \"first\"",
        "enabled = false",
        "touchpad-swipe-distance = 80",
    ])
    func bindingsThatDifferAreNotSaid(difference: String) {
        let result = load(
            """
            [[gesture]]
            name = "first"
            \(Self.swipe)
            action = "exec true"
            [[gesture]]
            kind = "swipe"
            device = "touchpad"
            \(difference.hasPrefix("fingers") ? "" : "fingers = 3")
            \(difference)
            action = "exec false"
            """)
        let alike = result.diagnostics.filter { $0.message.contains("takes the same gesture") }
        #expect(alike.isEmpty, "\(result.renderedDiagnostics())")
    }

    /// A global and an app's binding alike: the app's replaces the global in its windows,
    /// and the global fires elsewhere. Two globals alike where an app disables the first:
    /// the second fires there.
    @Test func differentScopesAndADisabledFirstAreNotSaid() {
        let overridden = load(
            """
            [[gesture]]
            \(Self.swipe)
            action = "exec true"
            [[app]]
            class = "Firefox"
            [[app.gesture]]
            \(Self.swipe)
            action = "exec false"
            [[app]]
            class = "Chromium"
            [[app.gesture]]
            \(Self.swipe)
            action = "exec false"
            """)
        #expect(overridden.diagnostics.isEmpty, "\(overridden.renderedDiagnostics())")
        let disabled = load(
            """
            [[gesture]]
            name = "first"
            \(Self.swipe)
            action = "exec true"
            [[gesture]]
            \(Self.swipe)
            action = "exec false"
            [[app]]
            class = "Firefox"
            disable = ["first"]
            """)
        #expect(disabled.diagnostics.isEmpty, "\(disabled.renderedDiagnostics())")
    }
}
