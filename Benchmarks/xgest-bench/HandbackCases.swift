import XgestCore

/// The touch gestures the hand-back benchmark plays: each a list of steps in time, as a
/// person would make them (updates every 8 ms, a 125 Hz touchscreen).
struct HandbackCase {
    enum Step {
        case begin(finger: Int, Point)
        case update(finger: Int, Point)
        case end(finger: Int, Point)
    }

    var name: String
    var fingers: Int
    /// Steps with their time from the first, in milliseconds.
    var steps: [(milliseconds: Double, step: Step)]

    static let frameMilliseconds = 8.0
    static let origin = Point(x: 700, y: 500)

    static let all: [HandbackCase] = [
        drag(pxPerSecond: 300), drag(pxPerSecond: 600), drag(pxPerSecond: 1_200), still(), tap(), scroll(),
        pinch(name: "fast pinch 210 ms", milliseconds: 210), pinch(name: "slow pinch 620 ms", milliseconds: 620),
    ]

    /// One finger moving right at `pxPerSecond` for 300 ms.
    static func drag(pxPerSecond: Double) -> HandbackCase {
        var steps: [(Double, Step)] = [(0, .begin(finger: 0, origin))]
        var p = origin
        for k in 1...Int(300 / frameMilliseconds) {
            let t = Double(k) * frameMilliseconds
            p = Point(x: origin.x + pxPerSecond * t / 1000, y: origin.y)
            steps.append((t, .update(finger: 0, p)))
        }
        steps.append((300 + frameMilliseconds, .end(finger: 0, p)))
        return HandbackCase(name: "drag \(Int(pxPerSecond)) px/s", fingers: 1, steps: steps)
    }

    /// One finger resting 400 ms, no motion at all.
    static func still() -> HandbackCase {
        HandbackCase(
            name: "still finger", fingers: 1, steps: [(0, .begin(finger: 0, origin)), (400, .end(finger: 0, origin))])
    }

    /// One finger down 80 ms, no motion.
    static func tap() -> HandbackCase {
        HandbackCase(name: "tap", fingers: 1, steps: [(0, .begin(finger: 0, origin)), (80, .end(finger: 0, origin))])
    }

    /// Two fingers 100 px apart, the second landing 10 ms after the first, moving down
    /// together at 600 px/s for 300 ms.
    static func scroll() -> HandbackCase {
        let a = origin
        let b = Point(x: origin.x + 100, y: origin.y)
        var steps: [(Double, Step)] = [(0, .begin(finger: 0, a)), (10, .begin(finger: 1, b))]
        var dy = 0.0
        for k in 2...Int(300 / frameMilliseconds) {
            let t = Double(k) * frameMilliseconds
            dy = 600 * t / 1000
            steps.append((t, .update(finger: 0, Point(x: a.x, y: a.y + dy))))
            steps.append((t, .update(finger: 1, Point(x: b.x, y: b.y + dy))))
        }
        let t = 300 + frameMilliseconds
        steps.append((t, .end(finger: 0, Point(x: a.x, y: a.y + dy))))
        steps.append((t, .end(finger: 1, Point(x: b.x, y: b.y + dy))))
        return HandbackCase(name: "two-finger scroll", fingers: 2, steps: steps)
    }

    /// Two fingers 150 px apart, the second landing 10 ms after the first, spreading
    /// symmetrically to 300 px (×2) over `milliseconds`: the centre does not move.
    static func pinch(name: String, milliseconds: Double) -> HandbackCase {
        var steps: [(Double, Step)] = [
            (0, .begin(finger: 0, Point(x: origin.x - 75, y: origin.y))),
            (10, .begin(finger: 1, Point(x: origin.x + 75, y: origin.y))),
        ]
        var half = 75.0
        for k in 2...Int(milliseconds / frameMilliseconds) {
            let t = Double(k) * frameMilliseconds
            half = 75 + 75 * min(t / milliseconds, 1)
            steps.append((t, .update(finger: 0, Point(x: origin.x - half, y: origin.y))))
            steps.append((t, .update(finger: 1, Point(x: origin.x + half, y: origin.y))))
        }
        let t = milliseconds + frameMilliseconds
        steps.append((t, .end(finger: 0, Point(x: origin.x - half, y: origin.y))))
        steps.append((t, .end(finger: 1, Point(x: origin.x + half, y: origin.y))))
        return HandbackCase(name: name, fingers: 2, steps: steps)
    }
}
