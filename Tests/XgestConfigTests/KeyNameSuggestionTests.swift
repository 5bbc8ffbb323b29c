import Testing

@testable import XgestConfig

/// What `key` says of a name that is no keysym but stands for one (a character written as
/// itself, a `U` form in lower case), and of the one keysym that types nothing.
@Suite struct KeyNameSuggestionTests {
    /// X's names for these tests: a few, and the `U` form as XStringToKeysym takes it (hex
    /// digits in either case after an upper-case U).
    static func isKnown(_ name: String) -> Bool {
        if ["EuroSign", "Cyrillic_ef", "exclam", "Control_L", "VoidSymbol", "a", "0xffffff"].contains(name) {
            return true
        }
        return name.first == "U" && name.count > 1 && name.dropFirst().allSatisfy(\.isHexDigit)
    }

    func failure(_ action: String) -> String? {
        if case .failure(let f) = ActionParser.parse(action, isKnownKeysym: Self.isKnown) { return f.message }
        return nil
    }

    /// `key €` was "unknown key" with the list of keysym-name examples and no word of
    /// EuroSign or U20AC; a layout's key carries the name's keysym (Cyrillic_ef), not the
    /// `U` form's, so the name comes first.
    @Test func aCharacterWrittenAsItselfIsGivenItsKeysym() {
        #expect(failure("key €") == #"unknown key "€" (write EuroSign for the character U+20AC)"#)
        #expect(failure("key ctrl+ф") == #"unknown key "ф" in "ctrl+ф" (write Cyrillic_ef for the character U+0444)"#)
        #expect(failure("key 😀") == #"unknown key "😀" (write U1F600 for the character U+1F600)"#)
        // Unicode's notation gets the same answer as the character: EuroSign, not U20AC.
        #expect(failure("key U+20AC") == #"unknown key "20AC" in "U+20AC" (write EuroSign for the character U+20AC)"#)
        #expect(failure("key U+1F600") == #"unknown key "1F600" in "U+1F600" (write U1F600 for the character U+1F600)"#)
        #expect(
            failure("key !+€+Rigth")
                == #"unknown keys "!" (did you mean "exclam"?), "€" (did you mean "EuroSign"?) and "Rigth" in "!+€+Rigth""#
                + " (key names are X keysym names, such as Right, Page_Down, a, F5, plus)")
    }

    /// `key u20ac` was offered "U20ac", which X takes but nobody writes.
    @Test func aLowerCaseUFormIsOfferedInUpperCase() {
        #expect(failure("key u20ac") == #"unknown key "u20ac" (did you mean "U20AC"?)"#)
        #expect(failure("key ctrl+u1f600") == #"unknown key "u1f600" in "ctrl+u1f600" (did you mean "U1F600"?)"#)
    }

    /// `key enter` and `key esc` got "unknown key" and the keysym examples, and the name
    /// twice (`unknown key "enter" in "enter"`): names other programs give keys are
    /// answered with X's, and a combo that is the one key is not named again.
    @Test func commonKeyNamesAreAnsweredWithTheKeysym() {
        let known = { (name: String) in ["Return", "Escape", "Delete", "Page_Up", "Page_Down", "a"].contains(name) }
        func failure(_ action: String) -> String? {
            if case .failure(let f) = ActionParser.parse(action, isKnownKeysym: known) { return f.message }
            return nil
        }
        #expect(failure("key enter") == #"unknown key "enter" (did you mean "Return"?)"#)
        #expect(failure("key ctrl+Esc") == #"unknown key "Esc" in "ctrl+Esc" (did you mean "Escape"?)"#)
        #expect(failure("key cmd+a") == #"unknown key "cmd" in "cmd+a" (did you mean "super"?)"#)
        #expect(
            failure("key del+pgdn")
                == #"unknown keys "del" (did you mean "Delete"?) and "pgdn" (did you mean "Page_Down"?) in "del+pgdn""#
                + " (key names are X keysym names, such as Right, Page_Down, a, F5, plus)")
        // Not a keysym here: nothing offered.
        #expect(failure("key ins")?.hasPrefix(#"unknown key "ins" (key names are X keysym names"#) == true)
    }

    /// `key VoidSymbol` passed `xgest check`, took a spare keycode and typed nothing.
    @Test func voidSymbolIsRefused() {
        #expect(
            failure("key VoidSymbol")
                == #""VoidSymbol" types nothing: it is VoidSymbol, the keysym of no character,"#
                + " which applications ignore")
        #expect(failure("key-down ctrl+0xffffff")?.hasPrefix(#""0xffffff" in "ctrl+0xffffff" types nothing"#) == true)
    }
}
