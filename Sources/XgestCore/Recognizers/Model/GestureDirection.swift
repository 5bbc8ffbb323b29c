/// A direction a gesture reports, spelled as the config's `direction` key spells it:
/// eight for swipes, in/out for pinches, cw/ccw for rotations, and the screen edges.
public enum GestureDirection: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case left, right, up, down
    case upLeft = "up-left"
    case upRight = "up-right"
    case downLeft = "down-left"
    case downRight = "down-right"
    case `in`
    case out
    case clockwise = "cw"
    case counterClockwise = "ccw"
    case top, bottom
    /// A scrub's axis: back and forth left and right, or up and down.
    case horizontal, vertical

    public var description: String { rawValue }
}

/// One of the eight swipe directions, in screen coordinates (y grows downward).
public enum SwipeDirection: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case right
    case downRight = "down-right"
    case down
    case downLeft = "down-left"
    case left
    case upLeft = "up-left"
    case up
    case upRight = "up-right"

    /// The direction's angle in radians, measured from +x toward +y (clockwise on screen).
    public var angleRadians: Double {
        switch self {
        case .right: return 0
        case .downRight: return Double.pi / 4
        case .down: return Double.pi / 2
        case .downLeft: return 3 * Double.pi / 4
        case .left: return Double.pi
        case .upLeft: return -3 * Double.pi / 4
        case .up: return -Double.pi / 2
        case .upRight: return -Double.pi / 4
        }
    }

    /// A unit vector pointing this way.
    public var unitVector: Point {
        let d = 0.5.squareRoot()
        switch self {
        case .right: return Point(x: 1, y: 0)
        case .downRight: return Point(x: d, y: d)
        case .down: return Point(x: 0, y: 1)
        case .downLeft: return Point(x: -d, y: d)
        case .left: return Point(x: -1, y: 0)
        case .upLeft: return Point(x: -d, y: -d)
        case .up: return Point(x: 0, y: -1)
        case .upRight: return Point(x: d, y: -d)
        }
    }

    public var gestureDirection: GestureDirection {
        switch self {
        case .right: return .right
        case .downRight: return .downRight
        case .down: return .down
        case .downLeft: return .downLeft
        case .left: return .left
        case .upLeft: return .upLeft
        case .up: return .up
        case .upRight: return .upRight
        }
    }

    /// The nearest of the eight directions to a movement vector.
    public static func nearest(to v: Point) -> SwipeDirection {
        let sector = Int((atan2Radians(v.y, v.x) / (Double.pi / 4)).rounded())
        switch (sector + 8) % 8 {
        case 0: return .right
        case 1: return .downRight
        case 2: return .down
        case 3: return .downLeft
        case 4: return .left
        case 5: return .upLeft
        case 6: return .up
        default: return .upRight  // 7: the only value left of an Int modulo 8.
        }
    }

    public var description: String { rawValue }
}

/// A set of swipe directions.
public struct SwipeDirections: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public init(_ d: SwipeDirection) {
        switch d {
        case .right: self = .right
        case .downRight: self = .downRight
        case .down: self = .down
        case .downLeft: self = .downLeft
        case .left: self = .left
        case .upLeft: self = .upLeft
        case .up: self = .up
        case .upRight: self = .upRight
        }
    }

    public static let right = SwipeDirections(rawValue: 1 << 0)
    public static let downRight = SwipeDirections(rawValue: 1 << 1)
    public static let down = SwipeDirections(rawValue: 1 << 2)
    public static let downLeft = SwipeDirections(rawValue: 1 << 3)
    public static let left = SwipeDirections(rawValue: 1 << 4)
    public static let upLeft = SwipeDirections(rawValue: 1 << 5)
    public static let up = SwipeDirections(rawValue: 1 << 6)
    public static let upRight = SwipeDirections(rawValue: 1 << 7)
    public static let all = SwipeDirections(rawValue: 0xFF)

    public func contains(_ d: SwipeDirection) -> Bool { contains(SwipeDirections(d)) }

    /// The direction in the set closest in angle to `v`, with its deviation in radians.
    public func closest(to v: Point) -> (direction: SwipeDirection, deviationRadians: Double)? {
        let angle = atan2Radians(v.y, v.x)
        var best: (direction: SwipeDirection, deviationRadians: Double)?
        for d in SwipeDirection.allCases where contains(d) {
            let dev = abs(normalizedAngle(angle - d.angleRadians))
            if best.map({ dev < $0.deviationRadians }) ?? true { best = (d, dev) }
        }
        return best
    }
}

/// Pinch in (fingers together, scale below 1) or out (apart, above 1).
public struct PinchDirections: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let `in` = PinchDirections(rawValue: 1 << 0)
    public static let out = PinchDirections(rawValue: 1 << 1)
    public static let both: PinchDirections = [.in, .out]
}

/// Clockwise or counter-clockwise, as seen on screen.
public struct RotationDirections: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let clockwise = RotationDirections(rawValue: 1 << 0)
    public static let counterClockwise = RotationDirections(rawValue: 1 << 1)
    public static let both: RotationDirections = [.clockwise, .counterClockwise]
}
