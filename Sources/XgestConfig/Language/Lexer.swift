/// Turns config text into tokens, one at a time, on the parser's demand.
///
/// The language is not context-free at the token level: `1.5` is two keys and a dot on
/// the left of `=` but a float on the right, and `[[` opens an array-of-tables header
/// at the start of a line but two nested arrays in a value. So the parser says what it
/// expects (`Mode`) each time it asks for a token, as TOML's own grammar implies.
///
/// Lines and columns are 1-based; a column counts Unicode scalars (see
/// `SourceLocation`). Comments and spaces are skipped; newlines are tokens, since they
/// end statements.
struct Lexer {
    enum Mode {
        /// Keys, dots, `=`, `[[`/`]]`: the start of a statement, a header, a key in an
        /// inline table.
        case key
        /// After `=`, `[` or `,` in an array: strings, numbers, booleans, `[`, `{`.
        case value
        /// After a value: only punctuation and line ends are valid, so any word is
        /// lexed as a bare key without judging it, leaving the parser to report it as
        /// out of place.
        case afterValue
    }

    /// A place the lexer can return to, so the parser can re-read a token in another
    /// mode when it recovers from an error.
    struct Position {
        var index: Int
        var line: Int
        var column: Int
        var diagnosticCount: Int
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private(set) var diagnostics: [Diagnostic] = []

    init(source: String) {
        scalars = sourceScalars(source)
    }

    var location: SourceLocation { SourceLocation(line: line, column: column) }

    var position: Position {
        Position(index: index, line: line, column: column, diagnosticCount: diagnostics.count)
    }

    /// Goes back to `position`, forgetting what was reported since.
    mutating func rewind(to position: Position) {
        index = position.index
        line = position.line
        column = position.column
        diagnostics.removeLast(diagnostics.count - position.diagnosticCount)
    }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let at = index + offset
        return at < scalars.count ? scalars[at] : nil
    }

    mutating func bump() {
        guard index < scalars.count else { return }
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    mutating func report(_ message: String, from start: SourceLocation, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.error(message, at: SourceRange(start: start, end: location), notes: notes))
    }

    /// Skips to the end of the current line (not past its newline): error recovery.
    mutating func skipRestOfLine() {
        while let scalar = peek(), scalar != "\n" {
            bump()
        }
    }

    mutating func next(_ mode: Mode) -> Token {
        skipBlanksAndComment()
        let start = location
        guard let scalar = peek() else {
            return Token(kind: .endOfFile, range: SourceRange(at: start))
        }
        let kind = lexKind(scalar, mode: mode, start: start)
        return Token(kind: kind, range: SourceRange(start: start, end: location))
    }

    private mutating func lexKind(_ scalar: Unicode.Scalar, mode: Mode, start: SourceLocation) -> TokenKind {
        switch scalar {
        case "\n":
            bump()
            return .newline
        case "\r" where peek(1) == "\n":
            bump()
            bump()
            return .newline
        case "=": return single(.equals)
        case ",": return single(.comma)
        case "{": return single(.leftBrace)
        case "}": return single(.rightBrace)
        case "[":
            if mode == .key && peek(1) == "[" {
                bump()
                return single(.doubleLeftBracket)
            }
            return single(.leftBracket)
        case "]":
            if mode == .key && peek(1) == "]" {
                bump()
                return single(.doubleRightBracket)
            }
            return single(.rightBracket)
        case "\"", "'":
            return lexString(start: start)
        default:
            break
        }
        switch mode {
        case .key:
            if scalar == "." {
                return single(.dot)
            }
            if isBareKeyScalar(scalar) {
                return .bareKey(readWhile(isBareKeyScalar))
            }
        case .afterValue:
            if isWordScalar(scalar) {
                return .bareKey(readWhile(isWordScalar))
            }
        case .value:
            if isWordScalar(scalar) {
                let word = readWhile(isWordScalar)
                return classifyWord(word, start: start)
            }
        }
        bump()
        return .unexpected(scalar)
    }

    private mutating func single(_ kind: TokenKind) -> TokenKind {
        bump()
        return kind
    }

    private mutating func readWhile(_ predicate: (Unicode.Scalar) -> Bool) -> String {
        var text = ""
        while let scalar = peek(), predicate(scalar) {
            text.unicodeScalars.append(scalar)
            bump()
        }
        return text
    }

    /// A word in value position: a boolean, a number, or a mistake worth explaining.
    private mutating func classifyWord(_ word: String, start: SourceLocation) -> TokenKind {
        switch word {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        default: break
        }
        let scalars = Array(word.unicodeScalars)
        if let first = scalars.first, isLetter(first), !NumberLiteral.isSpecialFloat(word) {
            report(
                "expected a value, found \(quoteBasic(word)) (strings must be quoted: \(quoteBasic(word)))", from: start
            )
            return .invalid
        }
        if NumberLiteral.looksLikeDateTime(scalars) {
            report("dates and times are not supported; write them as strings", from: start)
            return .invalid
        }
        switch NumberLiteral.parse(scalars) {
        case .integer(let value): return .integer(value)
        case .float(let value): return .float(value)
        case .failure(let reason):
            report("invalid number \(quoteBasic(word)): \(reason)", from: start)
            return .invalid
        }
    }

    /// Spaces, tabs and a comment up to (not including) the line end.
    private mutating func skipBlanksAndComment() {
        while let scalar = peek(), scalar == " " || scalar == "\t" {
            bump()
        }
        guard peek() == "#" else { return }
        while let scalar = peek(), scalar != "\n" {
            if scalar == "\r" && peek(1) == "\n" {
                return
            }
            if isForbiddenControl(scalar) {
                let start = location
                bump()
                report("control character \(describe(scalar)) is not allowed in a comment", from: start)
                continue
            }
            bump()
        }
    }
}

/// The scalars of a source, without a leading byte-order mark: editors write one
/// invisibly and do not count it as a column, so neither do the lexer and renderer.
func sourceScalars(_ source: String) -> [Unicode.Scalar] {
    var scalars = Array(source.unicodeScalars)
    if scalars.first == "\u{FEFF}" {
        scalars.removeFirst()
    }
    return scalars
}

/// What a bare word in value position may be made of: digits, letters, signs, `_`, `.`
/// (numbers and keywords), and `:` so that a date is read whole and rejected once.
func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z", "0"..."9", "_", "-", "+", ".", ":": return true
    default: return false
    }
}

func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "A"..."Z", "a"..."z": return true
    default: return false
    }
}

/// Control characters other than tab are not allowed raw in strings and comments: they
/// are invisible in an editor and usually a sign of a corrupt file.
func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
}
