import CXgest
import XgestCore

/// Where the X server puts an absolute touchscreen's raw position on the root: the
/// valuator scaled to the device's range, through its coordinate transformation matrix,
/// onto the root's pixels edge to edge (the server's own steps, so a followed touch lands
/// where its touch events would).
public struct RawTouchMapping: Hashable, Sendable {
    public var rangeX: ClosedRange<Double>
    public var rangeY: ClosedRange<Double>
    /// Row-major 3×3, device fractions to root fractions; nil: identity.
    public var matrix: [Double]?
    public var rootWidth: Double
    public var rootHeight: Double

    public init(
        rangeX: ClosedRange<Double>, rangeY: ClosedRange<Double>, matrix: [Double]?, rootWidth: Double,
        rootHeight: Double
    ) {
        self.rangeX = rangeX
        self.rangeY = rangeY
        self.matrix = matrix
        self.rootWidth = rootWidth
        self.rootHeight = rootHeight
    }

    public func point(x: Double, y: Double) -> Point {
        let spanX = rangeX.upperBound - rangeX.lowerBound
        let spanY = rangeY.upperBound - rangeY.lowerBound
        var u = spanX > 0 ? (x - rangeX.lowerBound) / spanX : 0
        var v = spanY > 0 ? (y - rangeY.lowerBound) / spanY : 0
        if let m = matrix, m.count == 9 {
            let w = m[6] * u + m[7] * v + m[8]
            if w != 0, w.isFinite {
                (u, v) = ((m[0] * u + m[1] * v + m[2]) / w, (m[3] * u + m[4] * v + m[5]) / w)
            }
        }
        // Back to the device range, then onto the root as the server scales to the desktop.
        return Point(
            x: Self.pixel(u * spanX * rootWidth / (spanX + 1)), y: Self.pixel(v * spanY * rootHeight / (spanY + 1)))
    }

    /// Rounded to the 1/65536 px the protocol carries, as touch events are.
    private static func pixel(_ px: Double) -> Double { (px * 65536).rounded() / 65536 }
}

/// Touches handed back to applications that a binding still watches
/// (`cancels-touches = false`): the server sends their touch events to the application
/// now, so they are followed through raw touch events, which reach every client that
/// selects them on the root whatever the grabs. Their touch events, still queued or sent
/// at the reject, are dropped.
struct SharedTouches {
    private struct Followed {
        var rawX: Double?
        var rawY: Double?
        var location: Point
    }

    private var followed: [TouchKey: Followed] = [:]

    var isEmpty: Bool { followed.isEmpty }

    func contains(_ key: TouchKey) -> Bool { followed[key] != nil }

    mutating func forget(device: Int) { followed = followed.filter { $0.key.device != device } }

    mutating func follow(_ key: TouchKey, from location: Point) {
        followed[key] = Followed(location: location)
    }

    /// The touch sample a raw update or end of a followed touch stands for; nil for any
    /// other raw touch event (its touch events are xgest's). An axis a raw event leaves
    /// out keeps its last raw value; until both are known, an unrotated axis maps alone
    /// and a rotated one keeps its last position.
    mutating func sample(
        _ key: TouchKey, phase: TouchPhase, x: Double?, y: Double?, mapping: RawTouchMapping?
    ) -> TouchSample? {
        guard phase != .begin, var f = followed[key] else { return nil }
        f.rawX = x ?? f.rawX
        f.rawY = y ?? f.rawY
        if let mapping {
            if let rx = f.rawX, let ry = f.rawY {
                f.location = mapping.point(x: rx, y: ry)
            } else if mapping.matrix == nil {
                let p = mapping.point(x: f.rawX ?? mapping.rangeX.lowerBound, y: f.rawY ?? mapping.rangeY.lowerBound)
                if f.rawX != nil { f.location.x = p.x }
                if f.rawY != nil { f.location.y = p.y }
            }
        }
        if phase == .end { followed[key] = nil } else { followed[key] = f }
        return TouchSample(id: key.touch, phase: phase, location: f.location)
    }
}
