import XgestCore
import XgestX11

/// Reads the monitors, the touchscreens' mappings and the density they give, and says
/// what changed, for the daemon to apply.
public struct ScreenTracking {
    public private(set) var layout: ScreenLayout
    public private(set) var density: ScreenDensity
    /// By touchscreen id, the density of its monitor where it is not ``density``'s: the
    /// millimetres of its gestures are converted at it
    /// (``ScreenDensity/touchscreenDensities(layout:base:)``).
    public private(set) var touchscreenDensities: [Int: Double]
    /// Touchscreens whose matrix maps them wholly off the root, by id, with what X does
    /// with their touches (``TouchscreenArea/offScreen(matrix:root:)``).
    public private(set) var offScreen: [Int: String]
    /// What ``takeOffScreenWarnings(deviceName:)`` said of each: a touchscreen is warned
    /// of once, and again only once its matrix (or the root) changed.
    private var offScreenSaid: [Int: String] = [:]

    public init(display: XDisplay, touchscreens: [Int]) {
        layout = display.screenLayout(touchscreens: touchscreens)
        density = Self.density(display, layout)
        touchscreenDensities = ScreenDensity.touchscreenDensities(layout: layout, base: density.pixelsPerMillimeter)
        offScreen = TouchscreenArea.offScreen(display, touchscreens: touchscreens, root: layout.root)
    }

    /// A line for each touchscreen newly mapped off the screen, for the log at the normal
    /// level: none of its touches lands where its matrix says, and nothing else tells the user.
    public mutating func takeOffScreenWarnings(deviceName: (Int) -> String) -> [String] {
        let new = offScreen.keys.sorted().filter { offScreenSaid[$0] != offScreen[$0] }
        offScreenSaid = offScreen
        return new.compactMap { id in
            offScreen[id].map { what in
                "touchscreen \(deviceName(id)): its coordinate transformation matrix \(what), where xgest takes "
                    + "them, on the monitor there (`xinput map-to-output` maps it to a monitor)"
            }
        }
    }

    /// The density the daemon converts millimetres at on `display` with `layout`; `xgest
    /// record` writes it in the trace for replay.
    public static func density(_ display: XDisplay, _ layout: ScreenLayout) -> ScreenDensity {
        let mm = display.screenMillimeters
        return ScreenDensity.choose(
            layout: layout, rootWidthMillimeters: mm.width, rootHeightMillimeters: mm.height)
    }

    /// How far the density may move, in percent of the one the bindings were made at,
    /// before they are made again at the new one: their pixels are millimetres times the
    /// density, and half a percent moves the longest default distance (the 13.2 mm repeat
    /// distance, 50 px at 96 dpi) by a quarter of a pixel, under the whole pixels and
    /// dpi `--debug` prints. The root resized with monitors that report no size moves the
    /// root's density by a tenth of a percent or less (its millimetres are whole ones:
    /// 3.78 px/mm at 3840x1080 over 1016x286 mm, 3.79 at 3840x1200).
    public static let densityTolerancePercent = 0.5

    /// Reads everything again; returns whether the layout and whether the density changed
    /// by more than ``densityTolerancePercent``. Within it the density in use
    /// stays the one the bindings were made at (a drift of small steps adds up to a change).
    @discardableResult
    public mutating func refresh(display: XDisplay, touchscreens: [Int]) -> (layout: Bool, density: Bool) {
        let l = display.screenLayout(touchscreens: touchscreens)
        var d = Self.density(display, l)
        var own = ScreenDensity.touchscreenDensities(layout: l, base: d.pixelsPerMillimeter)
        let moved = Self.moved(
            from: (density.pixelsPerMillimeter, touchscreenDensities), to: (d.pixelsPerMillimeter, own))
        if !moved {
            d.pixelsPerMillimeter = density.pixelsPerMillimeter
            own = touchscreenDensities
        }
        offScreen = TouchscreenArea.offScreen(display, touchscreens: touchscreens, root: l.root)
        defer {
            layout = l
            density = d
            touchscreenDensities = own
        }
        return (l != layout, moved)
    }

