/// The settings of a recognizer built on ``FingerMeasureGesture``, and its measure.
protocol FingerMeasureSettings: Sendable {
    /// Fingers whose measure is taken.
    var touchesRequired: Int { get }
    var fingerLandingWindowSeconds: Double { get }
    /// How far a finger may move while fewer than `touchesRequired` are down.
    var loneFingerSlopPx: Double { get }
    /// The frame's value of the measure.
    static func value(of frame: TouchFrame) -> Double
    /// The measure's rate of change at the frame, per second.
    static func velocity(of frame: TouchFrame) -> Double
    /// Whether the measure, gone from `baseline` to `value`, crossed the threshold, and how.
    func crossing(from baseline: Double, to value: Double) -> ThresholdCrossing<GestureDirection>
}

/// The state machine pinch and rotation share. Each measures one quantity of its fingers
/// (their spread, their turn) from a baseline taken when the last required finger lands,
/// and begins once it has changed by a threshold in an allowed direction; it ends when
/// fewer than `touchesRequired` fingers remain.
struct FingerMeasureGesture<Settings: FingerMeasureSettings>: Sendable {
    enum State: Hashable, Sendable {
        case idle
        /// `baseline` is the frame's measure when the last required finger landed.
        case tracking(baseline: Double?, landingDeadline: EventTime?)
        case active(baseline: Double, direction: GestureDirection)
        case finished
    }

    private(set) var state: State = .idle
    private(set) var touches = TouchesSeen()
    /// The measure at the last frame, and its velocity.
    private(set) var value = 0.0
    private(set) var velocity = 0.0
    /// The baseline and direction at the begin; kept after the end for the final report.
    private(set) var began: (baseline: Double, direction: GestureDirection)?

    var deadline: EventTime? {
        if case .tracking(_, let d) = state { return d }
        return nil
    }

    private mutating func observe(_ frame: TouchFrame) {
        touches.observe(frame)
        value = Settings.value(of: frame)
        velocity = Settings.velocity(of: frame)
    }

    // Inlined into the recognizer's own input: no second call per event.
    @inline(__always)
    mutating func touchesBegan(_ frame: TouchFrame, _ settings: Settings) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .idle, .tracking:
            guard frame.count <= settings.touchesRequired else { return finish(.fail(.tooManyFingers)) }
            let ready = frame.count == settings.touchesRequired
            state = .tracking(
                baseline: ready ? value : nil,
                landingDeadline: landingDeadline(
                    frame, required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds))
        case .active, .finished:
            break
        }
        return .none
    }

    // Inlined into the recognizer's own input: no second call per event.
    @inline(__always)
    mutating func touchesMoved(_ frame: TouchFrame, _ settings: Settings) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .tracking(let baseline, _):
            guard let b = baseline else {
                // A finger moving before the others land is a drag, not this gesture.
                return TouchHandback.loneFingerMoved(
                    frame, required: settings.touchesRequired, slopPx: settings.loneFingerSlopPx)
                    ? finish(.fail(.tooFewFingers)) : .none
            }
            switch settings.crossing(from: b, to: value) {
            case .notYet:
                // Fingers moving side by side are a scroll or a drag, the application's.
                return TouchHandback.mayHaveMovedTogether(frame, slopPx: settings.loneFingerSlopPx)
                    && TouchHandback.movedTogether(frame, slopPx: settings.loneFingerSlopPx)
                    ? finish(.fail(.fingersMovedTogether)) : .none
            case .disallowed:
                return finish(.fail(.wrongDirection))
            case .crossed(let direction):
                state = .active(baseline: b, direction: direction)
                began = (b, direction)
                return .begin(.thresholdCrossed)
            }
        case .active:
            return .change
        case .idle, .finished:
            return .none
        }
    }

    // Inlined into the recognizer's own input: no second call per event.
    @inline(__always)
    mutating func touchesEnded(_ frame: TouchFrame, _ settings: Settings) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .tracking:
            return finish(.fail(.releasedTooEarly))
        case .active:
            guard frame.count < settings.touchesRequired else { return .change }
            // Its end is the fingers as they were, the lifting one at its last point.
            touches.observeEndingLift(frame)
            return finish(.end(.released))
        case .idle, .finished:
            return .none
        }
    }

    mutating func timerFired(_ settings: Settings) -> RecognizerDecision {
        guard case .tracking(let b, _) = state else { return .none }
        if touches.fingers < settings.touchesRequired { return finish(.fail(.tooFewFingers)) }
        state = .tracking(baseline: b, landingDeadline: nil)
        return .none
    }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}
