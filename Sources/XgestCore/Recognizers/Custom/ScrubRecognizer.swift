/// The axis a scrub goes back and forth along.
public enum ScrubAxis: String, Hashable, Sendable {
    case horizontal, vertical
}

/// Tunables of a ``ScrubRecognizer``.
public struct ScrubSettings: Hashable, Sendable {
    /// A binding's `scrub-duration` when it sets none.
    public static let defaultDurationSeconds = 1.0
    /// A binding's `reversals` when it sets none.
    public static let defaultReversals = 3

    public var axis: ScrubAxis
    /// The reversal that recognizes the scrub (UIKit's tickle example asks for a number of
    /// direction changes too).
    public var reversalsRequired: Int
    public var input: StrokeInput
    /// From the touch or press, the longest the reversals may take.
    public var maximumDurationSeconds = defaultDurationSeconds
    /// How far each leg must travel along the axis before its turn counts: less is
    /// jitter. The daemon gives it the `scrub-distance` setting (4 mm).
    public var minimumTravelPx = 15.0

    public init(axis: ScrubAxis, reversalsRequired: Int = defaultReversals, input: StrokeInput) {
        self.axis = axis
        self.reversalsRequired = reversalsRequired
        self.input = input
    }
}

/// Discrete: the tickle. Recognizes a stroke going back and forth along its axis on its
/// N-th reversal, within the duration, without waiting for the lift.
///
/// A reversal counts once the stroke has travelled ``ScrubSettings/minimumTravelPx``
/// back from its farthest point in the previous direction, so jitter never counts; the
/// first leg must travel as far before it has a direction. Each leg must go more along
/// the axis than across it ("wrong direction"). Lifting first fails with "released too
/// early", running out of time with "too slow" (no leg yet) or "timed out".
public struct ScrubRecognizer: GestureRecognizer {
    public let settings: ScrubSettings

    /// Which way the stroke goes along the axis, and since where.
    struct Leg: Hashable, Sendable {
        /// +1 or −1 along the axis; 0 before the first leg.
        var sign: Double
        /// The farthest point reached in the leg's direction (the start before the first leg).
        var turn: Point
    }

    enum State: Hashable, Sendable {
        case idle
        case scrubbing(start: EventTime, leg: Leg, reversals: Int)
        case finished
    }

    private(set) var state: State = .idle
    private var stroke: OneStrokeInput
    private var origin = Point.zero
    private var location = Point.zero

    public init(_ settings: ScrubSettings) {
        self.settings = settings
        stroke = OneStrokeInput(settings.input)
    }

    public var kind: GestureKind { .scrub }
    public var deviceKind: DeviceKind { stroke.deviceKind }
    public var isContinuous: Bool { false }

    /// For "wrong modifiers": which were held and which the binding wants.
    public var decisionDetail: TransitionDetail? { stroke.modifierMismatch }

    public var deadline: EventTime? {
        guard case .scrubbing(let start, _, _) = state else { return nil }
        return start + .seconds(settings.maximumDurationSeconds)
    }

    public var report: GestureReport {
        var r = GestureReport(fingers: deviceKind == .touchscreen ? 1 : 0, location: location)
        r.translation = location - origin
        return r
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        guard state != .finished else { return .none }
        return take(stroke.touchesBegan(frame))
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision { take(stroke.touchesMoved(frame)) }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision { take(stroke.touchesEnded(frame)) }

    public mutating func pointer(_ input: PointerInput) -> RecognizerDecision {
        guard state != .finished else { return .none }
        return take(stroke.pointer(input))
    }

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision {
        guard case .scrubbing(_, let leg, _) = state else { return .none }
        return finish(.fail(leg.sign == 0 ? .tooSlow : .timedOut))
    }

    public mutating func reset() {
        state = .idle
        stroke.reset()
        origin = .zero
        location = .zero
    }

    private mutating func take(_ step: OneStrokeStep) -> RecognizerDecision {
        switch (state, step) {
        case (.idle, .started(let p, let time, _)):
            origin = p
            location = p
            state = .scrubbing(start: time, leg: Leg(sign: 0, turn: p), reversals: 0)
            return .none
        case (.scrubbing, .moved(let p, let time)):
            return advance(to: p, time: time)
        case (.scrubbing, .ended(let p, let time)):
            let d = advance(to: p, time: time)
            return d == .none ? finish(.fail(.releasedTooEarly)) : d
        case (.idle, .failed(let reason)), (.scrubbing, .failed(let reason)):
            return finish(.fail(reason))
        case (_, .ignored), (.finished, _), (.idle, .moved), (.idle, .ended), (.scrubbing, .started):
            return .none
        }
    }

    private mutating func advance(to p: Point, time: EventTime) -> RecognizerDecision {
        guard case .scrubbing(let start, var leg, var reversals) = state else { return .none }
        location = p
        if (time - start).seconds > settings.maximumDurationSeconds {
            return finish(.fail(leg.sign == 0 ? .tooSlow : .timedOut))
        }
        let along = self.along(p - leg.turn)
        if leg.sign == 0 {
            // The first leg: a direction once it has gone far enough.
            if abs(along) >= settings.minimumTravelPx {
                guard isAlongAxis(p - leg.turn) else { return finish(.fail(.wrongDirection)) }
                leg = Leg(sign: along > 0 ? 1 : -1, turn: p)
            }
        } else if along * leg.sign > 0 {
            leg.turn = p  // farther the same way
        } else if -along * leg.sign >= settings.minimumTravelPx {
            guard isAlongAxis(p - leg.turn) else { return finish(.fail(.wrongDirection)) }
            reversals += 1
            if reversals >= settings.reversalsRequired { return finish(.recognize(.reversalsCompleted)) }
            leg = Leg(sign: -leg.sign, turn: p)
        }
        state = .scrubbing(start: start, leg: leg, reversals: reversals)
        return .none
    }

    /// The signed distance of `d` along the axis.
    private func along(_ d: Point) -> Double { settings.axis == .horizontal ? d.x : d.y }

    /// Whether `d` goes more along the axis than across it.
    private func isAlongAxis(_ d: Point) -> Bool {
        let across = settings.axis == .horizontal ? d.y : d.x
        return abs(across) < abs(along(d))
    }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}
