import Glibc
import SeededRandom
import XgestCore

/// Seeded, so that every benchmark run draws the same strokes.
typealias BenchRandom = SplitMix64

extension SplitMix64 {
    mutating func uniform(_ range: ClosedRange<Double>) -> Double { nextDouble(in: range) }

    /// Standard normal (Box–Muller).
    mutating func gaussian() -> Double {
        let u = max(1e-300, uniform(0...1))
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * uniform(0...1))
    }
}

/// How fast a sample is drawn: faster is sparser (fewer events per path length) and
/// sloppier, slower is denser and shakier, as in the $1 study's three speeds.
enum StrokeSpeed: String, CaseIterable {
    case slow, medium, fast

    /// Pen speed along straight parts, px per second.
    var pixelsPerSecond: Double {
        switch self {
        case .slow: return 350
        case .medium: return 900
        case .fast: return 2200
        }
    }

    /// Multiplies the writer's shape noise, corner rounding and overshoot.
    var sloppiness: Double {
        switch self {
        case .slow: return 0.7
        case .medium: return 1
        case .fast: return 1.5
        }
    }

    /// Multiplies the writer's sensor and hand jitter.
    var shakiness: Double {
        switch self {
        case .slow: return 1.5
        case .medium: return 1
        case .fast: return 0.8
        }
    }
}

/// A synthetic writer: systematic distortions of their own, applied to every gesture
/// they draw, plus per-sample variation.
///
/// Limits: the writers distort the ideal shapes smoothly and independently; real people
/// also confuse gestures, draw parts in another order or direction, hesitate, and their
/// variation is not Gaussian. Accuracy on these writers is an upper bound on what real
/// users see, useful for comparing algorithms and for regressions.
struct SyntheticWriter {
    /// Horizontal shear (x += shear · y), the slant of handwriting.
    var shear: Double
    /// Width relative to height.
    var aspect: Double
    /// Habitual tilt, radians.
    var tiltRadians: Double
    /// Low-frequency shape noise per sample, as a fraction of the gesture's size.
    var shapeNoise: Double
    /// Sensor and hand jitter, px (standard deviation).
    var jitterPx: Double
    /// Corner cutting fraction (Chaikin), 0 for sharp corners.
    var cornerRounding: Double
    /// Tail past the end point, as a fraction of the size.
    var overshoot: Double
    /// How much the pen slows in corners, 0 (not at all) to 0.85.
    var cornerSlowdown: Double
    /// Typical size, px.
    var sizePx: Double
    /// Event rate, Hz.
    var sampleRateHz: Double

    static func random(_ rng: inout BenchRandom) -> SyntheticWriter {
        SyntheticWriter(
            shear: rng.uniform(-0.3...0.3), aspect: rng.uniform(0.75...1.33), tiltRadians: rng.uniform(-0.15...0.15),
            shapeNoise: rng.uniform(0.02...0.05), jitterPx: rng.uniform(0.3...2.5),
            cornerRounding: rng.uniform(0...0.22), overshoot: rng.uniform(0...0.08),
            cornerSlowdown: rng.uniform(0...0.85), sizePx: rng.uniform(90...320),
            sampleRateHz: [60.0, 100, 125][Int(rng.next() % 3)])
    }

    /// One drawing of `shape` (points in a box about 100 units wide).
    func draw(_ shape: [Point], speed: StrokeSpeed, _ rng: inout BenchRandom) -> [Point] {
        let slop = speed.sloppiness
        // Per-sample variation around the writer's habits.
        let tilt = tiltRadians + rng.gaussian() * 0.05
        let sh = shear + rng.gaussian() * 0.04
        let asp = aspect * (1 + rng.gaussian() * 0.05)
        let size = sizePx * rng.uniform(0.75...1.3)
        let field = NoiseField(amplitude: shapeNoise * slop * 100, &rng)
        var pts = shape.map { p -> Point in
            let d = field.displacement(p)
            var x = (p.x - 50 + d.x) * asp
            let y = p.y - 50 + d.y
            x += sh * y
            return Point(x: x * cos(tilt) - y * sin(tilt), y: x * sin(tilt) + y * cos(tilt))
        }
        pts = chaikin(pts, cut: min(0.25, cornerRounding * slop))
        if let last = pts.last, pts.count >= 2 {
            let prev = pts[pts.count - 2]
            let len = max(1e-9, prev.distance(to: last))
            let over = overshoot * slop * 100 * rng.uniform(0.3...1)
            pts.append(Point(x: last.x + (last.x - prev.x) / len * over, y: last.y + (last.y - prev.y) / len * over))
        }
        let origin = Point(x: rng.uniform(300...1600), y: rng.uniform(250...800))
        pts = pts.map { Point(x: origin.x + $0.x * size / 100, y: origin.y + $0.y * size / 100) }
        return timed(pts, speed: speed, jitter: jitterPx * speed.shakiness, &rng)
    }

