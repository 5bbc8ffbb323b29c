import XgestCore

/// Modifier names a key combination may use, resolved to X keysym names.
enum ModifierAlias: String, CaseIterable {
    case ctrl, control, alt, shift, `super`, win

    var keysym: String {
        switch self {
        case .ctrl, .control: return "Control_L"
        case .alt: return "Alt_L"
        case .shift: return "Shift_L"
        case .super, .win: return "Super_L"
        }
    }

    /// The modifier it names in a `modifiers` condition.
    var modifier: Modifiers {
        switch self {
        case .ctrl, .control: return .ctrl
        case .alt: return .alt
        case .shift: return .shift
        case .super, .win: return .super
        }
    }
}

/// `ctrl+alt+Right` → `Control_L`, `Alt_L`, `Right`. Modifier aliases are matched
/// ignoring case; other names must be X keysym names (`Right`, `Page_Down`, `a`, `F5`,
/// `plus`, `XF86AudioRaiseVolume`), checked by the caller's validator.
enum KeyComboParser {
    static let ambiguousMeta =
        "\"meta\" is ambiguous (Alt on some systems, Super on others): write \"alt\" or \"super\""

    static func parse(
        _ text: String, isKnownKeysym: (String) -> Bool, keysymIgnoringCase: (String) -> String? = { _ in nil }
    ) -> Result<KeyCombo, ArgumentSplitter.Failure> {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        var keysyms: [String] = []
        // Every unknown name is reported at once, so that fixing one does not reveal the next.
        var unknown: [String] = []
        // Each key's first spelling: a combo presses every key once, so a second one
        // ("super+super", "ctrl+control", "a+a" for two a's) types nothing more.
        var spelled: [String: String] = [:]
        // ` in "ctrl+enter"`; nothing when the combo is the one key named already.
        func inText(_ part: String) -> String { part == text ? "" : " in \(quoteBasic(text))" }
        func twice(_ keysym: String, _ part: String) -> ArgumentSplitter.Failure? {
            if let first = spelled[keysym] {
                let same = first == part ? "twice" : "and \(quoteBasic(first)), the same key,"
                return .init(
                    message:
                        "\(quoteBasic(part)) \(same) in \(quoteBasic(text)): a key combination presses each key once")
            }
            spelled[keysym] = part
            return nil
        }
        for (i, part) in parts.enumerated() {
            // `U+20AC`, Unicode's notation, splits into the letter U and "20AC": the keysym to
            // write is the character's, EuroSign, as for `€` itself (a keymap carries that).
            if i > 0, !part.isEmpty, parts[i - 1].uppercased() == "U", !isKnownKeysym(part),
                let value = UInt32(part, radix: 16), let scalar = Unicode.Scalar(value),
                let (name, code) = characterKeysym(String(Character(scalar)), isKnownKeysym)
            {
                return .failure(
                    .init(
                        message: "unknown key \(quoteBasic(part))\(inText(part))"
                            + " (write \(name) for the character \(code))"))
            }
            guard !part.isEmpty else {
                return .failure(.init(message: "empty key in \(quoteBasic(text)) (write \"plus\" for the + key)"))
            }
            let lower = part.lowercased()
            if let alias = ModifierAlias(rawValue: lower) {
                if let failure = twice(alias.keysym, part) { return .failure(failure) }
                keysyms.append(alias.keysym)
                continue
            }
            if lower == "meta" { return .failure(.init(message: ambiguousMeta)) }
            if isKnownKeysym(part) {
                if isVoidSymbol(part) {
                    return .failure(
                        .init(
                            message: "\(quoteBasic(part))\(inText(part)) types nothing: it is VoidSymbol,"
                                + " the keysym of no character, which applications ignore"))
                }
                if let failure = twice(part, part) { return .failure(failure) }
                keysyms.append(part)
            } else {
                unknown.append(part)
            }
        }
        if unknown.count == 1, let part = unknown.first {
            if let (name, code) = characterKeysym(part, isKnownKeysym) {
                return .failure(
                    .init(
                        message: "unknown key \(quoteBasic(part))\(inText(part))"
                            + " (write \(name) for the character \(code))"))
            }
            return .failure(
                .init(
                    message:
                        "unknown key \(quoteBasic(part))\(inText(part))\(suggestion(part, isKnownKeysym, keysymIgnoringCase))"
                )
            )
        }
        if !unknown.isEmpty {
            let named = unknown.map { part in
                let known = caseSuggestion(part, isKnownKeysym, keysymIgnoringCase)
                let byCase = known.isEmpty ? commonName(part, isKnownKeysym) : known
                let guess =
                    byCase.isEmpty ? Suggestions.didYouMean(part, in: ModifierAlias.allCases.map(\.rawValue)) : byCase
                return quoteBasic(part) + guess
            }
            return .failure(
                .init(
                    message: "unknown keys \(ListWords.joined(named)) in \(quoteBasic(text))"
                        + " (key names are X keysym names, such as Right, Page_Down, a, F5, plus)"))
        }
        return .success(KeyCombo(keysyms: keysyms))
    }

