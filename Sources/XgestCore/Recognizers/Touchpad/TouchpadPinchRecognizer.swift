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
public struct TouchpadPinchRecognizer: TouchpadGestureRecognizer {
    public var settings: TouchpadPinchSettings

    typealias State = TouchpadGesturePhases<GestureDirection>.State

    var phases = TouchpadGesturePhases<GestureDirection>()
    var state: State { phases.state }
    private var scale = 1.0
    private var scaleVelocity = 0.0
    private var rotationDegrees = 0.0
    private var location = Point.zero
    private var lastTime = EventTime.zero

    public init(_ settings: TouchpadPinchSettings = TouchpadPinchSettings()) { self.settings = settings }

    public var kind: GestureKind { .pinch }
    public var deviceKind: DeviceKind { .touchpad }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { nil }

    public var report: GestureReport {
        var r = GestureReport(
            fingers: phases.fingers, scale: scale, scaleVelocity: scaleVelocity,
            rotationRadians: rotationDegrees / degreesPerRadian, location: location)
        if let d = phases.direction { r.direction = d }
        return r
    }

    public mutating func touchpadPinch(_ event: TouchpadPinch, at time: EventTime) -> RecognizerDecision {
        location = event.location
        let dt = (time - lastTime).seconds
        if dt > 0, event.phase != .begin { scaleVelocity = (event.scale - scale) / dt }
        lastTime = time
        scale = event.scale
        rotationDegrees += event.angleDeltaDegrees
        return follow(event.phase, fingers: event.fingers, required: settings.fingers, cancelled: event.cancelled)
    }

    func thresholdCrossing() -> ThresholdCrossing<GestureDirection> {
        if scale <= settings.inScaleRatio { return settings.directions.contains(.in) ? .crossed(.in) : .disallowed }
        if scale >= settings.outScaleRatio { return settings.directions.contains(.out) ? .crossed(.out) : .disallowed }
        return .notYet
    }

    public mutating func touchpadSwipe(_ event: TouchpadSwipe, at time: EventTime) -> RecognizerDecision {
        otherGestureType()
    }

    public mutating func reset() { self = TouchpadPinchRecognizer(settings) }
}
