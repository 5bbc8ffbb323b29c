import CXgest
import XgestCore

/// RandR 1.5 monitors: what `xrandr --listmonitors` prints.
extension XDisplay {
    /// Whether the server has RandR 1.5 (monitors); without it the root is one monitor.
    public var hasRandRMonitors: Bool {
        var major: Int32 = 0
        var minor: Int32 = 0
        guard XRRQueryVersion(handle, &major, &minor) != 0 else { return false }
        return major > 1 || (major == 1 && minor >= 5)
    }

    /// The active monitors, in RandR's order, with their physical sizes as
    /// ``MonitorMillimeters`` chooses them: an output's automatic monitor has the output's
    /// (0 when it reports none), where the EDID's size lands. With no monitor marked
    /// primary, the primary one is the first showing the primary output: RandR marks none
    /// when `xrandr --setmonitor` replaced that output's monitor (its primary flag is the
    /// client's `*`, which a user rarely writes), and the user still set a primary output
    /// (Qt takes that monitor; GTK takes monitor 0, which RandR lists first only when it
    /// is marked). With no primary output set (`xrandr --noprimary`, or never set, as on
    /// many single-monitor desktops), or none showing it, the first monitor is the primary
    /// one, as toolkits take it: `monitor = "primary"` always names one.
    public func queryMonitors() -> [Monitor] {
        guard hasRandRMonitors else { return [] }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(handle, root, True, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        var monitors: [Monitor] = []
        /// Each monitor's outputs, in order: which one shows the primary output.
        var outputsOf: [[RROutput]] = []
        var resources: UnsafeMutablePointer<XRRScreenResources>?
        defer { if let resources { XRRFreeScreenResources(resources) } }
        for info in UnsafeBufferPointer(start: list, count: Int(max(count, 0))) {
            var output: (width: Double, height: Double)?
            outputsOf.append(
                info.outputs.map { Array(UnsafeBufferPointer(start: $0, count: Int(max(info.noutput, 0)))) } ?? [])
            if info.noutput > 0, let outputs = info.outputs {
                resources = resources ?? XRRGetScreenResourcesCurrent(handle, root)
                output = resources.flatMap { outputMillimeters(outputs[0], in: $0) }
            }
            let mm = MonitorMillimeters.choose(
                monitor: (Double(info.mwidth), Double(info.mheight)), isAutomatic: info.automatic != 0, output: output)
            monitors.append(
                Monitor(
                    name: atomName(info.name) ?? "monitor-\(monitors.count)",
                    rect: Rect(
                        x: Double(info.x), y: Double(info.y), width: Double(info.width), height: Double(info.height)),
                    isPrimary: info.primary != 0, widthMillimeters: max(mm.width, 0),
                    heightMillimeters: max(mm.height, 0)))
        }
        if !monitors.isEmpty, !monitors.contains(where: \.isPrimary) {
            let primary = XRRGetOutputPrimary(handle, root)
            let showing = primary == 0 ? nil : outputsOf.firstIndex { $0.contains(primary) }
            monitors[showing ?? 0].isPrimary = true
        }
        return monitors
    }

    /// An output's physical size from its EDID, as the server reports it.
    private func outputMillimeters(
        _ output: RROutput, in resources: UnsafeMutablePointer<XRRScreenResources>
    ) -> (width: Double, height: Double)? {
        guard let info = XRRGetOutputInfo(handle, resources, output) else { return nil }
        defer { XRRFreeOutputInfo(info) }
        return (Double(info.pointee.mm_width), Double(info.pointee.mm_height))
    }

    func atomName(_ atom: Atom) -> String? {
        guard atom != 0, let name = XGetAtomName(handle, atom) else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }
}

extension XDisplay {
    /// The root's physical size as the server reports it (often computed from 96 dpi).
    public var screenMillimeters: (width: Double, height: Double) {
        let screen = XDefaultScreen(handle)
        return (Double(XDisplayWidthMM(handle, screen)), Double(XDisplayHeightMM(handle, screen)))
    }
}
