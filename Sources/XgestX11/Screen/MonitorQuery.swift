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

    /// The active monitors, in RandR's order. A monitor reporting no physical size takes
    /// its first output's, which is where the EDID's size lands. With no primary output set
    /// (`xrandr --noprimary`, or never set, as on many single-monitor desktops), the first
    /// monitor is the primary one, as toolkits take it (GTK's primary monitor is then
    /// monitor 0): `monitor = "primary"` always names one.
    public func queryMonitors() -> [Monitor] {
        guard hasRandRMonitors else { return [] }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(handle, root, True, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        var monitors: [Monitor] = []
        for info in UnsafeBufferPointer(start: list, count: Int(max(count, 0))) {
            var mm = (Double(info.mwidth), Double(info.mheight))
            if mm.0 <= 0 || mm.1 <= 0, info.noutput > 0, let outputs = info.outputs {
                mm = outputMillimeters(outputs[0]) ?? mm
            }
            monitors.append(
                Monitor(
                    name: atomName(info.name) ?? "monitor-\(monitors.count)",
                    rect: Rect(
                        x: Double(info.x), y: Double(info.y), width: Double(info.width), height: Double(info.height)),
                    isPrimary: info.primary != 0, widthMillimeters: max(mm.0, 0), heightMillimeters: max(mm.1, 0)))
        }
        if !monitors.isEmpty, !monitors.contains(where: \.isPrimary) { monitors[0].isPrimary = true }
        return monitors
    }

    /// An output's physical size from its EDID, as the server reports it.
    private func outputMillimeters(_ output: RROutput) -> (Double, Double)? {
        guard let resources = XRRGetScreenResourcesCurrent(handle, root) else { return nil }
        defer { XRRFreeScreenResources(resources) }
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
