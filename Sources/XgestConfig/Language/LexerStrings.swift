/// String literals: basic `"…"` with escapes, literal `'…'` without, and their
/// multi-line `"""…"""` / `'''…'''` forms.
extension Lexer {
    mutating func lexString(start: SourceLocation) -> TokenKind {
        guard let quote = peek() else { return .invalid }
        let basic = quote == "\""
        if peek(1) == quote && peek(2) == quote {
            bump()
            bump()
            bump()
            return lexMultiline(basic: basic, quote: quote, start: start)
        }
        bump()
        let reportedBefore = diagnostics.count
        var text = ""
        while true {
            guard let scalar = peek(), scalar != "\n", !(scalar == "\r" && peek(1) == "\n") else {
                report("unterminated string (missing closing \(quote == "\"" ? "'\"'" : "\"'\""))", from: start)
                return .invalid
            }
            if scalar == quote {
                bump()
                return diagnostics.count > reportedBefore ? .invalid : .string(text, basic ? .basic : .literal)
            }
            if basic && scalar == "\\" {
                lexEscape(into: &text)
                continue
            }
            appendChecked(scalar, to: &text)
        }
    }

    private mutating func lexMultiline(basic: Bool, quote: Unicode.Scalar, start: SourceLocation) -> TokenKind {
        // A newline right after the opening quotes is not part of the string, so the
        // text can start on its own line.
        if peek() == "\n" {
            bump()
        } else if peek() == "\r" && peek(1) == "\n" {
            bump()
            bump()
        }
        let reportedBefore = diagnostics.count
        var text = ""
        while let scalar = peek() {
            if scalar == quote {
                var run = 0
                while peek() == quote {
                    run += 1
                    bump()
                }
                guard run >= 3 else {
                    text += String(repeating: String(Character(quote)), count: run)
                    continue
                }
                // Up to two quotes may sit just before the closing three.
                if run > 5 {
                    report("too many quotes in a row at the end of a multi-line string", from: start)
                }
                text += String(repeating: String(Character(quote)), count: min(run - 3, 2))
                return diagnostics.count > reportedBefore
                    ? .invalid : .string(text, basic ? .multilineBasic : .multilineLiteral)
            }
            if scalar == "\r" && peek(1) == "\n" {
                bump()
                bump()
                text += "\n"
                continue
            }
            if scalar == "\n" {
                bump()
                text += "\n"
                continue
            }
            if basic && scalar == "\\" && isLineEndingBackslash() {
                // `\` at the end of a line joins it to the next, dropping the line
                // break and the next line's leading blanks.
                bump()
                while let blank = peek(), blank == " " || blank == "\t" || blank == "\n" || blank == "\r" {
                    bump()
                }
                continue
            }
            if basic && scalar == "\\" {
                lexEscape(into: &text)
                continue
            }
            appendChecked(scalar, to: &text)
        }
        let closing = basic ? "'\"\"\"'" : "\"'''\""
        report("unterminated multi-line string (missing closing \(closing))", from: start)
        return .invalid
    }

    /// Whether the backslash at the current position is followed only by blanks up to
    /// the end of the line.
    private func isLineEndingBackslash() -> Bool {
        var offset = 1
        while let scalar = peek(offset), scalar == " " || scalar == "\t" {
            offset += 1
        }
        return peek(offset) == "\n" || (peek(offset) == "\r" && peek(offset + 1) == "\n")
    }

    private mutating func appendChecked(_ scalar: Unicode.Scalar, to text: inout String) {
        let start = location
        bump()
        if isForbiddenControl(scalar) {
            report("control character \(describe(scalar)) must be escaped in a string", from: start)
        } else {
            text.unicodeScalars.append(scalar)
        }
    }

    /// Reads one escape sequence starting at the backslash. A bad one is reported and the
    /// string read on to its end, so that one typo gives one error; the string is then
    /// invalid, and its line left out like any line with an error (its value, the text
    /// without the escape, would be judged again by what reads it: `"key \q"` was also
    /// "key needs a key combination").
    private mutating func lexEscape(into text: inout String) {
        let start = location
        bump()
        guard let letter = peek(), letter != "\n", letter != "\r" else {
            report("invalid escape sequence: a backslash must be followed by an escape character", from: start)
            return
        }
        bump()
        switch letter {
        case "b": text += "\u{08}"
        case "t": text += "\t"
        case "n": text += "\n"
        case "f": text += "\u{0C}"
        case "r": text += "\r"
        case "\"": text += "\""
        case "\\": text += "\\"
        case "u": lexUnicodeEscape(digits: 4, letter: "u", start: start, into: &text)
        case "U": lexUnicodeEscape(digits: 8, letter: "U", start: start, into: &text)
        default:
            var sequence = "\\"
            sequence.unicodeScalars.append(letter)
            // As written (\q) when the letter shows; quoted as a string, the backslash was
            // doubled ("\\q").
            let shown =
                letter.isASCII && letter.value > 0x20 && letter.value < 0x7F
                ? " " + sequence : ": a backslash followed by \(describe(letter))"
            report(
                "invalid escape sequence\(shown) (valid: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)",
                from: start)
        }
    }

    private mutating func lexUnicodeEscape(digits: Int, letter: String, start: SourceLocation, into text: inout String)
    {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = peek(), let digit = hexDigitValue(scalar) else {
                report("\\\(letter) must be followed by exactly \(digits) hexadecimal digits", from: start)
                return
            }
            bump()
            value = value &* 16 &+ digit
        }
        guard let scalar = Unicode.Scalar(value) else {
            report("\\\(letter)\(hex(value)) is not a Unicode scalar value", from: start)
            return
        }
        text.unicodeScalars.append(scalar)
    }
}

func hexDigitValue(_ scalar: Unicode.Scalar) -> UInt32? {
    switch scalar {
    case "0"..."9": return scalar.value - 0x30
    case "a"..."f": return scalar.value - 0x61 + 10
    case "A"..."F": return scalar.value - 0x41 + 10
    default: return nil
    }
}
