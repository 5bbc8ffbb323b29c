/// `key CTRL+T`: T is the shifted t, and xgest types a keysym as a user would, with the
/// Shift its level needs (as xdotool does), so the combination arrives as Ctrl+Shift+T. A
/// user coming from tools that ignore case meant Ctrl+T, and nothing said otherwise.
///
/// Warned of only where the reading is certain to differ: a letter that has a lower case
/// keysym, with a modifier other than Shift (a letter alone, or with Shift only, types the
/// capital, which is what it says), and Shift not named (`ctrl+shift+T` says it).
enum ShiftedLetterWarning {
    /// The modifiers a shortcut is made with, by alias or keysym, as the warning names them.
    private static func modifierName(_ part: String) -> String? {
        switch part.lowercased() {
        case "ctrl", "control", "control_l", "control_r": "Ctrl"
        case "alt", "alt_l", "alt_r": "Alt"
        case "super", "win", "super_l", "super_r": "Super"
        case "meta_l", "meta_r": "Meta"
        case "hyper_l", "hyper_r": "Hyper"
        default: nil
        }
    }

    private static func isShift(_ part: String) -> Bool {
        ["shift", "shift_l", "shift_r"].contains(part.lowercased())
    }

    /// The warning for `text`, a combination parsed without error (each part a modifier
    /// alias or a known keysym), or nil.
    static func warning(_ text: String, isKnownKeysym: (String) -> Bool) -> String? {
        let parts = text.split(separator: "+").map(String.init)
        guard !parts.contains(where: isShift), parts.contains(where: { modifierName($0) != nil }) else { return nil }
        let lowered = parts.map { lowerCase(of: $0, isKnownKeysym) }
        guard let i = lowered.indices.first(where: { lowered[$0] != nil }), let lower = lowered[i] else { return nil }
        // As a user names the keys: Ctrl+Alt+T, the letter as its keysym.
        let named = parts.map { modifierName($0) ?? $0 }
        // An alias in capitals is lowered with the letter; a keysym (Control_L) keeps its case.
        let fixed = parts.indices.map { j in
            lowered[j] ?? (ModifierAlias(rawValue: parts[j].lowercased()) != nil ? parts[j].lowercased() : parts[j])
        }
        // Shift goes after the other modifiers, before the first letter.
        var withShift = fixed
        withShift.insert("shift", at: i)
        var typed = named
        typed.insert("Shift", at: i)
        return "\(quoteBasic(text)) types \(typed.joined(separator: "+")) (\(parts[i]) is the shifted \(lower)):"
            + " write \(quoteBasic(fixed.joined(separator: "+"))) for \(named.joined(separator: "+")), or"
            + " \(quoteBasic(withShift.joined(separator: "+"))) to say Shift"
    }

    /// The keysym of the lower case of the letter `part` names, when `part` is an upper
    /// case letter's keysym (`T`, `Adiaeresis`, `Cyrillic_EF`) and X has one for it.
    private static func lowerCase(of part: String, _ isKnownKeysym: (String) -> Bool) -> String? {
        guard let scalar = CharacterKeysyms.character(named: part), scalar.properties.isUppercase else { return nil }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        guard lower.count == 1, let l = lower.first, let name = CharacterKeysyms.name(of: l), isKnownKeysym(name)
        else { return nil }
        return name
    }
}
