import SeededRandom

@testable import XgestCore

/// Drawings of a template's shape as a hand might make them: placed, scaled, turned,
/// with uneven point spacing, jitter and a chosen number of points.
struct StrokeDrawing {
    var scale = 1.0
    var offset = Point(x: 500, y: 400)
    var rotationRadians = 0.0
    /// Standard deviation of each point's noise, in units of the template (about 100 wide).
    var jitter = 0.0
    /// Points in the drawing.
    var pointCount = 64
    /// 0: evenly spaced points; towards 1, spacing swings between dense and sparse.
    var speedVariation = 0.0

    func draw(_ shape: [Point], _ rng: inout SplitMix64) -> [Point] {
        guard let path = resampledStroke(shape, count: 400) else { return shape }
        let c = cosineOf(radians: rotationRadians)
        let s = sineOf(radians: rotationRadians)
        var out: [Point] = []
        for k in 0..<pointCount {
            let u = Double(k) / Double(pointCount - 1)
            // A speed profile: the parameter runs fast and slow around the even one.
            let warped = u + speedVariation * sineOf(radians: 2 * Double.pi * u) / (2 * Double.pi)
            let p = path[min(path.count - 1, max(0, Int((warped * Double(path.count - 1)).rounded())))]
            let x = p.x - 50 + gaussian(&rng) * jitter
            let y = p.y - 50 + gaussian(&rng) * jitter
            out.append(
                Point(x: offset.x + scale * (x * c - y * s), y: offset.y + scale * (x * s + y * c)))
        }
        return out
    }
}

/// Approximately standard normal: the sum of twelve uniforms, less six.
func gaussian(_ rng: inout SplitMix64) -> Double {
    var sum = 0.0
    for _ in 0..<12 { sum += rng.nextDouble(in: 0...1) }
    return sum - 6
}

/// A random walk: the heading wanders by a Gaussian turn per 12 px step.
func randomWalk(_ rng: inout SplitMix64) -> [Point] {
    var p = Point(x: rng.nextDouble(in: 300...1500), y: rng.nextDouble(in: 300...700))
    var heading = rng.nextDouble(in: 0...(2 * Double.pi))
    var out = [p]
    for _ in 0..<rng.nextInt(in: 15...60) {
        heading += gaussian(&rng) * 0.7
        p = Point(x: p.x + 12 * cosineOf(radians: heading), y: p.y + 12 * sineOf(radians: heading))
        out.append(p)
    }
    return out
}

/// A straight drag in any direction with a slight bow and jitter.
func straightDrag(_ rng: inout SplitMix64) -> [Point] {
    let start = Point(x: rng.nextDouble(in: 300...1500), y: rng.nextDouble(in: 300...700))
    let heading = rng.nextDouble(in: 0...(2 * Double.pi))
    let length = rng.nextDouble(in: 60...900)
    let bow = gaussian(&rng) * 0.03 * length
    return (0...30).map { k in
        let t = Double(k) / 30
        let side = bow * 4 * t * (1 - t)
        return Point(
            x: start.x + length * t * cosineOf(radians: heading) - side * sineOf(radians: heading) + gaussian(&rng),
            y: start.y + length * t * sineOf(radians: heading) + side * cosineOf(radians: heading) + gaussian(&rng))
    }
}