    /// Whether the base density or any touchscreen's moved by more than
    /// ``densityTolerancePercent``; a touchscreen without one of its own has the base.
    static func moved(from old: (Double, [Int: Double]), to new: (Double, [Int: Double])) -> Bool {
        func far(_ a: Double, _ b: Double) -> Bool { abs(b - a) * 100 > a * densityTolerancePercent }
        guard !far(old.0, new.0) else { return true }
        return Set(old.1.keys).union(new.1.keys).contains { id in far(old.1[id] ?? old.0, new.1[id] ?? new.0) }
    }

    /// For `--debug`: the root's size, the monitors, each touchscreen's, and the density
    /// chosen. The root's size first: a change of it alone (a monitor switched off gives
    /// RandR's events, then the root's new size) is a change the monitors' lines do not show.
    public func describe(deviceName: (Int) -> String) -> [String] {
        var lines = ["screen \(formatCoordinate(layout.root.width))x\(formatCoordinate(layout.root.height))"]
        let onRoot = layout.monitorsOnRoot
        lines += layout.monitors.map { m in
            "monitor \(m.name)\(m.isPrimary ? " (primary)" : ""): \(Self.describe(m.rect)), "
                + "\(formatCoordinate(m.widthMillimeters))x\(formatCoordinate(m.heightMillimeters)) mm"
                + Self.trimming(m, onRoot: onRoot)
        }
        for id in layout.touchscreenAreas.keys.sorted() {
            guard let r = layout.touchscreenAreas[id] else { continue }
            let area = layout.area(of: r)
            lines.append("touchscreen \(deviceName(id)) is mapped to \(area.monitor) (\(Self.describe(area.rect)))")
        }
        lines += density.notes
        guard !touchscreenDensities.isEmpty else {
            lines.append("millimetres are converted at \(density.source(deviceName: deviceName))")
            return lines
        }
        // Several densities: one line per touchscreen, then the base for the rest.
        for id in layout.touchscreenAreas.keys.sorted() {
            guard let ppm = touchscreenDensities[id], let monitor = layout.monitorName(ofTouchscreen: id) else {
                continue
            }
            lines.append(
                "millimetres are converted at touchscreen \(deviceName(id))'s monitor \(monitor)"
                    + ScreenDensity.described(ppm) + " for its gestures")
        }
        // The base may be a touchscreen's own monitor (the lowest id's), which is then named
        // here and not above: "the other devices" read as if it were not its density.
        lines.append(
            "millimetres are converted at \(density.source(deviceName: deviceName)) for the gestures of every device"
                + " not named above")
        return lines
    }

    /// What of a monitor reaching past the root its gestures run on
    /// (``ScreenLayout/monitorsOnRoot``): nothing to say for one wholly on it.
    private static func trimming(_ m: Monitor, onRoot: [Monitor]) -> String {
        guard let trimmed = onRoot.first(where: { $0.name == m.name }) else {
            return ", off the root: no gesture runs on it"
        }
        return trimmed.rect == m.rect ? "" : ", past the root: its gestures run on \(describe(trimmed.rect))"
    }

    /// As X writes geometry (`xrandr --listmonitors`, `-geometry`): WxH+X+Y, a negative
    /// offset as -X, whole numbers without a fraction (a matrix's floats land a hair off
    /// them, 2015.9999), others to the hundredth.
    public static func describe(_ r: Rect) -> String {
        func number(_ v: Double) -> String { formatCoordinate(roundedToHundredths(v)) }
        func offset(_ v: Double) -> String { roundedToHundredths(v) < 0 ? "-" + number(-v) : "+" + number(v) }
        return "\(number(r.width))x\(number(r.height))\(offset(r.x))\(offset(r.y))"
    }
}

extension X11InputSource {
    /// The touchscreens xgest uses, by id.
    public var touchscreenIDs: [Int] {
        devices.values.filter { $0.kind == .touchscreen && $0.isUsed }.map(\.id).sorted()
    }
}
