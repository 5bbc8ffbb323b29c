import XgestCore

/// What must hold for a trace error, however broken the trace: it names a line the text
/// has, a column on that line (at most one past its end, in bytes as the reader counts
/// them) when it gives one, and says something.
struct TraceErrorCheck {
    /// Each line's length in UTF-8 bytes, split as the reader splits.
    let lineLengths: [Int]

    init(text: String) {
        lineLengths = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.utf8.count }
    }

    func problems(_ error: TraceError) -> [String] {
        var problems: [String] = []
        if error.message.isEmpty { problems.append("an error at line \(error.line) has no message") }
        guard error.line >= 1, error.line <= max(lineLengths.count, 1) else {
            return problems + ["error \"\(error)\" names line \(error.line) of \(lineLengths.count)"]
        }
        if let column = error.column, column < 1 || column > (lineLengths.isEmpty ? 0 : lineLengths[error.line - 1]) + 1
        {
            problems.append(
                "error \"\(error)\" names column \(column) of a line of \(lineLengths[error.line - 1]) bytes")
        }
        return problems
    }
}
