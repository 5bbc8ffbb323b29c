import ArgumentParser
import XgestConfig
import XgestCore
import XgestDaemon
import XgestSystem

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a config file and report every problem in it.",
        discussion: """
            Prints "FILE: ok, N bindings", then a line for each touchpad binding saying what it \
            takes from applications (an [[app]] one in its windows) and for each touchscreen binding what it holds and how long \
            at most (its pixels at 96 dpi, as a line before them says; `xgest run --debug` prints \
            them at the monitor's density), and exits 0 when the file is valid; otherwise prints \
            each problem as FILE:LINE:COLUMN: error: MESSAGE with the line and a caret, and exits 1. \
            Without FILE, checks the config `xgest run` would use: $XDG_CONFIG_HOME/xgest/xgest.toml \
            (~/.config/xgest/xgest.toml), else the default shipped with xgest. The stroke templates \
            in $XDG_CONFIG_HOME/xgest/strokes/ (or --strokes DIR) are checked too: a bad one is FILE:LINE: error: \
            MESSAGE, the config's own verdict is "FILE: config ok, N bindings; M stroke template problems, so \
            the check fails", and the exit status is 1. With --verbose, a \
            line for each binding says what it will do. After 50 errors the rest are counted, not \
            shown.
            """
    )

    @Argument(help: "The config file to check.", completion: .file())
    var file: String?

    // `run` and `replay` take the file as --config; check takes it either way, so that a
    // command line can move from one to the other unchanged.
    @Option(
        name: .customLong("config"), help: "The config file to check (the same as FILE).", completion: .file())
    var configOption: String?

    @OptionGroup var strokesDirectory: StrokesDirectoryOption

    @Flag(name: .shortAndLong, help: "Also print what each binding will do, one line per binding.")
    var verbose = false

    func validate() throws {
        try PathArgument.requireName(file, of: "<file>")
        try PathArgument.requireName(configOption, of: "--config")
        if file != nil && configOption != nil {
            throw ValidationError("give the config file once: as FILE or with --config")
        }
        // `xgest check - < xgest.toml` was read as a file named -: "cannot read -: no such
        // file or directory". A config is a file, named in every line about it, which
        // `xgest run --config` reads again at each change.
        for (given, option) in [(file, "<file>"), (configOption, "--config")] where given == "-" {
            throw ValidationError(
                "\(option) must be a file, not standard input (\"-\"): check reads the config file"
                    + " `xgest run --config` would (a file named - is ./-)")
        }
        try UnexpandedTilde.check(file, of: "<file>", .reads("file"))
        try UnexpandedTilde.check(configOption, of: "--config", .reads("file"))
    }

    func run() throws {
        try reportingErrors {
            let path = try ConfigFile.resolve(file ?? configOption, checking: true)
            let strokes = try StrokeLibrary.load(given: strokesDirectory.strokes)
            let bytes = try ConfigFile.read(path)
            let result = ConfigFile.check(bytes, path: path, strokes: strokes)
            if !result.diagnostics.isEmpty {
                FileOutput.standardError.writeLine(result.renderedDiagnostics(), priority: result.priority)
            }
            strokes.reportProblems(priority: .error)
            // A bad template does not hide the config's own verdict: the config may use no
            // shape at all, and `xgest run` leaves the template out and runs it.
            guard let config = result.configuration else { throw ExitCode.failure }
            let set = config.bindingSet(pixelsPerMillimeter: ScreenDensity.fallback.pixelsPerMillimeter)
            let alike = Self.shapesAlike(config, strokes: strokes, thresholds: StrokeShapeThresholds(set))
            for line in alike {
                FileOutput.standardError.writeLine(DisplayText.escaped("\(path): warning: \(line)"), priority: .warning)
            }
            var summary = Self.summary(config, warnings: result.diagnostics.count + alike.count)
            if !strokes.files.isEmpty { summary += ", " + counted(strokes.files.count, "stroke template") }
            // Every line quotes the config (names, classes, actions) or the path given:
            // controls escaped, so an `exec` with an ESC in it does not drive the terminal.
            let out = { (line: String) in _ = FileOutput.standardOutput.writeLine(DisplayText.escapedAsWritten(line)) }
            // The verdict line says ok only when the exit status does: with a bad template it
            // said "ok" and the check exited 1.
            if strokes.problems.isEmpty {
                out("\(path): ok, " + summary)
            } else {
                let problems = counted(strokes.problems.count, "stroke template problem")
                out("\(path): config ok, \(summary); \(problems), so the check fails")
            }
            if config.bindings.isEmpty {
                // An empty file is valid, and does nothing: say where a working one is.
                let start = ConfigLocation.shippedPath().map { "copy \($0) to start, or " } ?? ""
                out("\(path): note: no gesture is bound; \(start)see `man 5 xgest.toml`")
            }
            if let empty = EmptyFile(bytes) {
                // The daemon never reloads an empty file (docs/config.md): check is where a
                // user learns it, before a save that seems to change nothing.
                out(
                    "\(path): note: the file is \(empty.described): a running xgest takes an empty save for one"
                        + " still being written and keeps the config it runs (it runs an empty file only when it starts);"
                        + " a file meant to bind nothing can hold a comment line (# no gestures)")
            }
            if verbose {
                for line in config.bindingDescriptions { out("\(path): \(line)") }
            }
            // What the touchpad bindings take from applications (docs/config.md, "Touchpad
            // gestures and applications").
            for cost in set.touchpadCosts { out("\(path): \(cost)") }
            // What the touchscreen bindings hold, and how long (docs/config.md, "What a
            // touchscreen binding holds"). Without a screen, millimetres are pixels at 96
            // dpi: said, since the daemon's are at its monitor's density.
            let holds = set.touchscreenHolds
            if holds.contains(where: { $0.contains(" px") }) { out("\(path): \(Self.pixelsNote)") }
            for hold in holds { out("\(path): \(hold)") }
            // The templates are checked too: a bad one is a problem, though not the config's.
            if !strokes.problems.isEmpty { throw ExitCode.failure }
        }
    }

    static let pixelsNote =
        "pixels at \(formatCoordinate(ScreenDensity.fallbackDotsPerInch)) dpi; `xgest run --debug` prints these lines "
        + "at the density it converts millimetres at"

    /// A warning for each two bound shapes, one of them recorded, whose drawings the other
    /// takes (``StrokeConfusion``): which binding a stroke of either runs is decided by
    /// noise. Each pair is said once. `thresholds`: each shape's bindings' `stroke-threshold`,
    /// which the shape that takes the drawings is held to.
    static func shapesAlike(_ config: XgestConfiguration, strokes: StrokeLibrary, thresholds: StrokeShapeThresholds)
        -> [String]
    {
        let shaped = config.bindings.filter { $0.isEnabled && $0.kind == .stroke && $0.shape != nil }
        var bound: [String] = []
        for b in shaped { if let shape = b.shape, !bound.contains(shape) { bound.append(shape) } }
        let recorded = Set(strokes.files.map(\.file.name))
        var said: Set<Set<String>> = []
        var lines: [String] = []
        for shape in bound where recorded.contains(shape) {
            for confusion in strokes.confusions(of: shape, thresholds: thresholds, among: bound.filter { $0 != shape })
            {
                // The bound shape that takes them: `circle` for `circle-cw`.
                let other =
                    bound.first { BuiltInStrokes.gestureNames(forShape: $0).contains(confusion.other) }
                    ?? confusion.other
                guard said.insert([shape, other]).inserted else { continue }
                func names(_ s: String) -> String {
                    shaped.filter { $0.shape == s }.map { "\"\($0.name)\"" }.joined(separator: ", ")
                }
                lines.append(
                    "\(confusion.description) (bindings \(names(shape)) and \(names(other))); draw \"\(shape)\""
                        + " differently (xgest record-stroke \(shape) --force), or bind only one of the two")
            }
        }
        return lines
    }

    /// `12 bindings (8 global, 4 in 2 [[app]] sections)`, plus warnings when there are some.
    static func summary(_ config: XgestConfiguration, warnings: Int) -> String {
        let count = config.bindings.count
        let global = config.bindings.filter { $0.app == nil }.count
        var s = counted(count, "binding")
        if !config.apps.isEmpty {
            s += " (\(global) global, \(count - global) in \(counted(config.apps.count, "[[app]] section")))"
        }
        if warnings > 0 { s += ", " + counted(warnings, "warning") }
        return s
    }

}
