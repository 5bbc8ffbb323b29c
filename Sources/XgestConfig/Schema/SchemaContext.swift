/// What the schema readers share: the diagnostics found so far, and typed reads of keys
/// that report a wrong type or an out-of-range value at the value itself.
struct SchemaContext {
    var diagnostics: [Diagnostic] = []
    /// Diagnostics that only make sense when the document is complete ("needs a kind",
    /// "no binding is named …"): left out when the parser already reported errors, since
    /// the line it dropped may be the one they miss.
    var completenessDiagnostics: [Diagnostic] = []
    let isKnownKeysym: (String) -> Bool
    /// The keysym name spelled like a name but for case, for error messages.
    let keysymIgnoringCase: (String) -> String?
    /// The shapes a stroke binding may name: the built-in gestures and the user's templates.
    let strokeShapes: [String]
    /// What the strokes directory says of a shape not among them.
    var unknownShapes = UnknownShapeExplanation()
    /// `[settings]` as read, which a binding's own settings are read over.
    var settings = Settings()

    mutating func error(_ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(.error(message, at: range, notes: notes))
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    mutating func missing(_ message: String, at range: SourceRange) {
        completenessDiagnostics.append(.error(message, at: range))
    }

    mutating func unknownKeys(_ table: ConfigTable, known: [String]) {
        diagnostics += table.unknownKeys(known: known)
    }

    /// The string at `key`, or nil (absent, or reported as the wrong type).
    mutating func string(_ table: ConfigTable, _ key: String) -> (String, ConfigValue)? {
        guard let v = table[key]?.value else { return nil }
        guard let s = v.asString() else {
            error("expected \(key) as a string, found \(v.kind.description)", at: v.range)
            return nil
        }
        return (s, v)
    }

    mutating func bool(_ table: ConfigTable, _ key: String) -> Bool? {
        guard let v = table[key]?.value else { return nil }
        guard let b = v.asBool() else {
            error("expected \(key) as a boolean (true or false), found \(v.kind.description)", at: v.range)
            return nil
        }
        return b
    }

    /// An integer in `range`; out of range: `fingers must be between 1 and 10, found 12`.
    mutating func integer(_ table: ConfigTable, _ key: String, in range: ClosedRange<Int>) -> (Int, ConfigValue)? {
        guard let v = table[key]?.value else { return nil }
        guard let i = v.asInteger() else {
            error("expected \(key) as an integer, found \(v.kind.description)", at: v.range)
            return nil
        }
        guard i >= Int64(range.lowerBound), i <= Int64(range.upperBound) else {
            error("\(key) must be between \(range.lowerBound) and \(range.upperBound), found \(i)", at: v.range)
            return nil
        }
        return (Int(i), v)
    }

    /// A string-backed enum case, with "did you mean" for an unknown string.
    mutating func choice<T: CaseIterable & RawRepresentable>(
        _ table: ConfigTable, _ key: String, _ type: T.Type
    ) -> (T, ConfigValue)? where T.RawValue == String {
        guard let v = table[key]?.value else { return nil }
        switch v.asCase(type, what: key) {
        case .success(let c): return (c, v)
        case .failure(let d):
            report(d)
            return nil
        }
    }

    /// A string or an array of strings, each with its own value (for its location).
    mutating func stringList(_ table: ConfigTable, _ key: String) -> [(String, ConfigValue)]? {
        guard let v = table[key]?.value else { return nil }
        if let s = v.asString() { return [(s, v)] }
        guard let items = v.asArray() else {
            error("expected \(key) as a string or an array of strings, found \(v.kind.description)", at: v.range)
            return nil
        }
        var out: [(String, ConfigValue)] = []
        for item in items {
            guard let s = item.asString() else {
                error("expected \(key) to hold strings, found \(item.kind.description)", at: item.range)
                continue
            }
            out.append((s, item))
        }
        return out
    }
}

/// "a swipe", "an edge pan": a kind with its article, for messages.
func withArticle(_ noun: String) -> String {
    guard let first = noun.unicodeScalars.first else { return noun }
    return ("aeiou".unicodeScalars.contains(first) ? "an " : "a ") + noun
}
