/// The root window, its monitors and the touchscreens mapped to a part of it: what the
/// engine asks, when a sequence starts, which area the sequence runs on.
///
/// A touchscreen mapped to a monitor (its coordinate transformation matrix) runs on
/// that monitor's area wherever its touches land, and its touches are taken inside it,
/// so a swipe in from the panel's edge is at the panel's edge whatever lies beyond it. Other sequences run on the monitor
/// under their first point, else on the nearest monitor (a point in a gap between
/// monitors of different heights), else, with no monitors at all, on the root.
public struct ScreenLayout: Hashable, Sendable {
    public var root: Rect
    /// In RandR's order; may be empty (no RandR 1.5, or every monitor switched off).
    public var monitors: [Monitor]
    /// Each mapped touchscreen's area in root pixels, by XI device id. A touchscreen
    /// spanning the whole root is not mapped and is absent.
    public var touchscreenAreas: [Int: Rect]

    public init(root: Rect, monitors: [Monitor], touchscreenAreas: [Int: Rect] = [:]) {
        self.root = root
        self.monitors = monitors
        self.touchscreenAreas = touchscreenAreas
    }

    /// The root as one primary monitor: what X without RandR, and a trace recorded before
    /// monitors were, describe.
    public static func single(root: Rect) -> ScreenLayout {
        ScreenLayout(root: root, monitors: [Monitor(name: ScreenLayout.rootName, rect: root, isPrimary: true)])
    }

    /// The name of the root taken as a monitor.
    public static let rootName = "screen"

    public var primary: Monitor? { monitors.first(where: \.isPrimary) }

    /// The monitors as far as they lie on the root, in RandR's order, those with no part
    /// on it left out: what sequences run on. RandR lets a monitor reach past the root (an
    /// `xrandr --setmonitor` offset off it, or a monitor kept when `--fb` shrinks the root
    /// at an undock), where nothing is shown and no touch or pointer gets: the screen ends
    /// at the root's side, which is then the monitor's edge. Their millimetres stay the
    /// whole monitor's (the density is taken from ``monitors``).
    public var monitorsOnRoot: [Monitor] {
        monitors.compactMap { m in
            guard let r = m.rect.intersection(root) else { return nil }
            var trimmed = m
            trimmed.rect = r
            return trimmed
        }
    }

    /// The area a sequence of `device` (of `kind`) starting at `p` runs on.
    public func area(device: Int, kind: DeviceKind, at p: Point) -> ScreenArea {
        if kind == .touchscreen, let mapped = touchscreenAreas[device] { return area(mapped: mapped, at: p) }
        guard let m = monitor(at: p) else {
            return ScreenArea(rect: root, monitor: ScreenLayout.rootName, isPrimary: true)
        }
        return ScreenArea(rect: m.rect, monitor: m.name, isPrimary: m.isPrimary)
    }

    /// The monitor containing `p` (the primary first where monitors overlap, as with
    /// mirrored outputs), else the nearest one, trimmed to the root
    /// (``monitorsOnRoot``); nil with no monitor on the root.
    public func monitor(at p: Point) -> Monitor? {
        let onRoot = monitorsOnRoot
        if let m = onRoot.first(where: \.isPrimary), m.rect.contains(p) { return m }
        if let m = onRoot.first(where: { $0.rect.contains(p) }) { return m }
        return onRoot.min { $0.rect.distance(to: p) < $1.rect.distance(to: p) }
    }

    /// A touchscreen's mapped area, named after the monitor it overlaps most. Only its
    /// part on the root counts: the server clamps touches to the root, so a calibrated
    /// matrix, which scales the glass past the panel's pixels (xinput_calibrator's usually
    /// does), maps to more than a touch can reach. An area covering one whole monitor and
    /// no other is that monitor's, as the panel it calibrates: edges and regions are the
    /// panel's, and the touches past it are taken on its edge (``ScreenArea/touchBounds``).
    /// The matrix's floats may also miss the monitor by a fraction of a pixel: within a
    /// pixel on every side, the area is the monitor's own rectangle.
    public func area(of mapped: Rect) -> ScreenArea {
        guard let reachable = mapped.intersection(root) else {
            return ScreenArea(rect: mapped, monitor: ScreenLayout.rootName, isPrimary: false)
        }
        let onRoot = monitorsOnRoot
        let covered = onRoot.filter { reachable.covers($0.rect) }
        if covered.count == 1, let m = covered.first {
            return ScreenArea(rect: m.rect, monitor: m.name, isPrimary: m.isPrimary)
        }
        let best = onRoot.max { $0.rect.overlap(with: reachable) < $1.rect.overlap(with: reachable) }
        guard let m = best, m.rect.overlap(with: reachable) > 0 else {
            return ScreenArea(rect: reachable, monitor: ScreenLayout.rootName, isPrimary: false)
        }
        return ScreenArea(
            rect: m.rect.isClose(to: reachable) ? m.rect : reachable, monitor: m.name, isPrimary: m.isPrimary)
    }

    /// The area of a sequence of a touchscreen mapped to `mapped` starting at `p`: its
    /// monitor (``area(of:)``), or, when the mapping holds several whole monitors (an
    /// output split in two with `xrandr --setmonitor`), the one of them under `p` (taken
    /// inside the mapping), so that each keeps its edges and `monitor` bindings. Its
    /// touches are taken inside the monitor, or inside the mapping when it holds several.
    func area(mapped: Rect, at p: Point) -> ScreenArea {
        var a = area(of: mapped)
        a.touchBounds = a.rect
        guard let reachable = mapped.intersection(root) else { return a }
        let inside = monitorsOnRoot.filter { reachable.covers($0.rect) }
        guard inside.count > 1 else { return a }
        let q = reachable.nearest(to: p)
        let under =
            inside.first { $0.isPrimary && $0.rect.contains(q) } ?? inside.first { $0.rect.contains(q) }
            ?? inside.min { $0.rect.distance(to: q) < $1.rect.distance(to: q) }
        guard let m = under else { return a }
        return ScreenArea(rect: m.rect, monitor: m.name, isPrimary: m.isPrimary, touchBounds: reachable)
    }

    /// The monitor a touchscreen is mapped to, for `xgest devices` and the trace: nil
    /// when it spans the whole root.
    public func monitorName(ofTouchscreen device: Int) -> String? {
        touchscreenAreas[device].map { area(of: $0).monitor }
    }
}

extension Rect {
    /// The area shared with `other`, in square pixels.
    func overlap(with other: Rect) -> Double {
        let w = min(x + width, other.x + other.width) - max(x, other.x)
        let h = min(y + height, other.y + other.height) - max(y, other.y)
        return w > 0 && h > 0 ? w * h : 0
    }

    /// How far `p` lies outside, 0 inside.
    func distance(to p: Point) -> Double {
        let dx = max(x - p.x, 0, p.x - (x + width))
        let dy = max(y - p.y, 0, p.y - (y + height))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// `other` inside, give or take a pixel on each side (a transformation matrix's floats).
    func covers(_ other: Rect) -> Bool {
        x <= other.x + 1 && y <= other.y + 1 && x + width >= other.x + other.width - 1
            && y + height >= other.y + other.height - 1
    }

    /// Every side within a pixel of `other`'s: the same rectangle, give or take the
    /// rounding of a transformation matrix's floats.
    public func isClose(to other: Rect) -> Bool {
        abs(x - other.x) <= 1 && abs(y - other.y) <= 1 && abs(width - other.width) <= 1
            && abs(height - other.height) <= 1
    }
}
