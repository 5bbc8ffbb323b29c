/// A stroke made comparable: smoothed (``smoothedStroke(_:)``), resampled to
/// ``StrokeVector/sampleCount`` points equally spaced along its path, centred on its
/// centroid, and turned into one vector that holds the positions and the direction of
/// travel, each part scaled to a fixed norm.
///
/// - Positions carry the shape; scaling them to unit norm keeps a straight line straight
///   (no division by a near-zero height). The narrower axis is first stretched towards
///   the wider one, by at most ``maximumStretch``: a thin drawing (a brace, a bracket)
///   keeps its small features (the brace's point, the bracket's corners) large enough
///   to count, while a line stays a line.
/// - Directions (the unit vector of each step) carry the order and sense of drawing: a
///   clockwise circle and a counter-clockwise one have the same positions but opposite
///   directions, and a scribble's directions agree with no template's.
///
/// Both parts rotate together, so one closed-form rotation (Protractor's) aligns them.
struct StrokeVector: Sendable {
    /// Points after resampling. On the synthetic writers 24 separated gestures from
    /// non-gestures slightly better than 32 or 48, and keeps the matching loop short.
    static let sampleCount = 24
    /// Share of the squared norm given to positions; the rest goes to directions.
    static let positionWeight = 0.5
    /// How much the narrower axis of the drawing (its x or y spread) may be stretched
    /// towards the wider. Uniform scaling made a human brace and a bracket differ by a
    /// few percent of the vector; stretching by up to 2 raised the human drawings accepted
    /// from 85.8 % to 88.5 % at the same false accepts (leave-one-source-out, docs/strokes.md);
    /// 3 gained nothing more, and unbounded (the $1 recognizer's square) turns a line's
    /// jitter into shape.
    static let maximumStretch = 2.0

    /// Interleaved x, y: `sampleCount` positions, then `sampleCount - 1` directions.
    var components: [Double]
    /// How far from a line the resampled points are: √(λmin / λmax) of their covariance,
    /// 0 for a straight line, 1 for a circle.
    var elongation: Double
    /// The natural log of the elongation, ``StrokeClassifierSettings/elongationFloor`` at
    /// least: the classifier compares elongations as the difference of these, once per
    /// template, so the log is taken once per stroke.
    var lnElongation = 0.0
    /// The natural log of how much the resampled path turns: the sum of the absolute
    /// angles between its successive directions of travel, in radians, at least
    /// ``StrokeClassifierSettings/turningFloorRadians``. A check mark turns about 2 rad, a
    /// circle 2π, a star 4π; a wandering path that comes close to a shape turns more than it.
    var lnTurning = 0.0

    /// Nil when the stroke has fewer than two distinct points.
    init?(_ points: [Point]) {
        guard let smoothed = smoothedStroke(points),
            let resampled = resampledStroke(smoothed, count: StrokeVector.sampleCount)
        else { return nil }
        let n = resampled.count
        var cx = 0.0
        var cy = 0.0
        for p in resampled {
            cx += p.x
            cy += p.y
        }
        cx /= Double(n)
        cy /= Double(n)
        var c = [Double](repeating: 0, count: 4 * n - 2)
        var sxx = 0.0
        var syy = 0.0
        var sxy = 0.0
        for (i, p) in resampled.enumerated() {
            c[2 * i] = p.x - cx
            c[2 * i + 1] = p.y - cy
            sxx += c[2 * i] * c[2 * i]
            syy += c[2 * i + 1] * c[2 * i + 1]
            sxy += c[2 * i] * c[2 * i + 1]
        }
        guard sxx + syy > 0 else { return nil }
        let half = (sxx + syy) / 2
        let spread = ((sxx - syy) * (sxx - syy) / 4 + sxy * sxy).squareRoot()
        elongation = half + spread > 0 ? (max(0, half - spread) / (half + spread)).squareRoot() : 0
        lnElongation = naturalLog(max(elongation, StrokeClassifierSettings.elongationFloor))
        // The narrower axis stretched towards the wider (a line's narrow axis has no spread
        // and stays as it is); positions and directions are both taken after the stretch.
        let stretch = sxx > 0 && syy > 0 ? min((max(sxx, syy) / min(sxx, syy)).squareRoot(), Self.maximumStretch) : 1
        let fx = sxx < syy ? stretch : 1
        let fy = sxx < syy ? 1 : stretch
        var positionNorm = 0.0
        for i in 0..<n {
            c[2 * i] *= fx
            c[2 * i + 1] *= fy
            positionNorm += c[2 * i] * c[2 * i] + c[2 * i + 1] * c[2 * i + 1]
        }
        let positionScale = StrokeVector.positionWeight.squareRoot() / positionNorm.squareRoot()
        for i in 0..<(2 * n) { c[i] *= positionScale }
        let directionScale = ((1 - StrokeVector.positionWeight) / Double(n - 1)).squareRoot()
        for i in 0..<(n - 1) {
            let dx = (resampled[i + 1].x - resampled[i].x) * fx
            let dy = (resampled[i + 1].y - resampled[i].y) * fy
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            c[2 * n + 2 * i] = dx / length * directionScale
            c[2 * n + 2 * i + 1] = dy / length * directionScale
        }
        lnTurning = naturalLog(max(pathTurningRadians(resampled), StrokeClassifierSettings.turningFloorRadians))
        components = c
    }
}

/// The path length of a polyline, in its own units.
public func strokePathLength(_ points: [Point]) -> Double {
    var total = 0.0
    for i in points.indices.dropFirst() { total += points[i - 1].distance(to: points[i]) }
    return total
}

/// `count` points equally spaced along the path, first and last included; nil when the
/// path has no length.
func resampledStroke(_ points: [Point], count: Int) -> [Point]? {
    guard count >= 2, let first = points.first else { return nil }
    let length = strokePathLength(points)
    guard length > 0, length.isFinite else { return nil }
    let step = length / Double(count - 1)
    var out: [Point] = []
    out.reserveCapacity(count)
    out.append(first)
    var previous = first
    var carried = 0.0
    for next in points.dropFirst() {
        var segment = previous.distance(to: next)
        while carried + segment >= step, out.count < count - 1 {
            let t = (step - carried) / segment
            let p = Point(x: previous.x + t * (next.x - previous.x), y: previous.y + t * (next.y - previous.y))
            out.append(p)
            previous = p
            segment = previous.distance(to: next)
            carried = 0
        }
        carried += segment
        previous = next
    }
    while out.count < count { out.append(points[points.count - 1]) }
    return out
}

/// The sum of the absolute angles between a path's successive steps, in radians; steps of
/// no length are skipped.
func pathTurningRadians(_ points: [Point]) -> Double {
    var turning = 0.0
    var previous: (x: Double, y: Double)?
    for i in points.indices.dropFirst() {
        let step = (x: points[i].x - points[i - 1].x, y: points[i].y - points[i - 1].y)
        guard step.x != 0 || step.y != 0 else { continue }
        if let u = previous {
            turning += abs(atan2Radians(u.x * step.y - u.y * step.x, u.x * step.x + u.y * step.y))
        }
        previous = step
    }
    return turning
}
