/// Values: scalars, `[ … ]` arrays (over several lines, trailing comma allowed) and
/// `{ … }` inline tables (on one line, as in TOML, so a missing `}` is caught at the
/// line's end instead of swallowing the rest of the file).
extension Parser {
    /// Parses the value at the current token (lexed in value mode) and leaves the
    /// token after it current, lexed in after-value mode.
    mutating func parseValue(depth: Int, path: [String]) throws -> Node {
        let range = token.range
        let kind: ConfigValue.Kind
        switch token.kind {
        case .string(let text, _): kind = .string(text)
        case .integer(let value): kind = .integer(value)
        case .float(let value): kind = .float(value)
        case .boolean(let value): kind = .boolean(value)
        case .leftBracket: return try parseArray(depth: depth + 1, path: path)
        case .leftBrace: return try parseInlineTable(depth: depth + 1, path: path)
        case .invalid: throw StatementFailed()
        case .bareKey, .equals, .dot, .comma, .rightBracket, .doubleLeftBracket, .doubleRightBracket, .rightBrace,
            .newline, .endOfFile, .unexpected:
            throw fail("expected a value, found \(token.spelling)")
        }
        advance(.afterValue)
        return .scalar(ConfigValue(kind: kind, range: range))
    }

    private mutating func checkNesting(_ depth: Int) throws {
        if depth > Parser.maximumNesting {
            throw fail("arrays and inline tables are nested too deeply (the limit is \(Parser.maximumNesting))")
        }
    }

    private mutating func parseArray(depth: Int, path: [String]) throws -> Node {
        try checkNesting(depth)
        let open = token.range
        let opened = Diagnostic.Note(range: open, message: "array opened here")
        var elements: [Node] = []
        advance(.value)
        while true {
            skipNewlines(.value)
            if token.kind == .rightBracket {
                return closeArray(elements, open: open)
            }
            if token.kind == .endOfFile {
                error("unterminated array (missing \"]\")", at: open)
                throw StatementFailed()
            }
            elements.append(try parseValue(depth: depth, path: path))
            skipNewlines(.afterValue)
            switch token.kind {
            case .comma:
                advance(.value)
            case .rightBracket:
                return closeArray(elements, open: open)
            case .endOfFile:
                error("unterminated array (missing \"]\")", at: open)
                throw StatementFailed()
            case .invalid:
                throw StatementFailed()
            case .bareKey, .string, .integer, .float, .boolean, .equals, .dot, .leftBracket, .doubleLeftBracket,
                .doubleRightBracket, .leftBrace, .rightBrace, .newline, .unexpected:
                throw fail("expected \",\" or \"]\" after an array element, found \(token.spelling)", notes: [opened])
            }
        }
    }

    private mutating func closeArray(_ elements: [Node], open: SourceRange) -> Node {
        let range = SourceRange(start: open.start, end: token.range.end)
        advance(.afterValue)
        return .array(elements, range)
    }

    private mutating func skipNewlines(_ mode: Lexer.Mode) {
        while token.kind == .newline {
            advance(mode)
        }
    }

    private mutating func parseInlineTable(depth: Int, path: [String]) throws -> Node {
        try checkNesting(depth)
        let open = token.range
        let opened = Diagnostic.Note(range: open, message: "inline table opened here")
        let table = TableNode(origin: .inline, range: open, path: path)
        advance(.key)
        if token.kind == .rightBrace {
            return closeInlineTable(table, open: open)
        }
        while true {
            if token.kind == .newline || token.kind == .endOfFile {
                throw fail(
                    "unterminated inline table (missing \"}\"; an inline table must fit on one line)", notes: [opened])
            }
            try parseKeyValue(into: table, depth: depth)
            switch token.kind {
            case .comma:
                advance(.key)
                if token.kind == .rightBrace {
                    throw fail("trailing comma is not allowed in an inline table")
                }
            case .rightBrace:
                return closeInlineTable(table, open: open)
            case .newline, .endOfFile:
                throw fail(
                    "unterminated inline table (missing \"}\"; an inline table must fit on one line)", notes: [opened])
            case .invalid:
                throw StatementFailed()
            case .bareKey, .string, .integer, .float, .boolean, .equals, .dot, .leftBracket, .rightBracket,
                .doubleLeftBracket, .doubleRightBracket, .leftBrace, .unexpected:
                throw fail("expected \",\" or \"}\" after a key/value pair, found \(token.spelling)", notes: [opened])
            }
        }
    }

    private mutating func closeInlineTable(_ table: TableNode, open: SourceRange) -> Node {
        table.range = SourceRange(start: open.start, end: token.range.end)
        advance(.afterValue)
        return .table(table)
    }
}
