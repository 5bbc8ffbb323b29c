import Testing
import XgestCore

@testable import XgestConfig

/// `key CTRL+T` types Ctrl+Shift+T: T is the shifted t, typed with Shift as a user would
/// type it (as xdotool does). A user coming from tools that ignore case meant Ctrl+T, and
/// nothing said otherwise; `xgest check` and the daemon's load now warn, with the fix.
@Suite struct ShiftedLetterWarningTests {
    /// The schema tests' keysyms, and the letters these need.
    static func isKnown(_ name: String) -> Bool {
        isTestKeysym(name)
            || ["T", "E", "e", "A", "Adiaeresis", "adiaeresis", "Cyrillic_EF", "Cyrillic_ef", "1", "Hyper_L"].contains(
                name)
    }

    static func warning(_ combo: String) -> String? {
        ShiftedLetterWarning.warning(combo, isKnownKeysym: isKnown)
    }

    @Test func checkWarnsWithTheFix() {
        let source = """
            [[gesture]]
            kind = "tap"
            action = "key CTRL+T"
            """
        let result = XgestConfiguration.load(source: source, file: "test.toml", isKnownKeysym: Self.isKnown)
        #expect(
            result.renderedDiagnostics() == """
                test.toml:3:10: warning: "CTRL+T" types Ctrl+Shift+T (T is the shifted t): write "ctrl+t" for Ctrl+T, or "ctrl+shift+t" to say Shift
                action = "key CTRL+T"
                         ^~~~~~~~~~~~
                """)
        // A warning: the binding runs, typing what it says.
        #expect(result.configuration?.bindings.first?.action.action == .key(KeyCombo(keysyms: ["Control_L", "T"])))
    }

    @Test func aCapitalWithAModifierOtherThanShiftIsWarnedOf() {
        #expect(
            Self.warning("super+alt+E")
                == "\"super+alt+E\" types Super+Alt+Shift+E (E is the shifted e): write \"super+alt+e\" for"
                + " Super+Alt+E, or \"super+alt+shift+e\" to say Shift")
        // A modifier's keysym keeps its case in the fix, as a keysym must.
        #expect(
            Self.warning("Control_L+T")
                == "\"Control_L+T\" types Ctrl+Shift+T (T is the shifted t): write \"Control_L+t\" for Ctrl+T, or"
                + " \"Control_L+shift+t\" to say Shift")
        // Letters beyond A to Z that have a lower case keysym.
        #expect(Self.warning("ctrl+Adiaeresis")?.hasPrefix("\"ctrl+Adiaeresis\" types Ctrl+Shift+Adiaeresis") == true)
        #expect(Self.warning("alt+Cyrillic_EF")?.contains("write \"alt+Cyrillic_ef\" for Alt+Cyrillic_EF") == true)
        #expect(Self.warning("Hyper_L+A") != nil)
    }

    @Test func whatSaysWhatItTypesIsNotWarnedOf() {
        for combo in [
            "ctrl+t",  // lower case
            "ctrl+shift+T", "SHIFT+ctrl+T", "Shift_L+alt+E",  // Shift named
            "T", "shift+T",  // no modifier but Shift: the capital is meant
            "ctrl+Return", "ctrl+1", "alt+F5", "ctrl+Page_Down",  // no letter
        ] {
            #expect(Self.warning(combo) == nil, "\(combo)")
        }
    }
}
