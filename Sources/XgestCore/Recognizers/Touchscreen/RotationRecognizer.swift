/// Tunables of a touchscreen rotation.
public struct RotationSettings: Hashable, Sendable {
    public var directions: RotationDirections = .both
    /// Fingers whose turn is measured (UIKit's rotation uses two).
    public var touchesRequired = 2
    /// How far the fingers must turn before the rotation begins (10°).
    public var minimumRotationRadians = Double.pi / 18
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds
    public var loneFingerSlopPx = TouchHandback.defaultLoneFingerSlopPx

    public init(directions: RotationDirections = .both, touchesRequired: Int = 2) {
        self.directions = directions
        self.touchesRequired = touchesRequired
    }
}

extension RotationSettings: FingerMeasureSettings {
    static func value(of frame: TouchFrame) -> Double { frame.rotationRadians }
    static func velocity(of frame: TouchFrame) -> Double { frame.rotationVelocity }

    func crossing(from baseline: Double, to value: Double) -> ThresholdCrossing<GestureDirection> {
        let turned = value - baseline
        guard abs(turned) >= minimumRotationRadians else { return .notYet }
        let clockwise = turned > 0
        guard directions.contains(clockwise ? .clockwise : .counterClockwise) else { return .disallowed }
        return .crossed(clockwise ? .clockwise : .counterClockwise)
    }
}

/// Continuous: begins when the first two fingers turn by the threshold in an allowed
/// direction (clockwise on screen is positive); reports rotation and its velocity; ends
/// when fewer than `touchesRequired` fingers remain.
public struct RotationRecognizer: GestureRecognizer {
    public var settings: RotationSettings

    typealias State = FingerMeasureGesture<RotationSettings>.State

    /// The measure is the frame's rotation.
    private var gesture = FingerMeasureGesture<RotationSettings>()
    var state: State { gesture.state }

    public init(_ settings: RotationSettings = RotationSettings()) { self.settings = settings }

    public var kind: GestureKind { .rotate }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { gesture.deadline }

    public var report: GestureReport {
        var r = GestureReport(
            fingers: gesture.touches.fingers, rotationVelocity: gesture.velocity, location: gesture.touches.location)
        if let (b, d) = gesture.began {
            r.rotationRadians = gesture.value - b
            r.direction = d
        }
        return r
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        gesture.touchesBegan(frame, settings)
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision {
        gesture.touchesMoved(frame, settings)
    }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision {
        gesture.touchesEnded(frame, settings)
    }

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision { gesture.timerFired(settings) }

    public mutating func reset() { self = RotationRecognizer(settings) }
}

extension RotationRecognizer: AwaitsFingers {
    var fingersAwaited: FingersAwaited {
        FingersAwaited(required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds)
    }
}
