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
public struct TouchpadRotateRecognizer: TouchpadGestureRecognizer {
    public var settings: TouchpadRotateSettings

    typealias State = TouchpadGesturePhases<GestureDirection>.State

    var phases = TouchpadGesturePhases<GestureDirection>()
    var state: State { phases.state }
    private var angleDegrees = 0.0
    private var rotationVelocity = 0.0
    private var location = Point.zero
    private var lastTime = EventTime.zero

    public init(_ settings: TouchpadRotateSettings = TouchpadRotateSettings()) { self.settings = settings }

    public var kind: GestureKind { .rotate }
    public var deviceKind: DeviceKind { .touchpad }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { nil }

    public var report: GestureReport {
        var r = GestureReport(
            fingers: phases.fingers, rotationRadians: angleDegrees / degreesPerRadian,
            rotationVelocity: rotationVelocity,
            location: location)
        if let d = phases.direction { r.direction = d }
        return r
    }

    public mutating func touchpadPinch(_ event: TouchpadPinch, at time: EventTime) -> RecognizerDecision {
        location = event.location
        let dt = (time - lastTime).seconds
        if dt > 0 { rotationVelocity = event.angleDeltaDegrees / degreesPerRadian / dt }
        lastTime = time
        angleDegrees += event.angleDeltaDegrees
        return follow(event.phase, fingers: event.fingers, required: settings.fingers, cancelled: event.cancelled)
    }

    func thresholdCrossing() -> ThresholdCrossing<GestureDirection> {
        guard abs(angleDegrees) >= settings.minimumAngleDegrees else { return .notYet }
        let clockwise = angleDegrees > 0
        guard settings.directions.contains(clockwise ? .clockwise : .counterClockwise) else { return .disallowed }
        return .crossed(clockwise ? .clockwise : .counterClockwise)
    }

    public mutating func touchpadSwipe(_ event: TouchpadSwipe, at time: EventTime) -> RecognizerDecision {
        otherGestureType()
    }

    public mutating func reset() { self = TouchpadRotateRecognizer(settings) }
}
