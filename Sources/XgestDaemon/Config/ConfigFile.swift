import XgestConfig
import XgestCore
import XgestSystem
import XgestX11

/// Loads and checks a config file for the commands that need one.
public enum ConfigFile {
    /// The path given, else the default one; no config anywhere is an error. A user's
    /// config that is a symbolic link to nothing, or in a directory that is one, is said,
    /// not taken for no config at all;
    /// `checking`: the shipped config is checked (`xgest check`), not run.
    public static func resolve(_ path: String?, checking: Bool = false) throws(CLIError) -> String {
        if let path { return path }
        if ConfigLocation.userPath() == nil {
            FileOutput.standardError.writeLine(
                "xgest: neither XDG_CONFIG_HOME nor HOME is set: no user config can be found; the shipped one "
                    + (checking ? "is checked" : "runs"))
        }
        if let home = ConfigLocation.configHomeNotADirectory() {
            FileOutput.standardError.writeLine(
                "xgest: XDG_CONFIG_HOME is \(DisplayText.escaped(home)), which is not a directory: no user config or"
                    + " stroke template can be there; the shipped config " + (checking ? "is checked" : "runs"))
        } else if let (user, target) = ConfigLocation.danglingUserLink() {
            FileOutput.standardError.writeLine(
                "xgest: \(DisplayText.escaped(user)) is a symbolic link to \(DisplayText.escaped(target)), which is not there:"
                    + (checking ? " the shipped config is checked" : " the shipped config runs until it is"))
        }
        guard let found = ConfigLocation.defaultPath() else {
            throw CLIError(
                "no config found: write \(ConfigLocation.userPath() ?? "~/.config/xgest/xgest.toml")"
                    + " or give one with --config (no shipped config either: \(ConfigLocation.shippedCandidatesText()))"
            )
        }
        return found
    }

    /// Reads and checks `path`; keysyms are checked against Xlib's table (no display
    /// needed), shapes against the built-in strokes and the user's templates.
    public static func load(_ path: String, strokes: StrokeLibrary) throws(CLIError) -> ConfigLoadResult {
        check(try read(path), path: path, strokes: strokes)
    }

    /// The file's bytes: a regular file of at most ``FileSizeLimit/config``. Decoding is the
    /// checker's, which reports bytes that are not UTF-8 where they are.
    public static func read(_ path: String) throws(CLIError) -> [UInt8] {
        try RegularFile.read(path, limit: .config)
    }

    /// As ``read(_:)``, but nil while some process has the file open for writing: a save
    /// in place still going on, read at its close.
    public static func readUnlessBeingWritten(_ path: String) throws(CLIError) -> [UInt8]? {
        try RegularFile.readUnlessBeingWritten(path, limit: .config)
    }

    /// Whether some process has the file open for writing (see ``readUnlessBeingWritten(_:)``).
    public static func isOpenForWriting(_ path: String) -> Bool {
        RegularFile.isOpenForWriting(path, limit: .config)
    }

    /// `alsoShapes`: names taken as shapes beside the library's (a shape being recorded).
    public static func check(
        _ bytes: [UInt8], path: String, strokes: StrokeLibrary, alsoShapes: [String] = []
    ) -> ConfigLoadResult {
        let shapes = strokes.names
        return XgestConfiguration.load(
            bytes: bytes, file: path, isKnownKeysym: isKnownKeysym, keysymIgnoringCase: keysymName(ignoringCase:),
            strokeShapes: shapes + alsoShapes.filter { !shapes.contains($0) },
            unknownShapes: strokes.unknownShapeExplanation)
    }

    /// The configuration and the user's stroke templates, with warnings and bad template
    /// files printed (those files are left out); config errors printed and thrown (exit status 1).
    /// `strokes`: the templates' directory, when not the user's (`replay --strokes`).
    public static func loadValid(_ path: String, strokes directory: String? = nil) throws -> LoadedConfig {
        let strokes = try StrokeLibrary.load(given: directory)
        strokes.reportProblems()
        let result = try load(path, strokes: strokes)
        if !result.diagnostics.isEmpty {
            FileOutput.standardError.writeLine(result.renderedDiagnostics(), priority: result.priority)
        }
        guard let configuration = result.configuration else { throw CLIError.reported() }
        return LoadedConfig(configuration: configuration, strokes: strokes)
    }
}

/// A valid config with the stroke templates it was checked against, and the classifier
/// its shaped strokes share (built once per load).
public struct LoadedConfig: Sendable {
    public var configuration: XgestConfiguration
    public var strokeClassifier: StrokeClassifier
    var userStrokeTemplates: Int
    /// What was wrong with the stroke templates (said when they were read).
    var strokeProblems: [String]

    public init(configuration: XgestConfiguration, strokes: StrokeLibrary) {
        self.configuration = configuration
        strokeClassifier = strokes.classifier()
        userStrokeTemplates = strokes.files.count
        strokeProblems = strokes.problems
    }

    public func bindingSet(pixelsPerMillimeter: Double = Settings.defaultPixelsPerMillimeter) -> BindingSet {
        configuration.bindingSet(pixelsPerMillimeter: pixelsPerMillimeter, strokeClassifier: strokeClassifier)
    }

    /// Whether a binding takes touchscreen input, which needs the touch grab.
    public var takesTouchscreen: Bool { GestureDaemon.takesTouchscreen(bindingSet()) }
}

extension ConfigLoadResult {
    /// The diagnostics' priority for the journal: errors when the config is refused, else
    /// warnings (each line of the rendered block carries it).
    public var priority: LogPriority { configuration == nil ? .error : .warning }
}
