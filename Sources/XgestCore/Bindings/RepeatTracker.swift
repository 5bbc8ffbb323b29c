/// Step sizes for repeating actions.
public struct RepeatSteps: Hashable, Sendable {
    /// Pans, edge pans and touchpad swipes: pixels of movement per step.
    public var distancePx: Double
    /// Pinches: the scale factor per step (above 1).
    public var scale: Double
    /// Rotations: radians per step.
    public var angleRadians: Double

    public init(distancePx: Double, scale: Double, angleRadians: Double) {
        self.distancePx = distancePx
        self.scale = scale
        self.angleRadians = angleRadians
    }
}

/// One step a repeating binding takes: its action (forward) or its reverse action (back).
public enum RepeatStep: Hashable, Sendable {
    case forward
    case reverse
}

/// Turns the successive reports of a continuous gesture into steps, so that an action can
/// repeat while the gesture goes on (zoom in at every step of a pinch out) and a reverse
/// action run when the gesture turns back (zoom out again as the fingers close).
///
/// The gesture's progress is measured along the way it began, from where it started (scale
/// 1, no angle, no movement): the scale for pinches (multiplicatively: each step multiplies
/// or divides it by ``RepeatSteps/scale``), the angle for rotations, the movement along the
/// direction for swipes and away from the edge for edge pans, and the distance from the
/// start for pans. Steps lie on a grid from the start, one step size apart; the begin is
/// the first step, taken early (a pinch begins at a scale of 1.1, before the first step's
/// 1.25), and any further steps the begin's own progress has crossed come with it. After
/// that a step is taken each time progress is one step size beyond the last step, forward
/// or back, so jitter around a step boundary does not fire anything, and every step an
/// event crosses is taken. The net number of steps then follows the progress: back at the
/// start, every step forward has had its reverse, the begin's too.
public struct RepeatTracker: Sendable {
    enum Measure: Hashable, Sendable {
        /// Progress is `value` growing: steps add `size`.
        case additive(size: Double)
        /// Progress is `value` growing: steps multiply by `factor`.
        case multiplicative(factor: Double)

        /// Whether steps lie apart: a step of no size would be taken without end.
        var hasSteps: Bool {
            switch self {
            case .additive(let size): size > 0
            case .multiplicative(let factor): factor > 1
            }
        }
    }

    /// The most steps one report takes: a guard against a report so far off (a scale near
    /// 0 or infinite) that it would step without end. A real gesture crosses a few steps in
    /// an update at most (a pinch spread 2.5 times in one is four of `repeat-scale` 1.25);
    /// past this bound the report's other steps are not taken, and the grid goes on from
    /// where the report left the gesture.
    public static let maximumStepsPerReport = 64

    public let kind: GestureKind
    public let steps: RepeatSteps
    private var measure: Measure?
    private var forwardSign = 1.0
    private var axis = Point.zero
    /// The progress at the gesture's start, step 0 of the grid (moved only past ``maximumStepsPerReport``).
    private var origin = 0.0
    /// The step the gesture is at: the begin's 1, then one more for each forward step and one
    /// less for each reverse.
    private var level = 0

    public init(kind: GestureKind, steps: RepeatSteps) {
        self.kind = kind
        self.steps = steps
    }

    /// The steps to take for a gesture event of this tracker's gesture: at least one
    /// forward step at `began`, any number at `changed` (up to ``maximumStepsPerReport``
    /// each), none at the end (which resets the tracker).
    public mutating func track(_ state: GestureState, _ report: GestureReport) -> [RepeatStep] {
        switch state {
        case .began:
            start(report)
            return [.forward] + advance(report, limit: Self.maximumStepsPerReport - 1)
        case .changed:
            return advance(report)
        case .ended, .cancelled, .recognized, .failed, .possible:
            measure = nil
            return []
        }
    }

    private mutating func start(_ report: GestureReport) {
        forwardSign = 1
        axis = .zero
        let m: Measure
        switch kind {
        case .pinch:
            forwardSign = report.direction == .in ? -1 : 1
            m = .multiplicative(factor: steps.scale)
        case .rotate:
            forwardSign = report.direction == .counterClockwise ? -1 : 1
            m = .additive(size: steps.angleRadians)
        case .swipe, .edge:
            axis = Self.axis(report, kind: kind)
            m = .additive(size: steps.distancePx)
        case .pan, .longPress, .tap, .stroke, .pattern, .scrub, .custom:
            m = .additive(size: steps.distancePx)
        }
        measure = m
        // The begin's step is the grid's first: the one a step size from the start.
        switch m {
        case .multiplicative: origin = 1
        case .additive: origin = 0
        }
        level = 1
    }

    /// How far the gesture has gone, growing in its forward direction: 1 (a pinch) or 0
    /// (the others) at its start.
    private func progress(_ r: GestureReport) -> Double {
        switch kind {
        case .pinch:
            let s = r.scale > 0 ? r.scale : Double.leastNormalMagnitude
            return forwardSign > 0 ? s : 1 / s
        case .rotate:
            return r.rotationRadians * forwardSign
        case .swipe, .edge:
            return axis == .zero ? r.translation.length : r.translation.x * axis.x + r.translation.y * axis.y
        case .pan, .longPress, .tap, .stroke, .pattern, .scrub, .custom:
            return r.translation.length
        }
    }

    private mutating func advance(_ report: GestureReport, limit: Int = maximumStepsPerReport) -> [RepeatStep] {
        guard let measure, measure.hasSteps else { return [] }
        let p = progress(report)
        guard p.isFinite else { return [] }
        var out: [RepeatStep] = []
        while out.count < limit {
            if p >= boundary(level + 1, measure) {
                level += 1
                out.append(.forward)
            } else if p <= boundary(level - 1, measure) {
                level -= 1
                out.append(.reverse)
            } else {
                return out
            }
        }
        // Too far in one report: the grid moves to put the step reached here, rather than
        // take the steps left over at the next report.
        switch measure {
        case .multiplicative(let factor): origin = p / Self.power(factor, level)
        case .additive(let size): origin = p - size * Double(level)
        }
        return out
    }

    /// Where step `n` of the grid lies: `n` step sizes from the origin, each way.
    private func boundary(_ n: Int, _ measure: Measure) -> Double {
        switch measure {
        case .multiplicative(let factor): origin * Self.power(factor, n)
        case .additive(let size): origin + size * Double(n)
        }
    }

    /// `factor` to the power `n`, the same for the same `n` whatever steps led there (no
    /// drift from multiplying step by step), and 1 at 0: back at the start, a pinch is on
    /// its grid's step 0.
    private static func power(_ factor: Double, _ n: Int) -> Double {
        var r = 1.0
        for _ in 0..<n.magnitude { r *= factor }
        return n < 0 ? 1 / r : r
    }

    /// The unit vector of the gesture's direction: a swipe's own, away from an edge pan's edge.
    private static func axis(_ r: GestureReport, kind: GestureKind) -> Point {
        guard let d = r.direction else { return .zero }
        if kind != .edge, let s = SwipeDirection(rawValue: d.rawValue) { return s.unitVector }
        switch d {
        case .left: return Point(x: 1, y: 0)
        case .right: return Point(x: -1, y: 0)
        case .top: return Point(x: 0, y: 1)
        case .bottom: return Point(x: 0, y: -1)
        case .up, .down, .upLeft, .upRight, .downLeft, .downRight, .in, .out, .clockwise, .counterClockwise,
            .horizontal,
            .vertical:
            return .zero
        }
    }
}
