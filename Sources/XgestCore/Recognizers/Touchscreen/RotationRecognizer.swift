/// Tunables of a touchscreen rotation.
public struct RotationSettings: Hashable, Sendable {
    public var directions: RotationDirections = .both
    /// Fingers whose turn is measured (UIKit's rotation uses two).
    public var touchesRequired = 2
    /// How far the fingers must turn before the rotation begins (10°).
    public var minimumRotationRadians = Double.pi / 18
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds

    public init(directions: RotationDirections = .both, touchesRequired: Int = 2) {
        self.directions = directions
        self.touchesRequired = touchesRequired
    }
}

/// Continuous: begins when the first two fingers turn by the threshold in an allowed
/// direction (clockwise on screen is positive); reports rotation and its velocity; ends
/// when fewer than `touchesRequired` fingers remain.
public struct RotationRecognizer: GestureRecognizer {
    public var settings: RotationSettings

    enum State: Hashable, Sendable {
        case idle
        case tracking(baseline: Double?, landingDeadline: EventTime?)
        case active(baseline: Double, direction: GestureDirection)
        case finished
    }

    private(set) var state: State = .idle
    private var fingers = 0
    private var location = Point.zero
    private var rotation = 0.0
    private var rotationVelocity = 0.0
    /// The angle and direction at the begin; kept after the end for the final report.
    private var began: (baseline: Double, direction: GestureDirection)?

    public init(_ settings: RotationSettings = RotationSettings()) { self.settings = settings }

    public var kind: GestureKind { .rotate }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { true }

    public var deadline: EventTime? {
        if case .tracking(_, let d) = state { return d }
        return nil
    }

    public var report: GestureReport {
        var r = GestureReport(fingers: fingers, rotationVelocity: rotationVelocity, location: location)
        if let (b, d) = began {
            r.rotationRadians = rotation - b
            r.direction = d
        }
        return r
    }

    private mutating func observe(_ frame: TouchFrame) {
        if frame.count > 0 { fingers = frame.count }
        location = frame.count > 0 ? frame.centroid : frame.changed.location
        rotation = frame.rotationRadians
        rotationVelocity = frame.rotationVelocity
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .idle, .tracking:
            guard frame.count <= settings.touchesRequired else { return finish(.fail(.tooManyFingers)) }
            let ready = frame.count == settings.touchesRequired
            state = .tracking(
                baseline: ready ? frame.rotationRadians : nil,
                landingDeadline: landingDeadline(
                    frame, required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds))
        case .active, .finished:
            break
        }
        return .none
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .tracking(let baseline, _):
            guard let b = baseline else {
                return frame.maximumTravelPx > PanSettings().minimumTranslationPx * 2
                    ? finish(.fail(.tooFewFingers)) : .none
            }
            let turned = frame.rotationRadians - b
            guard abs(turned) >= settings.minimumRotationRadians else { return .none }
            let clockwise = turned > 0
            guard settings.directions.contains(clockwise ? .clockwise : .counterClockwise) else {
                return finish(.fail(.wrongDirection))
            }
            state = .active(baseline: b, direction: clockwise ? .clockwise : .counterClockwise)
            began = (b, clockwise ? .clockwise : .counterClockwise)
            return .begin(.thresholdCrossed)
        case .active:
            return .change
        case .idle, .finished:
            return .none
        }
    }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .tracking:
            return finish(.fail(.releasedTooEarly))
        case .active:
            return frame.count < settings.touchesRequired ? finish(.end(.released)) : .change
        case .idle, .finished:
            return .none
        }
    }

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision {
        guard case .tracking(let b, _) = state else { return .none }
        if fingers < settings.touchesRequired { return finish(.fail(.tooFewFingers)) }
        state = .tracking(baseline: b, landingDeadline: nil)
        return .none
    }

    public mutating func reset() { self = RotationRecognizer(settings) }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}
