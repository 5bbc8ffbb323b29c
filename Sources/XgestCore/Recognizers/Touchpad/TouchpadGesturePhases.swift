/// The state machine the touchpad recognizers (swipe, pinch, rotate) share. They differ
/// only in what they measure of their XI 2.4 gesture and in the threshold it must cross;
/// how the gesture's begin, update and end events move them between these states is
/// decided in one place, ``TouchpadGestureRecognizer/follow(_:fingers:required:cancelled:measure:)``.
struct TouchpadGesturePhases<Direction: Hashable & Sendable>: Hashable, Sendable {
    enum State: Hashable, Sendable {
        case idle
        /// The gesture began with the fingers required; its measure is short of the threshold.
        case tracking
        case active(Direction)
        case finished
    }

    fileprivate(set) var state: State = .idle
    /// The gesture's fingers, from its begin event.
    fileprivate(set) var fingers = 0
    /// The direction the gesture began in; kept after it ends for the final report.
    fileprivate(set) var direction: Direction?
}

/// A continuous recognizer of XI 2.4 touchpad gestures. It supplies its measure and its
/// threshold; the protocol's extension follows the gesture's phases.
protocol TouchpadGestureRecognizer: GestureRecognizer {
    associatedtype Direction: Hashable & Sendable
    var phases: TouchpadGesturePhases<Direction> { get set }
    /// While tracking, after each measured event: whether the threshold is crossed, and how.
    func thresholdCrossing() -> ThresholdCrossing<Direction>
}

extension TouchpadGestureRecognizer {
    /// One event of the recognizer's own gesture type. A begin starts tracking when idle,
    /// if the gesture has `required` fingers (nil: any), else fails; `measure` takes in a
    /// begin that started tracking and every update, before the threshold is checked. An
    /// end flagged `cancelled` cancels an active gesture; either end fails a tracking one.
    mutating func follow(
        _ phase: GesturePhase, fingers: Int, required: Int?, cancelled: Bool,
        measure: (inout Self) -> Void = { _ in }
    ) -> RecognizerDecision {
        switch phase {
        case .begin:
            guard case .idle = phases.state else { return .none }
            phases.fingers = fingers
            if let f = required, fingers != f {
                return finish(.fail(fingers > f ? .tooManyFingers : .tooFewFingers))
            }
            phases.state = .tracking
            measure(&self)
            return checkThreshold()
        case .update:
            measure(&self)
            return checkThreshold()
        case .end:
            switch phases.state {
            case .tracking:
                return finish(.fail(cancelled ? .gestureCancelled : .movedTooLittle))
            case .active:
                return finish(cancelled ? .cancel(.gestureCancelled) : .end(.released))
            case .idle, .finished:
                return .none
            }
        }
    }

    /// An event of the other gesture type (a pinch for a swipe recognizer): not this gesture.
    mutating func otherGestureType() -> RecognizerDecision {
        switch phases.state {
        case .idle, .tracking: return finish(.fail(.otherGestureType))
        case .active, .finished: return .none
        }
    }

    private mutating func checkThreshold() -> RecognizerDecision {
        switch phases.state {
        case .tracking:
            switch thresholdCrossing() {
            case .notYet:
                return .none
            case .disallowed:
                return finish(.fail(.wrongDirection))
            case .crossed(let d):
                phases.state = .active(d)
                phases.direction = d
                return .begin(.thresholdCrossed)
            }
        case .active:
            return .change
        case .idle, .finished:
            return .none
        }
    }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        phases.state = .finished
        return d
    }
}
