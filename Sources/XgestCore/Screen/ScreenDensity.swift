/// The base pixel density the config's millimetres are converted at, and where it came
/// from. Physical sizes are only as good as the EDID behind them: projectors and some
/// touchscreens report 0 mm, and some panels report their aspect ratio in centimetres
/// (16×9 mm), so a size giving a density outside ``plausibleDotsPerInch`` is not used.
public struct ScreenDensity: Hashable, Sendable {
    /// What gave the density.
    public enum Origin: Hashable, Sendable {
        /// The monitor the touchscreen (by XI device id) is mapped to.
        case touchscreen(device: Int, monitor: String)
        case primary(monitor: String)
        case root
        case fallback
    }

    public var pixelsPerMillimeter: Double
    public var origin: Origin
    /// One line per monitor whose reported size was not used.
    public var notes: [String]

    /// Densities real monitors have: from a 1080p projector image of about 50 inches to
    /// 4K phone panels.
    public static let plausibleDotsPerInch: ClosedRange<Double> = 50...500
    /// X's own default, and what a trace that records no density is replayed at.
    public static let fallbackDotsPerInch = 96.0
    public static let millimetersPerInch = 25.4

    public static let fallback = ScreenDensity(
        pixelsPerMillimeter: fallbackDotsPerInch / millimetersPerInch, origin: .fallback, notes: [])

    public init(pixelsPerMillimeter: Double, origin: Origin, notes: [String]) {
        self.pixelsPerMillimeter = pixelsPerMillimeter
        self.origin = origin
        self.notes = notes
    }

    /// Which monitor (or the root, or the fallback) gave it, for `--debug`: a touchscreen
    /// is named by `deviceName`, as the other lines name it.
    public func source(deviceName: (Int) -> String) -> String {
        switch origin {
        case .touchscreen(let device, let monitor):
            "touchscreen \(deviceName(device))'s monitor \(monitor)" + Self.describe(pixelsPerMillimeter)
        case .primary(let monitor): "the primary monitor \(monitor)" + Self.describe(pixelsPerMillimeter)
        case .root: "the root window's size" + Self.describe(pixelsPerMillimeter)
        case .fallback: "the 96 dpi default"
        }
    }

    /// How `pixelsPerMillimeter` reads in `--debug`'s lines: ` (12.4 px/mm, 315 dpi)`.
    public static func described(_ pixelsPerMillimeter: Double) -> String { describe(pixelsPerMillimeter) }

    /// In order: the monitor a touchscreen is mapped to (touch sizes are what the
    /// millimetres are for), the primary monitor, the root as the server reports it, 96 dpi.
    /// The base density: the pointer's, and that of every touchscreen whose monitor gives
    /// none; with several touchscreens, the lowest device id's monitor that gives one.
    /// A touchscreen on a monitor of another density has its own
    /// (``touchscreenDensities(layout:base:)``), as docs/config.md says.
    public static func choose(
        layout: ScreenLayout, rootWidthMillimeters: Double, rootHeightMillimeters: Double
    ) -> ScreenDensity {
        var notes: [String] = []
        for m in layout.monitors where m.name != ScreenLayout.rootName && density(of: m) == nil {
            notes.append(
                "monitor \(m.name) reports \(formatCoordinate(m.widthMillimeters))x"
                    + "\(formatCoordinate(m.heightMillimeters)) mm: not a plausible size, its density is not used")
        }
        var candidates: [(Monitor, Origin)] = []
        for id in layout.touchscreenAreas.keys.sorted() {
            if let name = layout.monitorName(ofTouchscreen: id),
                let m = layout.monitors.first(where: { $0.name == name })
            {
                candidates.append((m, .touchscreen(device: id, monitor: m.name)))
            }
        }
        if let p = layout.primary { candidates.append((p, .primary(monitor: p.name))) }
        for (m, origin) in candidates {
            if let d = density(of: m) {
                return ScreenDensity(pixelsPerMillimeter: d, origin: origin, notes: notes)
            }
        }
        let root = Monitor(
            name: "root", rect: layout.root, widthMillimeters: rootWidthMillimeters,
            heightMillimeters: rootHeightMillimeters)
        if let d = density(of: root) {
            return ScreenDensity(pixelsPerMillimeter: d, origin: .root, notes: notes)
        }
        var fallback = ScreenDensity.fallback
        fallback.notes = notes
        return fallback
    }

    /// By touchscreen id, the density of the monitor it is mapped to, for each whose monitor
    /// gives one other than `base`: its gestures' millimetres are converted at it. Empty
    /// with one touchscreen (its monitor gives the base, or no density at all).
    public static func touchscreenDensities(layout: ScreenLayout, base: Double) -> [Int: Double] {
        var densities: [Int: Double] = [:]
        for id in layout.touchscreenAreas.keys {
            guard let name = layout.monitorName(ofTouchscreen: id),
                let m = layout.monitors.first(where: { $0.name == name }), let d = density(of: m), d != base
            else { continue }
            densities[id] = d
        }
        return densities
    }

    /// The monitor's pixels per millimetre, nil when its reported size is missing or
    /// implausible. Width and height are averaged: pixels are square on every monitor
    /// X drives, and a size rounded to whole millimetres errs less in the sum.
    public static func density(of m: Monitor) -> Double? {
        guard m.widthMillimeters > 0, m.heightMillimeters > 0, m.rect.width > 0, m.rect.height > 0 else {
            return nil
        }
        let d = (m.rect.width + m.rect.height) / (m.widthMillimeters + m.heightMillimeters)
        let dpi = d * millimetersPerInch
        return plausibleDotsPerInch.contains(dpi) ? d : nil
    }

    private static func describe(_ d: Double) -> String {
        let dpi = (d * millimetersPerInch).rounded()
        return " (\(formatCoordinate(d)) px/mm, \(formatCoordinate(dpi)) dpi)"
    }
}
