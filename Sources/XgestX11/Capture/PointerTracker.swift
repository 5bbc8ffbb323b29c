import XgestCore

/// The pointer position, kept from raw motion with no round trip per event: absolute
/// devices map their valuator range onto the screen, relative ones add their processed
/// (accelerated) deltas. Events that carry a root position (touches, gestures) correct it.
struct PointerTracker {
    var position = Point.zero
    var screenWidth: Double
    var screenHeight: Double

    mutating func absolute(x: Double?, y: Double?, range: (x: ClosedRange<Double>, y: ClosedRange<Double>)) {
        if let x { position.x = map(x, range.x, screenWidth) }
        if let y { position.y = map(y, range.y, screenHeight) }
    }

    mutating func relative(dx: Double, dy: Double) {
        position.x = min(max(position.x + dx, 0), screenWidth - 1)
        position.y = min(max(position.y + dy, 0), screenHeight - 1)
    }

    /// Where a device event's own axes put the pointer: an absolute device's values mapped
    /// onto the screen as the server maps them, a relative device's already in root pixels.
    /// An axis the event leaves out has not moved from `unmoved`.
    func location(
        x: Double?, y: Double?, range: (x: ClosedRange<Double>, y: ClosedRange<Double>)?, unmoved: Point
    ) -> Point {
        guard let range else { return Point(x: x ?? unmoved.x, y: y ?? unmoved.y) }
        return Point(
            x: x.map { map($0, range.x, screenWidth) } ?? unmoved.x,
            y: y.map { map($0, range.y, screenHeight) } ?? unmoved.y)
    }

    /// The X server's own mapping: the range covers the screen's pixels edge to edge.
    /// Rounded to the 1/65536 px the protocol carries, so that float noise in the raw
    /// value does not turn pixel 500 into 499.99999.
    private func map(_ v: Double, _ r: ClosedRange<Double>, _ size: Double) -> Double {
        let px = (v - r.lowerBound) * size / (r.upperBound - r.lowerBound + 1)
        return (px * 65536).rounded() / 65536
    }
}
