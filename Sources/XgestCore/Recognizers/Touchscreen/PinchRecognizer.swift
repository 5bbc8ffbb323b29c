/// Tunables of a touchscreen pinch.
public struct PinchSettings: Hashable, Sendable {
    public var directions: PinchDirections = .both
    /// Fingers whose spread is measured (UIKit's pinch uses two).
    public var touchesRequired = 2
    /// How far the scale must move from 1 before the pinch begins (0.1: to 0.9 or 1.1).
    public var minimumScaleChangeRatio = 0.1
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds
    public var loneFingerSlopPx = TouchHandback.defaultLoneFingerSlopPx

    public init(directions: PinchDirections = .both, touchesRequired: Int = 2) {
        self.directions = directions
        self.touchesRequired = touchesRequired
    }
}

extension PinchSettings: FingerMeasureSettings {
    static func value(of frame: TouchFrame) -> Double { frame.scale }
    static func velocity(of frame: TouchFrame) -> Double { frame.scaleVelocity }

    func crossing(from baseline: Double, to value: Double) -> ThresholdCrossing<GestureDirection> {
        let ratio = baseline > 0 ? value / baseline : 1
        guard abs(ratio - 1) >= minimumScaleChangeRatio else { return .notYet }
        let direction: GestureDirection = ratio < 1 ? .in : .out
        return directions.contains(ratio < 1 ? .in : .out) ? .crossed(direction) : .disallowed
    }
}

/// Continuous: begins when the spread of the fingers changes by the threshold, in an
/// allowed direction (in: together, scale below 1; out: apart, above 1); reports scale
/// and its velocity; ends when fewer than `touchesRequired` fingers remain.
public struct PinchRecognizer: GestureRecognizer {
    public var settings: PinchSettings

    typealias State = FingerMeasureGesture<PinchSettings>.State

    /// The measure is the frame's scale.
    private var gesture = FingerMeasureGesture<PinchSettings>()
    var state: State { gesture.state }

    public init(_ settings: PinchSettings = PinchSettings()) { self.settings = settings }

    public var kind: GestureKind { .pinch }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { gesture.deadline }

    public var report: GestureReport {
        var r = GestureReport(
            fingers: gesture.touches.fingers, scaleVelocity: gesture.velocity, location: gesture.touches.location)
        if let (b, d) = gesture.began {
            r.scale = b > 0 ? gesture.value / b : 1
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

    public mutating func reset() { self = PinchRecognizer(settings) }
}

extension PinchRecognizer: AwaitsFingers {
    var fingersAwaited: FingersAwaited {
        FingersAwaited(required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds)
    }
}
