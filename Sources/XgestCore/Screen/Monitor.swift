/// One monitor of the X screen, as RandR describes it: a named rectangle of the root
/// window (a whole output, or a part of the root set by `xrandr --setmonitor`).
public struct Monitor: Hashable, Sendable {
    /// RandR's name: an output name (`eDP-1`, `HDMI-1`) or the one `--setmonitor` gave.
    public var name: String
    /// Where it lies on the root window, in root pixels.
    public var rect: Rect
    public var isPrimary: Bool
    /// Physical size as the server reports it; 0 when it reports none (projectors,
    /// some touchscreens, virtual outputs).
    public var widthMillimeters: Double
    public var heightMillimeters: Double

    public init(
        name: String, rect: Rect, isPrimary: Bool = false, widthMillimeters: Double = 0, heightMillimeters: Double = 0
    ) {
        self.name = name
        self.rect = rect
        self.isPrimary = isPrimary
        self.widthMillimeters = widthMillimeters
        self.heightMillimeters = heightMillimeters
    }
}

/// The part of the root a sequence runs on, chosen when it starts and kept until it
/// ends: edges, regions and the `monitor` condition are about this area.
public struct ScreenArea: Hashable, Sendable {
    /// In root pixels.
    public var rect: Rect
    /// The monitor's name; the name of the monitor it overlaps most when the area is a
    /// touchscreen's own and no monitor matches it exactly.
    public var monitor: String
    public var isPrimary: Bool
    /// A mapped touchscreen's: where its touches are taken, its monitor or, mapped to
    /// several (an output split with `xrandr --setmonitor`), the part of the root it is
    /// mapped to. A calibrated matrix scales the glass past the panel, and the server
    /// clamps that overhang to the root only, so on a side shared with another monitor
    /// the rim's touches land on that monitor; they are on this panel's edge, as the same
    /// rim's touches are on a side the server clamps.
    public var touchBounds: Rect?

    public init(rect: Rect, monitor: String, isPrimary: Bool, touchBounds: Rect? = nil) {
        self.rect = rect
        self.monitor = monitor
        self.isPrimary = isPrimary
        self.touchBounds = touchBounds
    }

    /// Where a touch at `p` is taken: `p` itself, or the nearest point of ``touchBounds``
    /// (the last position X can report before its right and bottom sides, as the server's
    /// clamp to the root gives, so that regions hold it too and its pixel is the side's
    /// last one).
    @inline(__always)
    public func touchLocation(_ p: Point) -> Point {
        guard let b = touchBounds else { return p }
        return b.nearest(to: p)
    }
}

extension Rect {
    /// The point of the rectangle nearest `p`, its right and bottom sides excluded (the
    /// last position X's FP16.16 coordinates have before them, a 65536th of a pixel short:
    /// the float just below, 1919.9999999999998, is X's 1920 and so the next monitor's
    /// first pixel, ``Point/pixel``); `p` itself for an empty rectangle.
    public func nearest(to p: Point) -> Point {
        guard !isEmpty else { return p }
        let step = 1 / Point.pixelFractions
        return Point(
            x: min(max(p.x, x), max(maxX - step, x)), y: min(max(p.y, y), max(maxY - step, y)))
    }
}
