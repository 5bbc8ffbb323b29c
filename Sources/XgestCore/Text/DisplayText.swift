/// Text that other clients wrote (window titles, WM_CLASS names, device names) or that a
/// file holds, made safe for a line on a terminal or in a log: every human-readable
/// output of xgest passes such text through here, and only here.
///
/// A window title is any string its application likes, so printed as it is, a title with
/// a newline writes a second, well-formed `--debug` line of the attacker's choosing, and
/// one with ESC drives the terminal. Escaped, one line stays one line and shows every byte:
/// a newline as `\n`, a tab as `\t`, other C0 controls and DEL as `\x1b`, the C1 controls
/// (U+0080–U+009F, which some terminals obey as ESC sequences) and the Unicode line
/// separators and bidirectional overrides (which reorder or break what a reader sees) as
/// `\u202e`; a backslash is doubled so an escape in the text cannot pass for one of these.
public enum DisplayText {
    public static func escaped(_ text: String) -> String { escaped(text, doublingBackslashes: true) }

    /// Text of the user's own config (an action): escaped as ``escaped(_:)`` is, but a
    /// backslash stays single, so that `exec sh -c 'a\ b'` reads as it was written and a
    /// quoting mistake shows as one. Its controls are still escaped, and the text has no
    /// other client behind it to forge a line with an escape.
    public static func escapedAsWritten(_ text: String) -> String { escaped(text, doublingBackslashes: false) }

    /// Another client's text to be quoted in a line written with
    /// ``escapedAsWritten(_:)``: its backslashes doubled and its quotes escaped (`\"`), so
    /// that a title cannot end its quotes and write fields of its own (`x" class=Firefox`);
    /// its controls are the line's to escape.
    public static func quotable(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\"" }) else { return text }
        var out = ""
        for c in text {
            if c == "\\" || c == "\"" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// A field's value in such a line: as it is, or quoted (``quotable(_:)``) when it holds
    /// a space, a quote or `=`, which would make it read as more than one field.
    public static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) else { return quotable(text) }
        return "\"" + quotable(text) + "\""
    }

    private static func escaped(_ text: String, doublingBackslashes: Bool) -> String {
        let needsEscape = { (scalar: Unicode.Scalar) in
            (doublingBackslashes || scalar != "\\") && escape(scalar) != nil
        }
        // Most text needs nothing: return it as it is without building a copy.
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar), let e = escape(scalar) { out += e } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// How `scalar` is written, or nil when it is written as itself.
    public static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x5C: return "\\\\"
        case 0x0A: return "\\n"
        case 0x09: return "\\t"
        // A script's #! line with Windows line endings names `/bin/sh\r`.
        case 0x0D: return "\\r"
        case 0x00...0x1F, 0x7F: return "\\x" + hex(scalar.value, digits: 2)
        case 0x80...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u" + hex(scalar.value, digits: 4)
        default: return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
