/// A position in a config source, 1-based.
///
/// `column` counts Unicode scalars, not bytes and not grapheme clusters: a scalar is
/// what the lexer steps over, so counting them keeps every location exact and cheap to
/// compute, and for the ASCII that configs are mostly written in it equals the byte
/// and the character count. A tab counts as one column.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `LINE:COLUMN`, the form used in rendered diagnostics.
    public var description: String { "\(line):\(column)" }
}

/// A half-open span of source, `start` included and `end` excluded.
///
/// Ranges may cover several lines (multi-line strings and arrays); diagnostics only
/// underline the part on the first line.
public struct SourceRange: Hashable, Sendable {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// An empty range at a point, for things with no extent such as the end of a line.
    public init(at location: SourceLocation) {
        self.start = location
        self.end = location
    }
}
