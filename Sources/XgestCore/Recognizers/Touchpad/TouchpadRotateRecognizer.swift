/// Tunables of a touchpad rotation (the angle of XI 2.4 pinch gestures).
public struct TouchpadRotateSettings: Hashable, Sendable {
    /// Fingers required; nil accepts any pinch gesture.
    public var fingers: Int?
    public var directions: RotationDirections = .both
    /// How far the fingers must turn before the rotation begins.
    public var minimumAngleDegrees = 15.0

    public init(fingers: Int? = nil, directions: RotationDirections = .both) {
        self.fingers = fingers
        self.directions = directions
    }
}

/// Continuous: sums XI's per-event angle deltas (degrees, clockwise positive) and begins
/// when the sum reaches `minimumAngleDegrees` in an allowed direction.
public struct TouchpadRotateRecognizer: GestureRecognizer {
    public var settings: TouchpadRotateSettings

    enum State: Hashable, Sendable {
        case idle
        case tracking
        case active(GestureDirection)
        case finished
    }

    private(set) var state: State = .idle
    private var fingers = 0
    private var angleDegrees = 0.0
    private var rotationVelocity = 0.0
    private var location = Point.zero
    private var lastTime = EventTime.zero
    /// Kept after the gesture ends for the final report.
    private var direction: GestureDirection?

    public init(_ settings: TouchpadRotateSettings = TouchpadRotateSettings()) { self.settings = settings }

    public var kind: GestureKind { .rotate }
    public var deviceKind: DeviceKind { .touchpad }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { nil }

    public var report: GestureReport {
        var r = GestureReport(
            fingers: fingers, rotationRadians: angleDegrees / degreesPerRadian, rotationVelocity: rotationVelocity,
            location: location)
        if let d = direction { r.direction = d }
        return r
    }

    public mutating func touchpadPinch(_ event: TouchpadPinch, at time: EventTime) -> RecognizerDecision {
        location = event.location
        let dt = (time - lastTime).seconds
        if dt > 0 { rotationVelocity = event.angleDeltaDegrees / degreesPerRadian / dt }
        lastTime = time
        angleDegrees += event.angleDeltaDegrees
        switch event.phase {
        case .begin:
            guard case .idle = state else { return .none }
            fingers = event.fingers
            if let f = settings.fingers, event.fingers != f {
                return finish(.fail(event.fingers > f ? .tooManyFingers : .tooFewFingers))
            }
            state = .tracking
            return check()
        case .update:
            return check()
        case .end:
            switch state {
            case .tracking:
                return finish(.fail(event.cancelled ? .gestureCancelled : .movedTooLittle))
            case .active:
                return finish(event.cancelled ? .cancel(.gestureCancelled) : .end(.released))
            case .idle, .finished:
                return .none
            }
        }
    }

    private mutating func check() -> RecognizerDecision {
        switch state {
        case .tracking:
            guard abs(angleDegrees) >= settings.minimumAngleDegrees else { return .none }
            let clockwise = angleDegrees > 0
            guard settings.directions.contains(clockwise ? .clockwise : .counterClockwise) else {
                return finish(.fail(.wrongDirection))
            }
            let d: GestureDirection = clockwise ? .clockwise : .counterClockwise
            state = .active(d)
            direction = d
            return .begin(.thresholdCrossed)
        case .active:
            return .change
        case .idle, .finished:
            return .none
        }
    }

    public mutating func touchpadSwipe(_ event: TouchpadSwipe, at time: EventTime) -> RecognizerDecision {
        switch state {
        case .idle, .tracking: return finish(.fail(.otherGestureType))
        case .active, .finished: return .none
        }
    }

    public mutating func reset() { self = TouchpadRotateRecognizer(settings) }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}
