/// Tunables of a touchpad pinch (XI 2.4 pinch gestures).
public struct TouchpadPinchSettings: Hashable, Sendable {
    /// Fingers required; nil accepts any pinch.
    public var fingers: Int?
    public var directions: PinchDirections = .both
    /// The gesture's scale at or below which a pinch in begins.
    public var inScaleRatio = 0.9
    /// The gesture's scale at or above which a pinch out begins.
    public var outScaleRatio = 1.1

    public init(fingers: Int? = nil, directions: PinchDirections = .both) {
        self.fingers = fingers
        self.directions = directions
    }
}

/// Continuous: begins when the pinch's scale crosses the in or out threshold in an
/// allowed direction; reports the scale; ends or is cancelled with the gesture.
public struct TouchpadPinchRecognizer: GestureRecognizer {
    public var settings: TouchpadPinchSettings

    enum State: Hashable, Sendable {
        case idle
        case tracking
        case active(GestureDirection)
        case finished
    }

    private(set) var state: State = .idle
    private var fingers = 0
    private var scale = 1.0
    private var scaleVelocity = 0.0
    private var rotationDegrees = 0.0
    private var location = Point.zero
    private var lastTime = EventTime.zero
    /// Kept after the gesture ends for the final report.
    private var direction: GestureDirection?

    public init(_ settings: TouchpadPinchSettings = TouchpadPinchSettings()) { self.settings = settings }

    public var kind: GestureKind { .pinch }
    public var deviceKind: DeviceKind { .touchpad }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { nil }

    public var report: GestureReport {
        var r = GestureReport(
            fingers: fingers, scale: scale, scaleVelocity: scaleVelocity,
            rotationRadians: rotationDegrees / degreesPerRadian, location: location)
        if let d = direction { r.direction = d }
        return r
    }

    public mutating func touchpadPinch(_ event: TouchpadPinch, at time: EventTime) -> RecognizerDecision {
        location = event.location
        let dt = (time - lastTime).seconds
        if dt > 0, event.phase != .begin { scaleVelocity = (event.scale - scale) / dt }
        lastTime = time
        scale = event.scale
        rotationDegrees += event.angleDeltaDegrees
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
            let direction: GestureDirection
            if scale <= settings.inScaleRatio {
                guard settings.directions.contains(.in) else { return finish(.fail(.wrongDirection)) }
                direction = .in
            } else if scale >= settings.outScaleRatio {
                guard settings.directions.contains(.out) else { return finish(.fail(.wrongDirection)) }
                direction = .out
            } else {
                return .none
            }
            state = .active(direction)
            self.direction = direction
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

    public mutating func reset() { self = TouchpadPinchRecognizer(settings) }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}
