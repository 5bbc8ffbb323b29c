import ArgumentParser
import XgestConfig
import XgestCore
import XgestDaemon
import XgestSystem

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a trace through the engine with a config's bindings, with no display (dry run).",
        discussion: """
            Prints, in time order, each gesture transition of a binding and each action that would \
            run, then a summary: the input sequences, the ownership decisions and the actions; \
            nothing runs. With --explain, every recognizer transition with its reason and every \
            ownership decision too, as `xgest run --debug` shows them: why a gesture did not fire, \
            and whether a touchpad gesture was kept whole or left to the application, and why. \
            Millimetre settings are converted at the density the trace was recorded at, as \
            `xgest run` converted them on that screen (96 dpi for a trace that does not say). \
            The same trace, config and stroke templates always print the same lines: a trace, \
            the config and the strokes directory (for shapes recorded with `xgest record-stroke`) \
            make a complete bug report.
            """
    )

    @Argument(help: "The trace file (format v1, as `xgest record` writes it).", completion: .file())
    var trace: String

    @Option(help: "The config whose bindings run (default: the one `xgest run` uses).", completion: .file())
    var config: String?

    @OptionGroup var strokesDirectory: StrokesDirectoryOption

    @Flag(help: "Print one JSON object per line (and no summary).")
    var json = false

    @Flag(help: "Also print every recognizer transition with its reason, and every ownership decision.")
    var explain = false

    func validate() throws {
        try PathArgument.requireName(trace, of: "<trace>")
        try PathArgument.requireName(config, of: "--config")
        // `xgest record | xgest replay -` is what a user tries: the trace is read twice
        // (checked whole before anything is printed), which a pipe cannot be.
        if trace == "-" {
            throw ValidationError(
                "<trace> must be a file, not standard input (\"-\"): replay reads it twice; write it with"
                    + " `xgest record -o FILE` (a file named - is ./-)")
        }
        try UnexpandedTilde.check(trace, of: "<trace>", .reads("file"))
        try UnexpandedTilde.check(config, of: "--config", .reads("file"))
    }

    func run() throws {
        try reportingErrors {
            // Read twice, line by line, so that the trace is never held whole: first to check
            // every line (a bad one is reported before anything is printed), then to replay.
            var order = TraceTimeOrder()
            var density = TraceDensityChange()
            var touches = TraceTouchBalance()
            let (header, cut) = try readTrace { record, line in
                order.note(record.time, line: line)
                density.note(record, line: line)
                touches.note(record, line: line)
            }
            let ppm = header.pixelsPerMillimeter ?? Settings.defaultPixelsPerMillimeter
            let warnings =
                [
                    order.warning,
                    density.warning(header: ppm, touchscreens: header.touchscreenDensities, devices: header.devices),
                ].compactMap {
                    $0
                } + touches.warnings
            for warning in warnings + [cut].compactMap({ $0 }) {
                FileOutput.standardError.writeLine(DisplayText.escapedAsWritten("\(trace):\(warning)"))
            }
            let loaded = try ConfigFile.loadValid(try ConfigFile.resolve(config), strokes: strokesDirectory.strokes)
            var session: DryRunSession
            do {
                let touchscreens = TouchscreenBindingSets(densities: header.touchscreenDensities, base: ppm) {
                    loaded.bindingSet(pixelsPerMillimeter: $0)
                }
                session = try DryRunSession(
                    header: header, bindings: loaded.bindingSet(pixelsPerMillimeter: ppm), touchscreens: touchscreens,
                    explain: explain)
            } catch {
                throw CLIError("the config's bindings cannot run: \(error)")
            }
            let out = FileOutput.standardOutput
            // Text lines quote window classes and titles the trace holds: escaped, so that
            // one cannot write a line of its own (JSON escapes them itself).
            let print = { (r: DryRunRecord) -> Void in out.writeLine(json ? r.jsonLine : r.displayLine) }
            _ = try readTrace { record, _ in session.feed(record).forEach(print) }
            session.finish().forEach(print)
            guard !json else { return }
            var summary = session.summary.description
            if session.summary.actions == 0 && !explain { summary += "; --explain shows why" }
            out.writeLine(summary)
        }
    }

    /// Reads the trace line by line, giving each record to `body`; its header, and a
    /// warning when its last line was cut. A line that is not a record is reported with its
    /// line and column.
    ///
    /// Unless it is the last line and no newline ends it: that is a recording stopped in
    /// the middle of writing a record (a full disk, `xgest record` killed), and what it
    /// recorded before is replayed, as a recording cut short between records is.
    private func readTrace(_ body: (TraceRecord, Int) -> Void) throws -> (header: TraceHeader, cut: String?) {
        let lines = try RegularFileLines(trace, limit: .trace)
        let first = try lines.next() ?? ""
        var decoder = try reported { () throws(TraceError) in try TraceDecoder(headerLine: first) }
        while let line = try lines.next() {
            let n = lines.lineNumber
            do throws(TraceError) {
                if let record = try decoder.decode(line, line: n) { body(record, n) }
            } catch  where lines.lastLineIsUnterminated {
                let cut =
                    "\(n): warning: the last line is cut short (no newline ends it) and is no record "
                    + "(\(error.message)): the recording was cut there; the records before it are replayed"
                return (decoder.header, cut)
            } catch {
                throw failure(error)
            }
        }
        return (decoder.header, nil)
    }

    /// `decode`'s value, or its error written as `TRACE:LINE:COLUMN: error: …` and a failure.
    private func reported<T>(_ decode: () throws(TraceError) -> T) throws -> T {
        do {
            return try decode()
        } catch {
            throw failure(error)
        }
    }

    /// Writes `error` as `TRACE:LINE:COLUMN: error: …`; the failure to throw.
    private func failure(_ error: TraceError) -> ExitCode {
        let column = error.column.map { ":\($0)" } ?? ""
        FileOutput.standardError.writeLine(
            DisplayText.escapedAsWritten("\(trace):\(error.line)\(column): error: \(error.message)"),
            priority: .error)
        return ExitCode.failure
    }
}
