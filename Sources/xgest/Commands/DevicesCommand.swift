import ArgumentParser
import XgestCore
import XgestX11

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the XInput devices and what xgest uses them as."
    )

    func run() throws {
        try reportingErrors {
            let display = try SessionCheck.openDisplay()
            let out = FileOutput.standardOutput
            out.writeLine(row("ID", "DEVICE", "XI USE", "XGEST"))
            for d in display.queryDevices().sorted(by: { $0.id < $1.id }) {
                let what: String
                if let kind = d.kind, d.isUsed {
                    what = kind.rawValue + (d.touchCount.map { " (\($0) touches)" } ?? "")
                } else {
                    what = "not used: " + (d.ignoredBecause ?? "")
                }
                // Device names are chosen by whoever made the device (uinput lets any local
                // user make one): escaped like all text from other clients.
                out.writeLine(row(String(d.id), DisplayText.escaped(d.name), d.use.rawValue, what))
            }
        }
    }

    private func row(_ id: String, _ name: String, _ use: String, _ what: String) -> String {
        func col(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(1, w - s.count)) }
        return col(id, 4) + col(name, 34) + col(use, 16) + what
    }
}
