import XgestConfig

/// What must hold for any input, however broken: every location the parser or the
/// schema reports lies inside the text (a line that exists, at most one column past its
/// end), a range does not end before it starts, every diagnostic has a message, and a
/// configuration comes back exactly when there is no error.
struct Invariants {
    /// Each line's length in Unicode scalars, as the lexer counts them: a leading BOM
    /// is skipped and the "\r" of "\r\n" is not part of the line.
    let lineLengths: [Int]

    init(source: String) {
        var scalars = Substring(source).unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var lengths: [Int] = []
        var length = 0
        var previous: Unicode.Scalar?
        for scalar in scalars {
            if scalar == "\n" {
                lengths.append(previous == "\r" ? length - 1 : length)
                length = 0
            } else {
                length += 1
            }
            previous = scalar
        }
        lengths.append(length)
        lineLengths = lengths
    }

    func problems(parsed: ParseResult, loaded: ConfigLoadResult) -> [String] {
        var problems: [String] = []
        for diagnostic in parsed.diagnostics + loaded.diagnostics {
            check(diagnostic.range, "diagnostic \"\(diagnostic.message)\"", into: &problems)
            for note in diagnostic.notes { check(note.range, "note \"\(note.message)\"", into: &problems) }
            if diagnostic.message.isEmpty { problems.append("a diagnostic at \(diagnostic.location) has no message") }
        }
        check(parsed.document.root, into: &problems)
        if loaded.diagnostics.containsErrors != (loaded.configuration == nil) {
            problems.append("a configuration came back with errors, or none without")
        }
        if parsed.diagnostics.containsErrors && !loaded.diagnostics.containsErrors {
            problems.append("load dropped the parser's errors")
        }
        if !loaded.diagnostics.isEmpty && loaded.renderedDiagnostics().isEmpty {
            problems.append("diagnostics rendered as nothing")
        }
        return problems
    }

    private func check(_ table: ConfigTable, into problems: inout [String]) {
        check(table.range, "table [\(table.dottedPath)]", into: &problems)
        for entry in table.entries {
            check(entry.keyRange, "key \"\(entry.key)\"", into: &problems)
            check(entry.value, into: &problems)
        }
    }

    private func check(_ value: ConfigValue, into problems: inout [String]) {
        check(value.range, "a value", into: &problems)
        switch value.kind {
        case .string, .integer, .float, .boolean:
            break
        case .array(let values):
            for element in values { check(element, into: &problems) }
        case .table(let table):
            check(table, into: &problems)
        case .tableArray(let tables):
            for table in tables { check(table, into: &problems) }
        }
    }

    private func check(_ range: SourceRange, _ what: String, into problems: inout [String]) {
        for location in [range.start, range.end] where !isInside(location) {
            problems.append("\(what): location \(location) is outside the text (\(lineLengths.count) lines)")
        }
        if range.end < range.start { problems.append("\(what): range \(range.start)-\(range.end) is reversed") }
    }

    private func isInside(_ location: SourceLocation) -> Bool {
        location.line >= 1 && location.line <= lineLengths.count && location.column >= 1
            && location.column <= lineLengths[location.line - 1] + 1
    }
}
