import ArgumentParser
import XgestConfig
import XgestCore
import XgestDaemon

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
            The same trace and config always print the same lines.
            """
    )

    @Argument(help: "The trace file (format v1, as `xgest record` writes it).")
    var trace: String

    @Option(help: "The config whose bindings run (default: the one `xgest run` uses).")
    var config: String?

    @Flag(help: "Print one JSON object per line (and no summary).")
    var json = false

    @Flag(help: "Also print every recognizer transition with its reason, and every ownership decision.")
    var explain = false

    func run() throws {
        try reportingErrors {
            let text = try TextFile.read(trace, limit: .trace)
            let decoded: Trace
            do throws(TraceError) {
                decoded = try TraceDecoder.read(text)
            } catch {
                let column = error.column.map { ":\($0)" } ?? ""
                FileOutput.standardError.writeLine("\(trace):\(error.line)\(column): error: \(error.message)")
                throw ExitCode.failure
            }
            let loaded = try ConfigFile.loadValid(try ConfigFile.resolve(config))
            let report: (records: [DryRunRecord], summary: ReplaySummary)
            do {
                let ppm = decoded.header.pixelsPerMillimeter ?? Settings.defaultPixelsPerMillimeter
                report = try DryRun.report(
                    decoded, bindings: loaded.bindingSet(pixelsPerMillimeter: ppm), explain: explain)
            } catch {
                throw CLIError("the config's bindings cannot run: \(error)")
            }
            let out = FileOutput.standardOutput
            // Text lines quote window classes and titles the trace holds: escaped, so that
            // one cannot write a line of its own (JSON escapes them itself).
            for r in report.records { out.writeLine(json ? r.jsonLine : DisplayText.escaped(r.textLine)) }
            guard !json else { return }
            var summary = report.summary.description
            if report.summary.actions == 0 && !explain { summary += "; --explain shows why" }
            out.writeLine(summary)
        }
    }
}
