import XgestCore

/// A config file turned into typed settings and bindings.
///
/// ```swift
/// let result = XgestConfiguration.load(
///     source: text, file: path, isKnownKeysym: isKnownKeysym, strokeShapes: classifier.names)
/// guard let config = result.configuration else { print(result.renderedDiagnostics()); … }
/// let bindings = config.bindingSet(pixelsPerMillimeter: ppm, strokeClassifier: classifier)
/// var engine = try GestureEngine(registrations: bindings.registrations(), screen: screen)
/// ```
public struct XgestConfiguration: Sendable {
    public var settings: Settings
    /// Global bindings in file order, then each `[[app]]`'s bindings in file order.
    public var bindings: [GestureBinding]
    /// The `[[app]]` sections in file order; ``GestureBinding/app`` indexes them.
    public var apps: [AppScope]
    /// `[feedback]`: the on-screen trail and label.
    public var feedback = FeedbackSettings()

    public init(settings: Settings = Settings(), bindings: [GestureBinding] = [], apps: [AppScope] = []) {
        self.settings = settings
        self.bindings = bindings
        self.apps = apps
    }

    /// The bindings ready to run, millimetres converted at the screen's density; shaped
    /// strokes classify against `strokeClassifier` (the built-in gestures and the user's
    /// templates, whose names the config was checked against).
    public func bindingSet(
        pixelsPerMillimeter: Double = Settings.defaultPixelsPerMillimeter, strokeClassifier: StrokeClassifier = .builtIn
    ) -> BindingSet {
        // Regions in millimetres become pixels here, as the settings do.
        let converted = bindings.map { b in
            var b = b
            b.conditions.region = b.conditions.region?.inPixels(pixelsPerMillimeter: pixelsPerMillimeter)
            b.tunableOverrides = b.tunableOverrides.map { $0.inPixels(pixelsPerMillimeter: pixelsPerMillimeter) }
            return b
        }
        return BindingSet(
            bindings: converted, apps: apps, tunables: settings.tunables(pixelsPerMillimeter: pixelsPerMillimeter),
            strokeClassifier: strokeClassifier)
    }

    /// Parses and checks a config. Never fails: `configuration` is nil when anything is
    /// wrong, and `diagnostics` lists every problem (language and schema) in source order.
    ///
    /// - Parameters:
    ///   - isKnownKeysym: whether a name is an X keysym (`Right`, `a`, `F5`); the caller
    ///     supplies it, since this module cannot ask X.
    ///   - keysymIgnoringCase: the keysym name spelled like a name but for case
    ///     (`page_down` → `Page_Down`), for the error message; nil when none is.
    ///   - strokeShapes: the shapes `shape` may name: the built-in gestures and the names
    ///     of the user's stroke templates, which the caller reads.
    ///   - unknownShapes: what the caller's strokes directory says of another name (its
    ///     file left out, or where it was looked for), for the error.
    public static func load(
        source: String, file: String, isKnownKeysym: (String) -> Bool,
        keysymIgnoringCase: (String) -> String? = { _ in nil }, strokeShapes: [String] = BuiltInStrokes.names,
        unknownShapes: UnknownShapeExplanation = UnknownShapeExplanation()
    ) -> ConfigLoadResult {
        let parsed = ConfigParser.parse(source: source, file: file)
        let (configuration, diagnostics, completeness) = withoutActuallyEscaping(isKnownKeysym) { known in
            withoutActuallyEscaping(keysymIgnoringCase) { ignoringCase in
                var context = SchemaContext(
                    isKnownKeysym: known, keysymIgnoringCase: ignoringCase, strokeShapes: strokeShapes,
                    unknownShapes: unknownShapes)
                let configuration = context.readDocument(parsed.document)
                return (configuration, context.diagnostics, context.completenessDiagnostics)
            }
        }
        var all = parsed.diagnostics + diagnostics
        if parsed.isValid { all += completeness }
        let sorted = all.enumerated().sorted { lhs, rhs in
            (lhs.element.location, lhs.offset) < (rhs.element.location, rhs.offset)
        }.map { $0.element }
        return ConfigLoadResult(
            file: file, source: source, configuration: sorted.containsErrors ? nil : configuration,
            diagnostics: sorted)
    }
}

extension XgestConfiguration {
    /// ``load(source:file:isKnownKeysym:keysymIgnoringCase:strokeShapes:unknownShapes:)`` on a file's bytes. Bytes that are
    /// not UTF-8 are errors, and the rest of the file is checked as usual, so that one run
    /// still reports every mistake; but a line holding such bytes gets only that error:
    /// whatever else would be said about it would be about the U+FFFD standing for them,
    /// characters the user never wrote.
    public static func load(
        bytes: [UInt8], file: String, isKnownKeysym: (String) -> Bool,
        keysymIgnoringCase: (String) -> String? = { _ in nil }, strokeShapes: [String] = BuiltInStrokes.names,
        unknownShapes: UnknownShapeExplanation = UnknownShapeExplanation()
    ) -> ConfigLoadResult {
        if let problem = EncodingHint.problem(bytes) {
            // The whole file is one error; its text would only be shown as a line of
            // U+0000s or a single line as long as the file.
            let start = SourceLocation(line: 1, column: 1)
            return ConfigLoadResult(
                file: file, source: "", configuration: nil,
                diagnostics: [.error(problem, at: SourceRange(start: start, end: start))])
        }
        let (source, encoding) = SourceDecoding.decode(bytes)
        var result = load(
            source: source, file: file, isKnownKeysym: isKnownKeysym, keysymIgnoringCase: keysymIgnoringCase,
            strokeShapes: strokeShapes, unknownShapes: unknownShapes)
        guard !encoding.isEmpty else { return result }
        let badLines = Set(encoding.map(\.location.line))
        let others = result.diagnostics.filter { !badLines.contains($0.location.line) }
        result.diagnostics = (encoding + others).enumerated().sorted { lhs, rhs in
            (lhs.element.location, lhs.offset) < (rhs.element.location, rhs.offset)
        }.map { $0.element }
        result.configuration = nil
        return result
    }
}

/// What ``XgestConfiguration/load(source:file:isKnownKeysym:keysymIgnoringCase:strokeShapes:unknownShapes:)`` found.
public struct ConfigLoadResult: Sendable {
    public var file: String
    public var source: String
    /// Nil when there are errors (a config with errors is never applied).
    public var configuration: XgestConfiguration?
    /// Errors and warnings, in source order.
    public var diagnostics: [Diagnostic]

    /// Every diagnostic as `FILE:LINE:COLUMN: error: …` with its source line and caret.
    public func renderedDiagnostics() -> String {
        DiagnosticRenderer(file: file, source: source).render(diagnostics)
    }
}
