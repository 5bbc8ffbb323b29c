/// Recursive descent over the lexer's tokens, one statement (key/value or header) per
/// line. An error abandons the statement, skips to the end of its line and carries on,
/// so that one run reports every independent mistake in a file.
struct Parser {
    /// Thrown to abandon the current statement once its error has been reported.
    struct StatementFailed: Error {}

    /// Arrays and inline tables deeper than this are refused, so that a hostile or
    /// corrupt file cannot exhaust the stack.
    static let maximumNesting = 64
    /// Keys with more parts than this (a header's, or a dotted key's with the table it is
    /// in) are refused: each part is a table, and tables thousands deep took memory with
    /// the square of their depth and overflowed the stack when the document was frozen
    /// (a 9 KB line of dotted keys stopped a running daemon on reload).
    static let maximumKeyParts = 64

    var lexer: Lexer
    var diagnostics: [Diagnostic] = []
    let root: TableNode
    /// Where key/value lines go: the table of the latest header.
    var current: TableNode
    var token: Token
    /// Where `token` starts, to re-read it when a statement fails on the first token of
    /// a line (typically an array missing its `]`): that token starts the next statement.
    var tokenStart: Lexer.Position
    var tokenStartsLine = true

    init(source: String) {
        lexer = Lexer(source: source)
        root = TableNode(origin: .root, range: SourceRange(at: SourceLocation(line: 1, column: 1)), path: [])
        current = root
        tokenStart = lexer.position
        token = Token(kind: .newline, range: SourceRange(at: SourceLocation(line: 1, column: 1)))
    }

    mutating func advance(_ mode: Lexer.Mode) {
        tokenStartsLine = token.kind == .newline
        tokenStart = lexer.position
        token = lexer.next(mode)
    }

    mutating func error(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.error(message, at: range, notes: notes))
    }

    /// Reports `message` at the current token and abandons the statement.
    mutating func fail(_ message: String, notes: [Diagnostic.Note] = []) -> StatementFailed {
        error(message, at: token.range, notes: notes)
        return StatementFailed()
    }

    mutating func parseDocument() -> ConfigDocument {
        advance(.key)
        while token.kind != .endOfFile {
            if token.kind == .newline {
                advance(.key)
                continue
            }
            let line = token.range.start.line
            do {
                try parseStatement()
            } catch {
                recover(statementLine: line)
            }
        }
        return ConfigDocument(root: root.freeze())
    }

    private mutating func recover(statementLine: Int) {
        if token.kind == .newline || token.kind == .endOfFile {
            return
        }
        if tokenStartsLine && token.range.start.line > statementLine && canStartStatement(token.kind) {
            lexer.rewind(to: tokenStart)
        } else {
            lexer.skipRestOfLine()
        }
        token = Token(kind: .newline, range: SourceRange(at: lexer.location))
        advance(.key)
    }

    /// Whether a token that broke off a statement on a later line may begin the next
    /// one. Tokens the lexer rejected are not re-read: that would drop their error.
    private func canStartStatement(_ kind: TokenKind) -> Bool {
        switch kind {
        case .bareKey, .string, .leftBracket:
            return true
        case .integer, .float, .boolean, .equals, .dot, .comma, .rightBracket, .doubleLeftBracket, .doubleRightBracket,
            .leftBrace, .rightBrace, .newline, .endOfFile, .unexpected, .invalid:
            return false
        }
    }

    private mutating func parseStatement() throws {
        switch token.kind {
        case .leftBracket:
            try parseTableHeader()
        case .doubleLeftBracket:
            try parseArrayOfTablesHeader()
        case .bareKey, .string:
            try parseKeyValue(into: current, depth: 0)
            try expectEndOfLine(after: "value")
        case .invalid:
            throw StatementFailed()
        case .unexpected, .equals, .dot, .comma, .rightBracket, .doubleRightBracket, .leftBrace, .rightBrace,
            .integer, .float, .boolean, .newline, .endOfFile:
            throw fail("expected a key or a table header, found \(token.spelling)")
        }
    }

    mutating func expectEndOfLine(after what: String) throws {
        switch token.kind {
        case .newline, .endOfFile:
            return
        case .invalid:
            throw StatementFailed()
        case .bareKey, .string, .integer, .float, .boolean, .equals, .dot, .comma, .leftBracket, .rightBracket,
            .doubleLeftBracket, .doubleRightBracket, .leftBrace, .rightBrace, .unexpected:
            throw fail("expected end of line after \(what), found \(token.spelling)")
        }
    }

    /// `key`, `a.b."c d"`: the segments and where each is written. Leaves the token
    /// after the last segment current.
    mutating func parseKey() throws -> [(name: String, range: SourceRange)] {
        var keys: [(name: String, range: SourceRange)] = []
        while true {
            switch token.kind {
            case .bareKey(let name), .string(let name, .basic), .string(let name, .literal):
                keys.append((name, token.range))
            case .string(_, .multilineBasic), .string(_, .multilineLiteral):
                throw fail("a multi-line string cannot be a key")
            case .invalid:
                throw StatementFailed()
            case .integer, .float, .boolean, .equals, .dot, .comma, .leftBracket, .rightBracket, .doubleLeftBracket,
                .doubleRightBracket, .leftBrace, .rightBrace, .newline, .endOfFile, .unexpected:
                throw fail("expected a key, found \(token.spelling)")
            }
            advance(.key)
            guard token.kind == .dot else { return keys }
            advance(.key)
        }
    }

    /// `key = value` into `table`; the token after the value is left current.
    mutating func parseKeyValue(into table: TableNode, depth: Int) throws {
        let keys = try parseKey()
        try checkKeyParts(keys, under: table.path.count)
        guard token.kind == .equals else {
            let name = quoteBasic(formatKeyPath(keys.map(\.name)))
            throw fail("expected \"=\" after key \(name), found \(token.spelling)")
        }
        advance(.value)
        let value = try parseValue(depth: depth, path: table.path + keys.map(\.name))
        insert(value, at: keys, into: table)
    }

    /// Refuses a key whose parts, after the `prefix` parts of the table it is written in,
    /// exceed ``maximumKeyParts``, at the first part beyond the limit.
    mutating func checkKeyParts(_ keys: [(name: String, range: SourceRange)], under prefix: Int) throws {
        let allowed = Parser.maximumKeyParts - prefix
        guard keys.count > allowed else { return }
        error(
            "a key of more than \(Parser.maximumKeyParts) parts, with the table it is in (tables nested too deeply)",
            at: keys[max(0, allowed)].range)
        throw StatementFailed()
    }
}
