import ArgumentParser
import XgestCore
import XgestX11

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the gesture daemon on $DISPLAY (the default command)."
    )

    @Flag(name: .long, help: "Trace every event, decision and device change on stderr.")
    var debug = false

    func run() throws {
        try reportingErrors {
            let source = try SessionCheck.openCapture()
            let display = source.display
            var trace = debug ? DebugTrace() : nil
            if let trace {
                trace.note(
                    "capturing on \(display.name) (XInput \(display.xiVersion.major).\(display.xiVersion.minor))")
                for d in source.devices.values.sorted(by: { $0.id < $1.id }) { trace.device(added: d) }
            }
            let policy = PassThroughPolicy(ownership: source.ownership)
            let loop = try CaptureLoop(source: source)
            let signal = loop.run { captured in
                switch captured {
                case .input(let e, let target):
                    trace?.event(e, startTarget: target, deviceName: source.devices[e.device]?.name)
                    if let (decision, touch) = policy.decide(e) {
                        trace?.ownership(decision, device: e.device, touch: touch, at: e.time, reason: "pass-through")
                    }
                case .deviceAdded(let d):
                    trace?.device(added: d)
                case .deviceRemoved(let id, let name):
                    trace?.device(removed: id, name: name)
                }
            }
            source.close()
            trace?.note("stopped by signal \(signal); every touch handed back")
        }
    }
}
