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

    static func parse(_ text: String, isKnownKeysym: (String) -> Bool) -> Result<KeyCombo, ArgumentSplitter.Failure> {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        var keysyms: [String] = []
        for part in parts {
            guard !part.isEmpty else {
                return .failure(.init(message: "empty key in \(quoteBasic(text)) (write \"plus\" for the + key)"))
            }
            let lower = part.lowercased()
            if let alias = ModifierAlias(rawValue: lower) {
                keysyms.append(alias.keysym)
                continue
            }
            if lower == "meta" { return .failure(.init(message: ambiguousMeta)) }
            guard isKnownKeysym(part) else {
                return .failure(
                    .init(
                        message:
                            "unknown key \(quoteBasic(part)) in \(quoteBasic(text))\(suggestion(part, isKnownKeysym))"))
            }
            keysyms.append(part)
        }
        return .success(KeyCombo(keysyms: keysyms))
    }

    /// A keysym differing only in case (`right` → `Right`, `pagedown` is not guessed), or a
    /// close modifier alias.
    private static func suggestion(_ name: String, _ isKnownKeysym: (String) -> Bool) -> String {
        var capitalized = name.lowercased()
        if let first = capitalized.first {
            capitalized = first.uppercased() + capitalized.dropFirst()
        }
        for candidate in [capitalized, name.lowercased(), name.uppercased()] where candidate != name {
            if isKnownKeysym(candidate) { return " (did you mean \(quoteBasic(candidate))?)" }
        }
        return Suggestions.didYouMean(name, in: ModifierAlias.allCases.map(\.rawValue))
            + " (key names are X keysym names, such as Right, Page_Down, a, F5, plus)"
    }
}
