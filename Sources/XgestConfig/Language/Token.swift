/// How a string was written: the parser needs it (a multi-line string is not a valid
/// key); the document does not keep it.
enum StringStyle: Sendable, Equatable {
    case basic
    case literal
    case multilineBasic
    case multilineLiteral
}

/// One lexical token of the config language.
enum TokenKind: Sendable, Equatable {
    /// A bare key such as `long-press-duration` (only lexed where a key is expected).
    case bareKey(String)
    case string(String, StringStyle)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    case equals
    case dot
    case comma
    case leftBracket
    case rightBracket
    /// `[[`, only lexed at the start of a statement (an array-of-tables header).
    case doubleLeftBracket
    /// `]]`, only lexed where a key is expected (closing an array-of-tables header).
    case doubleRightBracket
    case leftBrace
    case rightBrace
    case newline
    case endOfFile
    /// A character that starts no token; the parser reports it in context.
    case unexpected(Unicode.Scalar)
    /// Text the lexer could not turn into a token; it has already reported why, so the
    /// parser drops the statement without piling a second error on top.
    case invalid
}

/// A token and the source it spans.
struct Token: Sendable, Equatable {
    var kind: TokenKind
    var range: SourceRange

    init(kind: TokenKind, range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// How the token reads in an error message (`"="`, `end of line`, …).
    var spelling: String {
        switch kind {
        case .bareKey(let name): return "\"\(name)\""
        case .string: return "a string"
        case .integer, .float: return "a number"
        case .boolean(let value): return "\"\(value)\""
        case .equals: return "\"=\""
        case .dot: return "\".\""
        case .comma: return "\",\""
        case .leftBracket: return "\"[\""
        case .rightBracket: return "\"]\""
        case .doubleLeftBracket: return "\"[[\""
        case .doubleRightBracket: return "\"]]\""
        case .leftBrace: return "\"{\""
        case .rightBrace: return "\"}\""
        case .newline: return "end of line"
        case .endOfFile: return "end of file"
        case .unexpected(let scalar): return describe(scalar)
        case .invalid: return "invalid text"
        }
    }
}

/// A scalar as an error message shows it: printable ones quoted, others as U+XXXX.
func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.isDefaultIgnorableCodePoint {
        return "U+" + hex(scalar.value)
    }
    return "\"\(Character(scalar))\""
}

/// Upper-case hex, at least four digits, as Unicode writes code points.
func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
