import XgestCore

/// Renders diagnostics the way compilers do, so editors and terminals recognise them:
///
/// ```
/// xgest.toml:3:1: error: duplicate key "fingers"
/// fingers = 4
/// ^~~~~~~
/// xgest.toml:2:1: note: "fingers" is first defined here
/// fingers = 3
/// ^~~~~~~
/// ```
///
/// The caret sits under the reported column; `~` extends it over the rest of the range
/// on that line. Tabs before the column are copied into the caret line so it stays
/// aligned whatever the terminal's tab width; control characters are shown escaped.
public struct DiagnosticRenderer: Sendable {
    public var file: String
    private let lines: [[Unicode.Scalar]]

    /// - Parameters:
    ///   - file: the name printed before each location, usually the path as given.
    ///   - source: the text the diagnostics' locations refer to.
    public init(file: String, source: String) {
        self.file = file
        self.lines = splitLines(source)
    }

    /// The diagnostic, its source excerpt and caret, then each note the same way.
    public func render(_ diagnostic: Diagnostic) -> String {
        var out = block(severity: diagnostic.severity, range: diagnostic.range, message: diagnostic.message)
        for note in diagnostic.notes {
            out += "\n" + block(severity: .note, range: note.range, message: note.message)
        }
        return out
    }

    /// Every diagnostic rendered, one after another, separated by newlines.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map(render).joined(separator: "\n")
    }

    private func block(severity: Diagnostic.Severity, range: SourceRange, message: String) -> String {
        let start = range.start
        let header = "\(file):\(start.line):\(start.column): \(severity.rawValue): \(message)"
        // A location past the text (end of a file without a final newline, or a
        // fabricated one) still renders: the excerpt is just empty.
        let text: [Unicode.Scalar] = start.line >= 1 && start.line <= lines.count ? lines[start.line - 1] : []
        // A control character in the file is shown escaped (`\x1b`), never sent to the
        // terminal; the caret line is padded by each character's printed width so that it
        // still points at the column. Backslashes and tabs are shown as they are written.
        var excerpt = ""
        var widths: [Int] = []
        for scalar in text {
            if scalar != "\\" && scalar != "\t", let escaped = DisplayText.escape(scalar) {
                excerpt += escaped
                widths.append(escaped.count)
            } else {
                excerpt.unicodeScalars.append(scalar)
                widths.append(1)
            }
        }
        var caret = ""
        for index in 0..<max(0, start.column - 1) {
            if index < text.count && text[index] == "\t" {
                caret += "\t"
            } else {
                caret += String(repeating: " ", count: index < widths.count ? widths[index] : 1)
            }
        }
        caret += "^"
        // Underline to the range end on the same line, or to the end of the line when
        // the range runs on; never past the text itself.
        let lastColumn = range.end.line == start.line ? range.end.column : text.count + 1
        let first = start.column - 1
        let end = min(lastColumn, text.count + 1) - 1
        let covered = first >= 0 && first < end ? widths[first..<end].reduce(0, +) : 0
        if covered > 1 {
            caret += String(repeating: "~", count: covered - 1)
        }
        return header + "\n" + excerpt + "\n" + caret
    }
}

/// The source split at `\n`, with a `\r` before it dropped, as scalars: the same
/// lines and columns the lexer counts.
func splitLines(_ source: String) -> [[Unicode.Scalar]] {
    var lines: [[Unicode.Scalar]] = [[]]
    for scalar in sourceScalars(source) {
        if scalar == "\n" {
            if lines[lines.count - 1].last == "\r" {
                lines[lines.count - 1].removeLast()
            }
            lines.append([])
        } else {
            lines[lines.count - 1].append(scalar)
        }
    }
    return lines
}
