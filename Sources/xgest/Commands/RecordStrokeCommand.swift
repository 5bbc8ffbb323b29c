import ArgumentParser
import Glibc
import SystemPackage
import XgestConfig
import XgestCore
import XgestDaemon
import XgestSystem
import XgestX11

struct RecordStrokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record-stroke",
        abstract: "Record a stroke gesture of your own, bindable as kind = \"stroke\", shape = \"NAME\".",
        discussion: """
            Draw the shape the given number of times on $DISPLAY, each in one stroke (a release \
            or lift ends a drawing: a shape drawn in two strokes is two drawings), with a mouse (the button \
            held: --button, else the one the config's bindings of NAME are drawn with, else 3; a \
            touchpad's button draws no stroke, and its press goes to the application) or \
            with one finger on the touchscreen. The samples are written to \
            NAME.stroke in $XDG_CONFIG_HOME/xgest/strokes (~/.config/xgest/strokes), a text file you \
            may edit. The strokes drawn while recording are xgest's: the application \
            underneath does not receive them; clicks, taps and several fingers are handed back. \
            A sample must be as long as the config lets a stroke be (stroke-min-length: the \
            least of the bindings of NAME, else [settings]) and drawn no slower than one may \
            take (stroke-max-duration: the longest of them, else [settings]; a slower drawing \
            is no sample), and the score a drawing needs is \
            their stroke-threshold. Drawings another shape would take (a built-in or another \
            recorded one) are warned of: draw the shape differently, or bind only one of the two. Recording needs the daemon on that display stopped (it holds \
            the input this records): xgest reads the new template when it starts. A \
            template file copied in by hand is read by a running xgest when it reloads (SIGHUP, or \
            its config saved).
            """
    )

    @Argument(
        help: "The gesture's name: letters, digits, '-', '_' and '.' (not first); one starting with '-' goes after --.")
    var name: String

    @Option(help: "How many times to draw the shape (1 to 50).")
    var samples = 5

    @Option(
        help: "The pointer button held while drawing (1 to 3, or 8 to 32; default: the bindings' of NAME, else 3).")
    var button: Int?

    @Option(
        help:
            "The config whose stroke-min-length, stroke-max-duration and stroke-threshold apply (default: the one xgest runs).",
        completion: .file())
    var config: String?

    @Flag(help: "Replace NAME.stroke when it exists.")
    var force = false

    func validate() throws {
        try PathArgument.requireName(config, of: "--config")
        try UnexpandedTilde.check(config, of: "--config", .reads("file"))
        guard StrokeTemplateFile.isValidName(name) else {
            throw ValidationError("the name may only contain letters, digits, '-', '_' and '.', and not start with '.'")
        }
        // The samples are written under a temporary name longer than NAME.stroke: checked
        // here, before anything is drawn, rather than when the drawings are saved and lost.
        let longest = TextFile.longestWrittenNameBytes - ".stroke".utf8.count
        guard name.utf8.count <= longest else {
            throw ValidationError(
                "the name is \(name.utf8.count) bytes long, and at most \(longest) make a file name (NAME.stroke)")
        }
        guard (1...50).contains(samples) else { throw ValidationError("--samples must be between 1 and 50") }
        if let button, !(1...32).contains(button) || (4...7).contains(button) {
            throw ValidationError("--button must be 1 to 3 or 8 to 32 (4 to 7 are the scroll wheel)")
        }
    }

    func run() throws {
        try reportingErrors {
            guard let directory = ConfigLocation.strokesDirectory() else {
                throw CLIError("no place for templates: set HOME or XDG_CONFIG_HOME")
            }
            let path = directory + "/" + name + ".stroke"
            // Before anything is drawn: only a file is replaced (through its symlink when it is
            // one), and a directory found in the way once every sample is drawn lost them. Said
            // before the existing file's --force, which a directory would refuse next.
            if let problem = StrokeFileProblem.check(path) { throw CLIError(problem) }
            if TextFile.exists(path) && !force {
                throw CLIError("\(path) exists: add --force to replace it")
            }
            // Before anything is drawn: a directory found unwritable once every sample is
            // drawn lost the drawings.
            if let problem = Directory.whyUnwritable(directory) {
                throw CLIError("cannot write \(name).stroke to \(directory): " + Self.describe(problem, in: directory))
            }
            // The config is read before anything is drawn: a path given that is not a
            // config stops here, not after the drawings.
            let configPath = config ?? ConfigLocation.defaultPath()
            var loaded: (configuration: XgestConfiguration, path: String)?
            if let configPath {
                let checked = try StrokeRecordingSettings.check(
                    path: configPath, recording: name, strokes: StrokeLibrary.load(directory: directory))
                if let configuration = checked.configuration {
                    loaded = (configuration, configPath)
                } else {
                    // The drawings do not depend on the rest of the config: record with the default.
                    FileOutput.standardError.writeLine(checked.renderedDiagnostics(), priority: .error)
                    FileOutput.standardError.writeLine(
                        "\(configPath) has errors: recording with the defaults of stroke-min-length, stroke-max-duration and stroke-threshold"
                    )
                }
            }
            let button = self.button ?? chosenButton(config: loaded)
            let (drawn, settings) = try record(button: button) { [loaded] pixelsPerMillimeter in
                StrokeRecordingSettings(name: name, config: loaded, pixelsPerMillimeter: pixelsPerMillimeter)
            }
            let file = StrokeTemplateFile(
                name: name, rotationToleranceRadians: defaultStrokeRotationToleranceRadians, samples: drawn)
            try Directory.create(directory)
            try TextFile.write(file.text, to: path)
            let out = FileOutput.standardOutput
            out.writeLine("wrote \(path): \(counted(drawn.count, "sample")) of \"\(name)\"")
            // As the daemon will read them, beside the other files of the directory.
            let library = StrokeLibrary.load(directory: directory)
            // Left out (the directory holds too many drawings, or it cannot be read back): say why.
            if !library.files.contains(where: { $0.path == path }) { library.reportProblems() }
            if let summary = library.recordingSummary(for: name, threshold: settings.threshold) {
                out.writeLine(summary)
            }
            // Drawings another shape takes run its binding or this one's by a difference of
            // noise: said now, while they can be drawn again.
            for confusion in library.confusions(of: name, thresholds: settings.shapeThresholds) {
                out.writeLine(
                    "warning: \(confusion.description); draw \"\(name)\" differently and record it again with --force,"
                        + " or bind only one of the two")
            }
            // A shape bound already needs no binding: only the daemon started.
            let bound = loaded?.configuration.bindings.filter { $0.shape == name }.map(\.name) ?? []
            if let configPath = loaded?.path, !bound.isEmpty {
                let names = bound.map { "\"\($0)\"" }.joined(separator: ", ")
                out.writeLine("bound in \(configPath) (\(names));")
            } else {
                out.writeLine("bind it with kind = \"stroke\" and shape = \"\(name)\" in a [[gesture]];")
            }
            // No daemon ran on the display while recording (one holds the input, and the
            // recording does not start): "start xgest again" spoke of one stopped for it.
            out.writeLine(Self.howToUse)
        }
    }

    /// The last line: how the daemon comes to read the file.
    static let howToUse =
        "start xgest to use it (xgest run, or the way your session starts it): it reads the templates when it starts"

    /// What is in the way of writing in `directory`, and what to do about it.
    static func describe(_ problem: Directory.WriteProblem, in directory: String) -> String {
        switch problem {
        case .notADirectory(let place):
            return (place == directory ? "it" : place) + " is not a directory; move it away, and the directory is made"
        case .linkToNothing(let place, let target):
            return (place == directory ? "it" : place)
                + " is a symbolic link to \(target), which is not there; make that directory, or remove the link"
        case .refused(let place, let reason):
            let named = place == directory ? "" : "\(place): "
            guard reason == .permissionDenied else { return named + reason.reason }
            return named
                + "permission denied; make \(place == directory ? "it" : place) writable to you (chmod u+w \(place))"
        }
    }

    /// Captures strokes until `samples` are drawn; Ctrl-C stops with nothing written.
    /// `settings`: what the config asks of a stroke of the shape, at the display's density;
    /// returned with the drawings.
    /// The button of the config's pointer bindings of NAME, the lowest when they differ
    /// (saying so), else the default.
    private func chosenButton(config: (configuration: XgestConfiguration, path: String)?) -> Int {
        guard let config else { return GestureBinding.defaultButton }
        let buttons = StrokeRecordingSettings.buttons(name: name, configuration: config.configuration)
        guard let first = buttons.first else { return GestureBinding.defaultButton }
        if buttons.count > 1 {
            let listed = buttons.map(String.init).joined(separator: ", ")
            FileOutput.standardOutput.writeLine(
                "the bindings of \"\(name)\" in \(config.path) are drawn with buttons \(listed): recording with"
                    + " \(first) (--button chooses another; the shape is the same whichever button draws it)")
        }
        return first
    }

    private func record(
        button: Int, settings: (Double) -> StrokeRecordingSettings
    ) throws(CLIError) -> (drawings: [[Point]], settings: StrokeRecordingSettings) {
        let source = try SessionCheck.openCapture()
        source.setStrokeTriggers([StrokeTrigger(button: button, modifiers: nil)])
        if let off = source.strokesOff { FileOutput.standardError.writeLine("xgest: " + off) }
        source.display.sync()
        let loop = try EventLoop(display: source.display)
        let out = FileOutput.standardOutput
        if BuiltInStrokes.names.contains(name) {
            out.writeLine("\"\(name)\" is a built-in gesture: these samples are added to it")
        }
        out.writeLine(
            "recording \"\(name)\" on \(source.display.name): draw the shape \(counted(samples, "time")), each in one"
                + " stroke (a release or lift ends it), with a mouse's button"
                + " \(button) held or with one finger on the touchscreen; Ctrl-C stops")
        // As short as a stroke binding takes on this screen (stroke-min-length is a size on
        // it), and as slow: a shorter sample, drawn that small again, would be no stroke, and
        // a slower one, drawn at that pace again, would time out.
        let asked = settings(ScreenTracking.density(source.display, source.layout).pixelsPerMillimeter)
        out.writeLine(
            "a sample is at least \(Int(asked.minimumLengthPx.rounded(.up))) px long (\(asked.naming("stroke-min-length")))"
                + " and drawn within \(Self.seconds(asked.maximumDurationSeconds))"
                + " (\(asked.naming("stroke-max-duration")))")
        /// A collector of what `asked` takes, anew: a drawing cut short is no sample.
        func newCollector(_ asked: StrokeRecordingSettings) -> StrokeSampleCollector {
            StrokeSampleCollector(
                button: button, minimumLengthPx: asked.minimumLengthPx,
                maximumDurationSeconds: asked.maximumDurationSeconds)
        }
        var collector = newCollector(asked)
        var drawn: [[Point]] = []
        var stopped = false
        while drawn.count < samples && !stopped {
            source.drain { captured in
                if case .leftScreen(let device, _) = captured {
                    // Not on this screen any more: what was drawn is no sample, and the press
                    // goes back to the application.
                    _ = source.handBack(pressOf: button, device: device)
                    collector = newCollector(asked)
                    out.writeLine(
                        "the drawing went onto another X screen: draw the shape on this one "
                            + counted(samples - drawn.count, "more time"))
                    return
                }
                if case .touchpadPressHandedBack(let pressed, _) = captured {
                    // Replayed at once, as the daemon does: only a mouse's press draws, and a
                    // drawing made with the touchpad's button was taken in silence.
                    out.writeLine(
                        "the touchpad's button \(pressed) draws no stroke (its press went to the application): draw"
                            + " the shape with a mouse's button \(button) held or with one finger on the touchscreen, "
                            + counted(samples - drawn.count, "more time"))
                    return
                }
                guard case .input(let e, _) = captured, drawn.count < samples else { return }
                let (outcome, ended) = collector.feed(e)
                if let ended {
                    source.ownership.decide(
                        ended.keep ? .accept : .reject, device: ended.device, touches: ended.touches)
                }
                if case .button(let b) = e.payload, !b.isPress {
                    // A press too short to be a sample was a click: the application gets it; a drawing
                    // too slow, as the daemon hands back one that timed out.
                    switch outcome {
                    case .tooShort?, .tooSlow?:
                        _ = source.handBack(pressOf: b.button, device: e.device)
                    case .sample?, .tooManyFingers?, nil:
                        source.keep(pressOf: b.button, device: e.device)
                    }
                }
                guard let outcome else { return }
                let left = samples - drawn.count
                switch outcome {
                case .sample(let points):
                    drawn.append(points)
                    let more = left - 1
                    out.writeLine(
                        "sample \(drawn.count) recorded (\(points.count) points)"
                            + (more > 0 ? "; draw the shape \(counted(more, "more time"))" : ""))
                case .tooShort(let length):
                    out.writeLine(
                        "too short (\(Int(length.rounded())) px of \(Int(asked.minimumLengthPx.rounded(.up)))): "
                            + "draw the shape \(counted(left, "more time"))"
                    )
                case .tooSlow(let seconds):
                    // Drawn as slowly again, the daemon times the stroke out: no sample of it.
                    out.writeLine(
                        "too slow (\(Self.seconds(seconds)), at most \(Self.seconds(asked.maximumDurationSeconds)): "
                            + "\(asked.naming("stroke-max-duration"))): draw the shape faster "
                            + counted(left, "more time"))
                case .tooManyFingers:
                    out.writeLine("draw with one finger: draw the shape \(counted(left, "more time"))")
                }
            }
            if drawn.count >= samples { break }
            for case .signal(let s) in loop.wait(timeoutMilliseconds: nil) {
                switch s {
                // Ctrl-Z: stopped, the grabs would freeze the pointer and hold touches.
                case SIGTSTP:
                    try Self.suspend(source)
                    // A drawing cut by the stop is no sample.
                    collector = newCollector(asked)
                    out.writeLine("continued: draw the shape \(counted(samples - drawn.count, "more time"))")
                // SIGINT, SIGTERM, SIGQUIT, and SIGHUP: the terminal closed. Ignored, a hangup
                // left the recording holding its grabs for good, and `xgest run` refused to start.
                default: stopped = true
                }
            }
        }
        source.close()
        guard drawn.count == samples else {
            throw CLIError("stopped after \(drawn.count) of \(counted(samples, "sample")); nothing written")
        }
        return (drawn, asked)
    }

    /// `6 s`, `8.3 s`: seconds to a tenth.
    static func seconds(_ s: Double) -> String { formatCoordinate((s * 10).rounded() / 10) + " s" }

    /// Ctrl-Z: the grabs are let go while the process is stopped, and taken again after.
    private static func suspend(_ source: X11InputSource) throws(CLIError) {
        do {
            try source.suspendUntilContinued()
        } catch {
            throw CLIError("continued, but cannot grab again: \(error.description)")
        }
    }
}
