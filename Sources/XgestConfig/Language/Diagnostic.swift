/// A problem found in a config, with where it is and, optionally, related places.
///
/// The parser produces them for the language; the schema layer produces them for
/// bindings and settings with the same type, so `xgest check` prints both alike.
public struct Diagnostic: Error, Sendable, Equatable {
    public enum Severity: String, Sendable, Equatable {
        case error
        case warning
        case note
    }

    /// A secondary location that explains the diagnostic, such as a first definition.
    public struct Note: Sendable, Equatable {
        public var range: SourceRange
        public var message: String

        public init(range: SourceRange, message: String) {
            self.range = range
            self.message = message
        }
    }

    public var severity: Severity
    /// The span the caret line underlines; `range.start` is the reported LINE:COLUMN.
    public var range: SourceRange
    public var message: String
    public var notes: [Note]

    public var location: SourceLocation { range.start }

    public init(severity: Severity, range: SourceRange, message: String, notes: [Note] = []) {
        self.severity = severity
        self.range = range
        self.message = message
        self.notes = notes
    }

    public static func error(_ message: String, at range: SourceRange, notes: [Note] = []) -> Diagnostic {
        Diagnostic(severity: .error, range: range, message: message, notes: notes)
    }

    public static func warning(_ message: String, at range: SourceRange, notes: [Note] = []) -> Diagnostic {
        Diagnostic(severity: .warning, range: range, message: message, notes: notes)
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error (warnings alone leave a config usable).
    public var containsErrors: Bool { contains { $0.severity == .error } }
}
