/// The entry point: config text in, a document and every problem found out.
public enum ConfigParser {
    /// Parses `source`. Never fails: on errors the document holds everything that
    /// could be read (a statement with an error is left out) and `diagnostics` says
    /// what went wrong, in source order.
    ///
    /// - Parameters:
    ///   - source: the config text.
    ///   - file: the name diagnostics are rendered with.
    public static func parse(source: String, file: String) -> ParseResult {
        var parser = Parser(source: source)
        let document = parser.parseDocument()
        let all = parser.lexer.diagnostics + parser.diagnostics
        // Lexer and parser report as they go, the lexer sometimes a token ahead, so
        // sort by place; ties keep their order.
        let sorted = all.enumerated().sorted { lhs, rhs in
            (lhs.element.location, lhs.offset) < (rhs.element.location, rhs.offset)
        }.map(\.element)
        return ParseResult(file: file, source: source, document: document, diagnostics: sorted)
    }
}

/// What `ConfigParser.parse` found.
public struct ParseResult: Sendable {
    public var file: String
    public var source: String
    /// The document, partial when there are errors.
    public var document: ConfigDocument
    public var diagnostics: [Diagnostic]

    /// Whether the document is complete (warnings aside).
    public var isValid: Bool { !diagnostics.containsErrors }

    /// Every diagnostic as `FILE:LINE:COLUMN: error: …` with its source line and caret.
    public func renderedDiagnostics() -> String {
        DiagnosticRenderer(file: file, source: source).render(diagnostics)
    }
}
