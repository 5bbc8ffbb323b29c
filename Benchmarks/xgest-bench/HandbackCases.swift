import XgestCore
import XgestTestServer

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
        drag(pxPerSecond: 300), drag(pxPerSecond: 600), drag(pxPerSecond: 1_200), dragFromRest(), still(), tap(),
        scroll(),
        pinch(name: "fast pinch 210 ms", milliseconds: 210), pinch(name: "slow pinch 620 ms", milliseconds: 620),
        staggered(fingers: 2, gapMilliseconds: 30), staggered(fingers: 3, gapMilliseconds: 25),
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

    /// One finger starting from rest, as people's fingers do: 200 px in 350 ms on a
    /// minimum-jerk profile (the smooth reach of Flash and Hogan 1985; 571 px/s on
    /// average), so it travels 1 mm (3.8 px at 96 dpi) 46 ms after landing. People's drag
    /// starts measured on the human drawings (`xgest-bench strokes --human`, "drag start")
    /// take 45 ms median on a touchscreen. The constant-speed drags above move a whole
    /// frame's distance at their first update, which no finger starting from rest does.
    static func dragFromRest() -> HandbackCase {
        let distancePx = 200.0
        let durationMilliseconds = 350.0
        var steps: [(Double, Step)] = [(0, .begin(finger: 0, origin))]
        var p = origin
        for k in 1...Int(durationMilliseconds / frameMilliseconds) {
            let t = Double(k) * frameMilliseconds
            let tau = t / durationMilliseconds
            let share = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
            p = Point(x: origin.x + distancePx * share, y: origin.y)
            steps.append((t, .update(finger: 0, p)))
        }
        steps.append((durationMilliseconds + frameMilliseconds, .end(finger: 0, p)))
        return HandbackCase(name: "drag from rest", fingers: 1, steps: steps)
    }

    /// One finger resting 400 ms, no motion at all.
    static func still() -> HandbackCase {
        HandbackCase(
            name: "still finger", fingers: 1, steps: [(0, .begin(finger: 0, origin)), (400, .end(finger: 0, origin))])
    }

    /// One finger resting `milliseconds`, no motion: long enough for a toolkit's long press.
    static func hold(milliseconds: Double) -> HandbackCase {
        HandbackCase(
            name: "long press", fingers: 1,
            steps: [(0, .begin(finger: 0, origin)), (milliseconds, .end(finger: 0, origin))])
    }

    /// `fingers` still fingers 100 px apart, each landing `gapMilliseconds` after the one
    /// before, all lifting 400 ms after the first landed. Under a binding of more fingers
    /// than have landed, the landing window starts again at each landing
    /// (docs/state-machines/touchscreen.md): the fingers are held until the window after
    /// the last of them, the first one longest.
    static func staggered(fingers: Int, gapMilliseconds: Double) -> HandbackCase {
        let names = [2: "two", 3: "three", 4: "four", 5: "five"]
        var steps: [(Double, Step)] = []
        for f in 0..<fingers {
            let p = Point(x: origin.x + 100 * Double(f), y: origin.y)
            steps.append((gapMilliseconds * Double(f), .begin(finger: f, p)))
        }
        for f in 0..<fingers {
            steps.append((400, .end(finger: f, Point(x: origin.x + 100 * Double(f), y: origin.y))))
        }
        let count = names[fingers] ?? "\(fingers)"
        return HandbackCase(
            name: "\(count) still, \(Int(gapMilliseconds)) ms apart", fingers: fingers, steps: steps)
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
    /// With `fromPx` and `toPx`, spreading (or closing) from one distance to the other.
    static func pinch(name: String, milliseconds: Double, fromPx: Double = 150, toPx: Double = 300) -> HandbackCase {
        var steps: [(Double, Step)] = [
            (0, .begin(finger: 0, Point(x: origin.x - fromPx / 2, y: origin.y))),
            (10, .begin(finger: 1, Point(x: origin.x + fromPx / 2, y: origin.y))),
        ]
        var half = fromPx / 2
        for k in 2...Int(milliseconds / frameMilliseconds) {
            let t = Double(k) * frameMilliseconds
            half = (fromPx + (toPx - fromPx) * min(t / milliseconds, 1)) / 2
            steps.append((t, .update(finger: 0, Point(x: origin.x - half, y: origin.y))))
            steps.append((t, .update(finger: 1, Point(x: origin.x + half, y: origin.y))))
        }
        let t = milliseconds + frameMilliseconds
        steps.append((t, .end(finger: 0, Point(x: origin.x - half, y: origin.y))))
        steps.append((t, .end(finger: 1, Point(x: origin.x + half, y: origin.y))))
        return HandbackCase(name: name, fingers: 2, steps: steps)
    }

    /// The same gesture with every point moved so that ``origin`` falls on `center`.
    func centered(at center: Point) -> HandbackCase {
        let dx = center.x - Self.origin.x
        let dy = center.y - Self.origin.y
        func move(_ p: Point) -> Point { Point(x: p.x + dx, y: p.y + dy) }
        var c = self
        c.steps = steps.map { ms, step in
            switch step {
            case .begin(let f, let p): return (ms, .begin(finger: f, move(p)))
            case .update(let f, let p): return (ms, .update(finger: f, move(p)))
            case .end(let f, let p): return (ms, .end(finger: f, move(p)))
            }
        }
        return c
    }

    /// Plays the steps in real time on `ts`, fingers numbered from `firstID`, calling
    /// `watch` while it waits for each step's time; returns when the first step, each
    /// finger's landing (by touch id) and the last lift were sent (monotonic nanoseconds).
    func play(
        on ts: Touchscreen, firstID: UInt32, watch: () throws -> Void
    ) throws -> (firstBegin: UInt64, begins: [UInt32: UInt64], lastEnd: UInt64) {
        var firstBegin: UInt64?
        var begins: [UInt32: UInt64] = [:]
        var lastEnd: UInt64 = 0
        let start = monotonicNanoseconds()
        for (ms, step) in steps {
            let due = start + UInt64(ms * 1_000_000)
            while monotonicNanoseconds() < due {
                try watch()
                HandbackBenchmark.pause(milliseconds: 0.1)
            }
            switch step {
            case .begin(let f, let p):
                try ts.begin(id: firstID + UInt32(f), at: p)
            case .update(let f, let p):
                try ts.update(id: firstID + UInt32(f), at: p)
            case .end(let f, let p):
                try ts.end(id: firstID + UInt32(f), at: p)
            }
            try ts.sync()
            let sent = monotonicNanoseconds()
            if case .begin(let f, _) = step {
                if firstBegin == nil { firstBegin = sent }
                begins[firstID + UInt32(f)] = sent
            }
            if case .end = step { lastEnd = sent }
        }
        return (firstBegin ?? start, begins, lastEnd)
    }
}
