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
