import ArgumentParser
import XgestCore
import XgestX11

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write a trace (format v1) of live input until interrupted.",
        discussion: """
            Touches are handed straight back to applications while recording. The trace holds
            the devices, the application windows at the start, every input event, and the
            window each gesture starts on; `xgest replay` runs it with no display.
            """
    )

    @Option(name: .shortAndLong, help: "The trace file to write ('-' for standard output).")
    var output: String = "-"

    func run() throws {
        try reportingErrors {
            let source = try SessionCheck.openCapture()
            let display = source.display
            let file = output == "-" ? nil : try OutputFile(path: output)
            var recorder = TraceRecorder(output: file?.output ?? .standardOutput, origin: source.now())
            let size = display.screenSize
            recorder.header(
                TraceHeader(screenWidth: size.width, screenHeight: size.height, devices: source.usedDevices))
            for w in source.locator.stackedClients() { recorder.window(w, at: recorder.origin) }
            let policy = PassThroughPolicy(ownership: source.ownership)
            let loop = try CaptureLoop(source: source)
            FileOutput.standardError.writeLine(
                "xgest: recording on \(display.name) to \(output == "-" ? "standard output" : output); stop with Ctrl-C"
            )
            _ = loop.run { captured in
                guard case .input(let e, let target) = captured else { return }
                if case .window(let w)? = target { recorder.window(w, at: e.time) }
                recorder.event(e)
                _ = policy.decide(e)
            }
            source.close()
            if !recorder.ok { throw CLIError("the trace could not be written completely to \(output)") }
        }
    }
}

/// Writes trace lines as they come, times relative to the start of the recording.
struct TraceRecorder {
    let output: FileOutput
    let origin: EventTime
    private(set) var ok = true
    /// The last record written per window, to skip repeats of an unchanged topmost window.
    private var lastWindow: WindowInfo?

    init(output: FileOutput, origin: EventTime) {
        self.output = output
        self.origin = origin
    }

    mutating func header(_ h: TraceHeader) { write(TraceEncoder.headerLine(h)) }

    mutating func window(_ w: WindowInfo, at t: EventTime) {
        guard w != lastWindow else { return }
        lastWindow = w
        write(TraceEncoder.line(.window(time: EventTime(microseconds: (t - origin).microseconds), w)))
    }

    mutating func event(_ e: InputEvent) {
        var relative = e
        relative.time = EventTime(microseconds: (e.time - origin).microseconds)
        write(TraceEncoder.line(.input(relative)))
    }

    private mutating func write(_ line: String) {
        if !output.writeLine(line) { ok = false }
    }
}
