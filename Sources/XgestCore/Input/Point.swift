/// A position in root-window pixels (sub-pixel precision, as XI2 reports it).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }

    public var description: String { "\(formatPosition(x)),\(formatPosition(y))" }

    /// The pixel a pointer sent here lands on: each coordinate rounded down, as the X server
    /// puts the pointer for a touch between pixels (1520.5 is on pixel 1520), within X's
    /// 16-bit coordinates; nil for a point that is not finite. A `click` and a `drag` at the
    /// same place press on the same pixel. Coordinates are first taken to X's own precision
    /// (``pixelFractions`` per pixel), so that a centroid's rounding error (719.99999999
    /// for fingers whose centroid is 720) does not step down a pixel.
    public var pixel: (x: Int32, y: Int32)? {
        guard x.isFinite, y.isFinite else { return nil }
        func rounded(_ v: Double) -> Int32 {
            let atXPrecision = (v * Self.pixelFractions).rounded() / Self.pixelFractions
            return Int32(Swift.min(Swift.max(atXPrecision.rounded(.down), -32768), 32767))
        }
        return (rounded(x), rounded(y))
    }

    /// The fractions of a pixel X keeps in positions: XI 2's FP16.16 coordinates.
    public static let pixelFractions = 65536.0
}

/// A rectangle in root-window pixels.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.y >= y && p.x < x + width && p.y < y + height
    }
}

/// Whole numbers print without a fraction, others with up to two decimals.
public func formatCoordinate(_ v: Double) -> String {
    // Rounded first: 1179.9999999 is 1180, not "1180.0", which a shell's $(( )) refuses.
    let r = roundedToHundredths(v)
    if r == r.rounded() && abs(r) < 1e15 { return String(Int64(r)) }
    return String(r)
}

/// A position in pixels as ``formatCoordinate(_:)`` prints it, but never rounded up into
/// the next pixel: 1919.99998 (the last position X has before 1920, where a touch past a
/// monitor's right side is taken) is 1919.99, whose whole part, `${XGEST_X%.*}`, is the
/// pixel it is on (``Point/pixel``), not the next monitor's first. Taken to X's precision
/// first, as ``Point/pixel`` takes it: a centroid's float noise (1179.9999999) is 1180.
public func formatPosition(_ v: Double) -> String {
    // Left of or above the root only a window's origin puts a position; no pixel to keep.
    guard v.isFinite, v >= 0, v < 1e15 else { return formatCoordinate(v) }
    let atXPrecision = (v * Point.pixelFractions).rounded() / Point.pixelFractions
    let pixel = atXPrecision.rounded(.down)
    guard roundedToHundredths(atXPrecision) >= pixel + 1 else { return formatCoordinate(atXPrecision) }
    return formatCoordinate(pixel + 0.99)
}

/// `v` to the hundredth, as ``formatCoordinate(_:)`` shows it: a value summed from many
/// small moves carries the float's noise (99.99999999999996 for a 100 px swipe), which no
/// output should show. Values too large to scale are left as they are.
public func roundedToHundredths(_ v: Double) -> Double {
    guard abs(v) < 1e15 else { return v }
    return (v * 100).rounded() / 100
}
