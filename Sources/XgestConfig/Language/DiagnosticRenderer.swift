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

    /// The first `limit` diagnostics rendered, one after another, separated by newlines,
    /// then a line counting the rest: a file of a hundred thousand bad lines gives a screen
    /// of errors and a count, not three hundred thousand lines.
    public func render(_ diagnostics: [Diagnostic], limit: Int = Self.defaultLimit) -> String {
        var out = diagnostics.prefix(max(0, limit)).map(render).joined(separator: "\n")
        let rest = diagnostics.count - max(0, limit)
        if rest > 0 {
            out +=
                "\n\(DisplayText.escapedAsWritten(file)): note: \(rest) more problem\(rest == 1 ? "" : "s") not shown"
        }
        return out
    }

    /// How many diagnostics ``render(_:limit:)`` shows by default.
    public static let defaultLimit = 50

    private func block(severity: Diagnostic.Severity, range: SourceRange, message: String) -> String {
        let start = range.start
        // The path and the message (which quotes the config's values) with controls escaped.
        let header = DisplayText.escapedAsWritten(
            "\(file):\(start.line):\(start.column): \(severity.rawValue): \(Self.shortened(message))")
        // A location past the text (end of a file without a final newline, or a
        // fabricated one) still renders: the excerpt is just empty.
        let whole: [Unicode.Scalar] = start.line >= 1 && start.line <= lines.count ? lines[start.line - 1] : []
        // A long line is shown as a window around the column, so that a megabyte on one
        // line prints a few screens' worth at most, not the megabyte.
        let window = Self.window(count: whole.count, column: start.column)
        let text = whole[window]
        // A control character in the file is shown escaped (`\x1b`), never sent to the
        // terminal; the caret line is padded by each character's printed width (in
        // terminal columns) so that it still points at the column. Backslashes and tabs are shown as they are written.
        var excerpt = window.lowerBound > 0 ? Self.elision : ""
        var widths: [Int] = []
        for scalar in text {
            if scalar != "\\" && scalar != "\t", let escaped = DisplayText.escape(scalar) {
                excerpt += escaped
                widths.append(escaped.count)
            } else {
                excerpt.unicodeScalars.append(scalar)
                // Wide characters (日本) take two columns on the terminal, marks none.
                widths.append(scalar == "\t" ? 1 : DisplayWidth.of(scalar))
            }
        }
        if window.upperBound < whole.count { excerpt += Self.elision }
        var caret = window.lowerBound > 0 ? String(repeating: " ", count: Self.elision.count) : ""
        let first = start.column - 1 - window.lowerBound
        for index in 0..<max(0, first) {
            if index < text.count && text[window.lowerBound + index] == "\t" {
                caret += "\t"
            } else {
                caret += String(repeating: " ", count: index < widths.count ? widths[index] : 1)
            }
        }
        caret += "^"
        // Underline to the range end on the same line, or to the end of the line when
        // the range runs on; never past the text shown.
        let lastColumn = range.end.line == start.line ? range.end.column : whole.count + 1
        let end = min(lastColumn - 1 - window.lowerBound, text.count)
        let covered = first >= 0 && first < end ? widths[first..<end].reduce(0, +) : 0
        if covered > 1 {
            caret += String(repeating: "~", count: covered - 1)
        }
        return header + "\n" + excerpt + "\n" + caret
    }
}

extension DiagnosticRenderer {
    /// The most characters of one source line an excerpt shows.
    static let excerptWidth = 120
    /// The longest message shown whole.
    static let messageLimit = 400

    /// A message quoting a huge value keeps its start and end, with the middle cut out.
    static func shortened(_ message: String) -> String {
        guard message.unicodeScalars.count > messageLimit else { return message }
        let scalars = Array(message.unicodeScalars)
        var out = String(String.UnicodeScalarView(scalars.prefix(messageLimit / 2)))
        out += elision
        out += String(String.UnicodeScalarView(scalars.suffix(messageLimit / 4)))
        return out
    }

    /// Marks where a long line's excerpt was cut.
    static let elision = "..."

    /// The part of a line of `count` characters an excerpt shows: all of it when it is
    /// short, else ``excerptWidth`` characters with the 1-based `column` a quarter of the way in.
    static func window(count: Int, column: Int) -> Range<Int> {
        guard count > excerptWidth else { return 0..<count }
        let lower = min(max(0, column - 1 - excerptWidth / 4), count - excerptWidth)
        return lower..<(lower + excerptWidth)
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