    /// The keysym a character written as itself (`€`, `ф`, `!`) is: its name in X's tables
    /// (EuroSign, Cyrillic_ef, exclam), which a keymap carries, else its `U` form (U1F600);
    /// with the character's `U+` number.
    private static func characterKeysym(
        _ part: String, _ isKnownKeysym: (String) -> Bool
    ) -> (name: String, code: String)? {
        guard part.unicodeScalars.count == 1, let scalar = part.unicodeScalars.first else { return nil }
        let hex = String(scalar.value, radix: 16).uppercased()
        let digits = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let candidates = [CharacterKeysyms.name(of: scalar), "U" + digits].compactMap { $0 }
        return candidates.first(where: isKnownKeysym).map { ($0, "U+" + digits) }
    }

    /// `VoidSymbol`, or its number (`0xffffff`): X's keysym for a key that types nothing.
    private static func isVoidSymbol(_ name: String) -> Bool {
        if name == "VoidSymbol" { return true }
        guard name.lowercased().hasPrefix("0x"), let value = UInt32(name.dropFirst(2), radix: 16) else { return false }
        return value == 0xff_ffff
    }

    /// ` (did you mean "Right"?)` for a keysym written in the wrong case or as its character
    /// (`€`: "EuroSign"), else nothing.
    private static func caseSuggestion(
        _ name: String, _ isKnownKeysym: (String) -> Bool, _ ignoringCase: (String) -> String?
    ) -> String {
        // A character by its number is U and upper-case hex digits, as X names it: `u20ac`
        // was offered the "U20ac" the guesses below find first.
        if let first = name.first, first == "u" || first == "U", name.count > 1,
            name.dropFirst().allSatisfy(\.isHexDigit)
        {
            let canonical = "U" + name.dropFirst().uppercased()
            if canonical != name, isKnownKeysym(canonical) { return " (did you mean \(quoteBasic(canonical))?)" }
        }
        if let (character, _) = characterKeysym(name, isKnownKeysym) {
            return " (did you mean \(quoteBasic(character))?)"
        }
        var capitalized = name.lowercased()
        if let first = capitalized.first {
            capitalized = first.uppercased() + capitalized.dropFirst()
        }
        for candidate in [capitalized, name.lowercased(), name.uppercased()] where candidate != name {
            if isKnownKeysym(candidate) { return " (did you mean \(quoteBasic(candidate))?)" }
        }
        // Names of several words (`page_down`, `XF86audioplay`, `kp_enter`) mix cases.
        if let known = ignoringCase(name), known != name {
            return " (did you mean \(quoteBasic(known))?)"
        }
        return ""
    }

    /// Names other programs and keyboards give keys, for X's keysym (or the config's
    /// modifier alias): `key enter` was "unknown key" with no word of Return. Suggested,
    /// not taken: a key name means one keysym, and `Return` is what `xmodmap` and
    /// `xev` show.
    static let commonNames: [String: String] = [
        "enter": "Return", "esc": "Escape", "del": "Delete", "ins": "Insert",
        "pgup": "Page_Up", "pageup": "Page_Up", "pgdown": "Page_Down", "pgdn": "Page_Down", "pagedown": "Page_Down",
        "backspace": "BackSpace", "bksp": "BackSpace", "cmd": "super", "command": "super", "windows": "super",
        "option": "alt", "opt": "alt", "capslock": "Caps_Lock", "caps": "Caps_Lock", "prtsc": "Print",
        "printscreen": "Print", "break": "Pause",
    ]

    /// ` (did you mean "Return"?)` for a name of ``commonNames``, else nothing.
    private static func commonName(_ name: String, _ isKnownKeysym: (String) -> Bool) -> String {
        guard let keysym = commonNames[name.lowercased()] else { return "" }
        guard ModifierAlias(rawValue: keysym) != nil || isKnownKeysym(keysym) else { return "" }
        return " (did you mean \(quoteBasic(keysym))?)"
    }

    /// A keysym differing only in case (`right` → `Right`, `pagedown` is not guessed), or a
    /// close modifier alias.
    private static func suggestion(
        _ name: String, _ isKnownKeysym: (String) -> Bool, _ ignoringCase: (String) -> String?
    ) -> String {
        let byCase = caseSuggestion(name, isKnownKeysym, ignoringCase)
        if !byCase.isEmpty { return byCase }
        let common = commonName(name, isKnownKeysym)
        if !common.isEmpty { return common }
        return Suggestions.didYouMean(name, in: ModifierAlias.allCases.map(\.rawValue))
            + " (key names are X keysym names, such as Right, Page_Down, a, F5, plus)"
    }
}

/// `"a"`, `"a" and "b"`, `"a", "b" and "c"`: a list in a message.
enum ListWords {
    static func joined(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
