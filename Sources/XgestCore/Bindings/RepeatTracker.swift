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
/// The gesture's progress is measured along the way it began: the scale for pinches
/// (multiplicatively: each step multiplies or divides it by ``RepeatSteps/scale``), the
/// angle for rotations, the movement along the direction for swipes and away from the edge
/// for edge pans, and the distance from the start for pans. The begin is the first step;
/// after that a step is taken each time progress is one step size beyond the last step,
/// forward or back, so jitter around a step boundary does not fire anything.
public struct RepeatTracker: Sendable {
    enum Measure: Hashable, Sendable {
        /// Progress is `value` growing: steps add `size`.
        case additive(size: Double)
        /// Progress is `value` growing: steps multiply by `factor`.
        case multiplicative(factor: Double)
    }

    /// A guard against a report so far off (a scale near 0 or infinite) that it would step without end.
    public static let maximumStepsPerReport = 64

    public let kind: GestureKind
    public let steps: RepeatSteps
    private var measure: Measure?
    private var forwardSign = 1.0
    private var axis = Point.zero
    private var anchor = 0.0

    public init(kind: GestureKind, steps: RepeatSteps) {
        self.kind = kind
        self.steps = steps
    }

    /// The steps to take for a gesture event of this tracker's gesture: one forward step at
    /// `began`, any number at `changed`, none at the end (which resets the tracker).
    public mutating func track(_ state: GestureState, _ report: GestureReport) -> [RepeatStep] {
        switch state {
        case .began:
            start(report)
            return [.forward]
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
        switch kind {
        case .pinch:
            forwardSign = report.direction == .in ? -1 : 1
            measure = .multiplicative(factor: steps.scale)
        case .rotate:
            forwardSign = report.direction == .counterClockwise ? -1 : 1
            measure = .additive(size: steps.angleRadians)
        case .swipe, .edge:
            axis = Self.axis(report, kind: kind)
            measure = .additive(size: steps.distancePx)
        case .pan, .longPress, .tap, .stroke, .pattern, .scrub, .custom:
            measure = .additive(size: steps.distancePx)
        }
        anchor = progress(report)
    }

    /// How far the gesture has gone, growing in its forward direction.
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

    private mutating func advance(_ report: GestureReport) -> [RepeatStep] {
        guard let measure else { return [] }
        let p = progress(report)
        guard p.isFinite else { return [] }
        var out: [RepeatStep] = []
        while out.count < Self.maximumStepsPerReport {
            switch measure {
            case .additive(let size):
                guard size > 0 else { return out }
                if p >= anchor + size {
                    anchor += size
                    out.append(.forward)
                } else if p <= anchor - size {
                    anchor -= size
                    out.append(.reverse)
                } else {
                    return out
                }
            case .multiplicative(let factor):
                guard factor > 1 else { return out }
                if p >= anchor * factor {
                    anchor *= factor
                    out.append(.forward)
                } else if p <= anchor / factor {
                    anchor /= factor
                    out.append(.reverse)
                } else {
                    return out
                }
            }
        }
        // Too far in one report: continue from here next time rather than catch up later.
        anchor = p
        return out
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
