extension Point {
    /// The vector's length.
    var length: Double { (x * x + y * y).squareRoot() }

    /// Whether the vector is certainly shorter than `limit`, decided without a square root
    /// for the per-event path. False near the boundary (and for a limit that is not
    /// positive, or a vector that is not finite), where callers compare ``length`` exactly,
    /// so that using it never changes a decision.
    func isClearlyShorter(than limit: Double) -> Bool {
        limit > 0 && x * x + y * y < limit * limit * 0.999_999
    }

    static func * (p: Point, k: Double) -> Point { Point(x: p.x * k, y: p.y * k) }
}
