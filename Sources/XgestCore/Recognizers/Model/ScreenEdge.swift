/// One screen edge, spelled as the config spells it: where an edge pan starts, and the
/// direction it reports (it moves in from that edge).
public enum ScreenEdge: String, Hashable, Sendable, CaseIterable {
    case left, right, top, bottom

    public var edges: ScreenEdges {
        switch self {
        case .left: return .left
        case .right: return .right
        case .top: return .top
        case .bottom: return .bottom
        }
    }

    public var direction: GestureDirection {
        switch self {
        case .left: return .left
        case .right: return .right
        case .top: return .top
        case .bottom: return .bottom
        }
    }

    /// The edge a direction names, for edge gestures.
    public init?(_ direction: GestureDirection) {
        switch direction {
        case .left: self = .left
        case .right: self = .right
        case .top: self = .top
        case .bottom: self = .bottom
        case .up, .down, .upLeft, .upRight, .downLeft, .downRight, .in, .out, .clockwise, .counterClockwise,
            .horizontal,
            .vertical:
            return nil
        }
    }
}

extension ScreenEdge {
    /// How far `p` is from this edge of `screen`, in pixels, measured from the edge's last
    /// pixel (0 on it); nil when `p` is not over the screen along the edge, or is on the
    /// far side of it. Positions carry fractions: a touchscreen's largest value lands past
    /// the last pixel's start (3839.94 on a screen 3840 wide) and a touchscreen mapped
    /// upside down puts its own top on the monitor's bottom boundary (y = y + height):
    /// both are on the edge, not off it. The one rule for edge gestures, the `edge`
    /// condition and the touchpad's claims.
    public func distance(of p: Point, from screen: Rect) -> Double? {
        let s = screen
        guard p.x >= s.x, p.x <= s.x + s.width, p.y >= s.y, p.y <= s.y + s.height else { return nil }
        switch self {
        case .left: return p.x - s.x
        case .right: return max(0, s.x + s.width - 1 - p.x)
        case .top: return p.y - s.y
        case .bottom: return max(0, s.y + s.height - 1 - p.y)
        }
    }

    /// Whether `p` is within `thickness` pixels of this edge of `screen`.
    public func contains(_ p: Point, on screen: Rect, thickness: Double) -> Bool {
        distance(of: p, from: screen).map { $0 < thickness } ?? false
    }
}

/// Screen edges an edge pan may start from.
public struct ScreenEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let left = ScreenEdges(rawValue: 1 << 0)
    public static let right = ScreenEdges(rawValue: 1 << 1)
    public static let top = ScreenEdges(rawValue: 1 << 2)
    public static let bottom = ScreenEdges(rawValue: 1 << 3)
    public static let all: ScreenEdges = [.left, .right, .top, .bottom]
}
