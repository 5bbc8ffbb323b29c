import ArgumentParser
import XgestCore
import XgestDaemon
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
            let devices = display.queryDevices().sorted(by: { $0.id < $1.id })
            // With several master pointers (`xinput create-master`), a slave behaves as its
            // master does: say which one it is on.
            let masters = Self.masterNames(devices)
            var rows = [row("ID", "DEVICE", "XI USE", masters.map { _ in "MASTER" }, "XGEST")]
            let layout = display.screenLayout(
                touchscreens: devices.filter { $0.kind == .touchscreen && $0.isUsed }.map(\.id))
            for d in devices {
                let what: String
                if let kind = d.kind, d.isUsed {
                    what =
                        kind.rawValue + (d.touchCount.map { " (\($0) touches)" } ?? "")
                        + (kind == .touchscreen ? ", " + Self.monitor(of: d.id, in: layout, display: display) : "")
                } else {
                    what = "not used: " + (d.ignoredBecause ?? "")
                }
                let master = masters.map { names in
                    d.use == .slavePointer || d.use == .slaveKeyboard ? names[d.attachment] ?? "?" : "-"
                }
                // Device names are chosen by whoever made the device (uinput lets any local
                // user make one): escaped like all text from other clients.
                rows.append(row(String(d.id), DisplayText.escaped(d.name), d.use.rawValue, master, what))
            }
            let widths = [4, 34, 16] + (masters == nil ? [] : [24])
            for line in DisplayWidth.table(rows, minimumWidths: widths) { out.writeLine(line) }
        }
    }

    /// The masters' names by id when there is more than one master pointer, else nil.
    static func masterNames(_ devices: [XIDevice]) -> [Int: String]? {
        guard devices.filter({ $0.use == .masterPointer }).count > 1 else { return nil }
        let masters = devices.filter { $0.use == .masterPointer || $0.use == .masterKeyboard }
        return Dictionary(masters.map { ($0.id, DisplayText.escaped($0.name)) }) { first, _ in first }
    }

    /// Where a touchscreen's gestures run: the monitor its matrix maps it to (or the part
    /// of one, when it maps to less), else every monitor (each touch on the monitor under it);
    /// a matrix that maps the glass to a line or a point is said as such.
    static func monitor(of device: Int, in layout: ScreenLayout, display: XDisplay) -> String {
        if let matrix = display.coordinateTransformationMatrix(device: device),
            let collapse = TouchscreenArea.collapse(matrix: matrix, root: layout.root)
        {
            return "its coordinate transformation matrix is degenerate: " + collapse
        }
        if let matrix = display.coordinateTransformationMatrix(device: device),
            let off = TouchscreenArea.offScreen(matrix: matrix, root: layout.root)
        {
            return "its coordinate transformation matrix " + off
        }
        if let mapped = layout.touchscreenAreas[device] {
            let area = layout.area(of: mapped)
            // A part of the root no monitor overlaps (its monitor removed, the matrix left)
            // is named `screen` in the config; "of monitor screen" read as a monitor's name.
            guard area.monitor != ScreenLayout.rootName else {
                return ScreenTracking.describe(area.rect) + " of the screen, on no monitor"
            }
            let name = "monitor " + DisplayText.escaped(area.monitor)
            let whole = layout.monitorsOnRoot.contains { $0.name == area.monitor && $0.rect == area.rect }
            return whole ? name : ScreenTracking.describe(area.rect) + " of " + name
        }
        return layout.monitors.count > 1 ? "spans every monitor" : "monitor " + (layout.monitors.first?.name ?? "")
    }

    private func row(_ id: String, _ name: String, _ use: String, _ master: String?, _ what: String) -> [String] {
        [id, name, use] + (master.map { [$0] } ?? []) + [what]
    }
}
