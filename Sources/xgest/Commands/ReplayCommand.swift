import ArgumentParser
import XgestConfig
import XgestCore

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a trace through the engine with a config's bindings, with no display (dry run).",
        discussion: """
            Prints, in time order, each gesture transition of a binding and each action that would
            run; nothing runs. Millimetre settings are converted at 96 dpi, since a trace does not
            record the screen's physical size. The same trace and config always print the same lines.
            """
    )

    @Argument(help: "The trace file (format v1, as `xgest record` writes it).")
    var trace: String

    @Option(help: "The config whose bindings run (default: the one `xgest run` uses).")
    var config: String?

    @Flag(help: "Print one JSON object per line.")
    var json = false

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
            let records: [DryRunRecord]
            do {
                records = try DryRun.run(decoded, bindings: loaded.bindingSet())
            } catch {
                throw CLIError("the config's bindings cannot run: \(error)")
            }
            let out = FileOutput.standardOutput
            // Text lines quote window classes and titles the trace holds: escaped, so that
            // one cannot write a line of its own (JSON escapes them itself).
            for r in records { out.writeLine(json ? r.jsonLine : DisplayText.escaped(r.textLine)) }
        }
    }
}