    /// The pen's event positions: the path walked at a speed that drops in corners,
    /// sampled at the event rate, with jitter.
    func timed(_ path: [Point], speed: StrokeSpeed, jitter: Double, _ rng: inout BenchRandom) -> [Point] {
        let dense = densify(path, stepPx: 1)
        guard dense.count >= 3 else { return path }
        let pace = speed.pixelsPerSecond * rng.uniform(0.8...1.25)
        let dt = 1 / sampleRateHz
        var out = [jittered(dense[0], jitter, &rng)]
        var clock = 0.0
        let window = 6
        for i in 1..<dense.count {
            let a = dense[max(0, i - window)]
            let b = dense[i]
            let c = dense[min(dense.count - 1, i + window)]
            let turn = abs(angleBetween(b - a, c - b))
            let v = pace * (1 - cornerSlowdown * min(1, turn / (Double.pi / 2)))
            clock += dense[i - 1].distance(to: b) / max(20, v)
            if clock >= dt {
                clock -= dt
                out.append(jittered(b, jitter, &rng))
            }
        }
        out.append(jittered(dense[dense.count - 1], jitter, &rng))
        return out
    }

    func jittered(_ p: Point, _ sd: Double, _ rng: inout BenchRandom) -> Point {
        Point(x: p.x + rng.gaussian() * sd, y: p.y + rng.gaussian() * sd)
    }
}

/// A smooth random displacement: two sinusoids per axis with random wavelengths longer
/// than half the gesture, so that shapes bend and corners move rather than wiggle.
struct NoiseField {
    /// A sinusoid along the wave vector (kx, ky), displacing x (axis 0) or y (axis 1).
    var terms: [(kx: Double, ky: Double, amplitude: Double, phase: Double, axis: Int)] = []

    init(amplitude: Double, _ rng: inout BenchRandom) {
        for axis in 0..<2 {
            for _ in 0..<2 {
                let f = 2 * Double.pi / rng.uniform(60...200)
                let dir = rng.uniform(0...(2 * Double.pi))
                terms.append(
                    (
                        kx: cos(dir) * f, ky: sin(dir) * f, amplitude: amplitude * rng.uniform(0.3...1),
                        phase: rng.uniform(0...(2 * Double.pi)), axis: axis
                    ))
            }
        }
    }

    func displacement(_ p: Point) -> Point {
        var d = Point.zero
        for t in terms {
            let v = t.amplitude * sin(t.kx * p.x + t.ky * p.y + t.phase)
            if t.axis == 0 { d.x += v } else { d.y += v }
        }
        return d
    }
}

/// Corner cutting, twice: each segment keeps its middle and the corners become curves.
func chaikin(_ pts: [Point], cut: Double) -> [Point] {
    guard cut > 0.001, pts.count >= 3 else { return pts }
    var cur = pts
    for _ in 0..<2 {
        var next = [cur[0]]
        for i in 0..<(cur.count - 1) {
            let a = cur[i]
            let b = cur[i + 1]
            let q = Point(x: a.x + (b.x - a.x) * cut, y: a.y + (b.y - a.y) * cut)
            let r = Point(x: a.x + (b.x - a.x) * (1 - cut), y: a.y + (b.y - a.y) * (1 - cut))
            if i > 0 { next.append(q) }
            if i < cur.count - 2 { next.append(r) }
        }
        next.append(cur[cur.count - 1])
        cur = next
    }
    return cur
}

/// Points every `stepPx` along the polyline.
func densify(_ pts: [Point], stepPx: Double) -> [Point] {
    guard let first = pts.first else { return [] }
    var out = [first]
    for i in 1..<max(1, pts.count) {
        let a = pts[i - 1]
        let b = pts[i]
        let n = max(1, Int((a.distance(to: b) / stepPx).rounded(.up)))
        for k in 1...n {
            let t = Double(k) / Double(n)
            out.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
    }
    return out
}

/// The signed angle from `u` to `v`, in (-π, π].
func angleBetween(_ u: Point, _ v: Point) -> Double {
    atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
}

/// Strokes that are no gesture: what ordinary use and accidents draw.
enum NonGesture: String, CaseIterable {
    case randomWalk = "random walk"
    case straightDrag = "straight drag"
    case scribble

    func draw(_ writer: SyntheticWriter, speed: StrokeSpeed, _ rng: inout BenchRandom) -> [Point] {
        let origin = Point(x: rng.uniform(300...1600), y: rng.uniform(250...800))
        var path: [Point] = [origin]
        switch self {
        case .randomWalk:
            // Heading wanders by a Gaussian turn per 12 px step.
            var heading = rng.uniform(0...(2 * Double.pi))
            let steps = Int(rng.uniform(15...60))
            var p = origin
            for _ in 0..<steps {
                heading += rng.gaussian() * 0.7
                p = Point(x: p.x + 12 * cos(heading), y: p.y + 12 * sin(heading))
                path.append(p)
            }
        case .straightDrag:
            let heading = rng.uniform(0...(2 * Double.pi))
            let length = rng.uniform(60...900)
            let bow = rng.gaussian() * 0.04 * length
            for k in 1...20 {
                let t = Double(k) / 20
                let side = bow * 4 * t * (1 - t)
                path.append(
                    Point(
                        x: origin.x + length * t * cos(heading) - side * sin(heading),
                        y: origin.y + length * t * sin(heading) + side * cos(heading)))
            }
        case .scribble:
            // Back and forth through random points of a box: shading, crossing out.
            let w = rng.uniform(60...300)
            let h = rng.uniform(40...300)
            let n = Int(rng.uniform(8...16))
            for _ in 0..<n {
                path.append(Point(x: origin.x + rng.uniform(0...w), y: origin.y + rng.uniform(0...h)))
            }
            path = chaikin(path, cut: 0.15)
        }
        return writer.timed(path, speed: speed, jitter: writer.jitterPx * speed.shakiness, &rng)
    }
}
