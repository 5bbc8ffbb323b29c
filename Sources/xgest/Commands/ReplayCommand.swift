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
            ownership decision too, as `xgest run --debug` shows them: why a gesture did not fire. \
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
    }

    func run() throws {
        try reportingErrors {
            // Read twice, line by line, so that the trace is never held whole: first to check
            // every line (a bad one is reported before anything is printed), then to replay.
            var order = TraceTimeOrder()
            var density = TraceDensityChange()
            var touches = TraceTouchBalance()
            let header = try readTrace { record, line in
                order.note(record.time, line: line)
                density.note(record, line: line)
                touches.note(record, line: line)
            }
            let ppm = header.pixelsPerMillimeter ?? Settings.defaultPixelsPerMillimeter
            for warning in [order.warning, density.warning(header: ppm)].compactMap({ $0 }) + touches.warnings {
                FileOutput.standardError.writeLine(DisplayText.escapedAsWritten("\(trace):\(warning)"))
            }
            let loaded = try ConfigFile.loadValid(try ConfigFile.resolve(config), strokes: strokesDirectory.strokes)
            var session: DryRunSession
            do {
                session = try DryRunSession(
                    header: header, bindings: loaded.bindingSet(pixelsPerMillimeter: ppm), explain: explain)
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

    /// Reads the trace line by line, giving each record to `body`; its header. A line that
    /// is not a record is reported with its line and column.
    private func readTrace(_ body: (TraceRecord, Int) -> Void) throws -> TraceHeader {
        let lines = try RegularFileLines(trace, limit: .trace)
        let first = try lines.next() ?? ""
        var decoder = try reported { () throws(TraceError) in try TraceDecoder(headerLine: first) }
        while let line = try lines.next() {
            let n = lines.lineNumber
            if let r = try reported({ () throws(TraceError) in try decoder.decode(line, line: n) }) { body(r, n) }
        }
        return decoder.header
    }

    /// `decode`'s value, or its error written as `TRACE:LINE:COLUMN: error: …` and a failure.
    private func reported<T>(_ decode: () throws(TraceError) -> T) throws -> T {
        do {
            return try decode()
        } catch {
            let column = error.column.map { ":\($0)" } ?? ""
            FileOutput.standardError.writeLine(
                DisplayText.escapedAsWritten("\(trace):\(error.line)\(column): error: \(error.message)"),
                priority: .error)
            throw ExitCode.failure
        }
    }
}
