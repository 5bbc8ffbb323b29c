/// Tunables of a touchscreen pinch.
public struct PinchSettings: Hashable, Sendable {
    public var directions: PinchDirections = .both
    /// Fingers whose spread is measured (UIKit's pinch uses two).
    public var touchesRequired = 2
    /// How far the scale must move from 1 before the pinch begins (0.1: to 0.9 or 1.1).
    public var minimumScaleChangeRatio = 0.1
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds

    public init(directions: PinchDirections = .both, touchesRequired: Int = 2) {
        self.directions = directions
        self.touchesRequired = touchesRequired
    }
}

/// Continuous: begins when the spread of the fingers changes by the threshold, in an
/// allowed direction (in: together, scale below 1; out: apart, above 1); reports scale
/// and its velocity; ends when fewer than `touchesRequired` fingers remain.
public struct PinchRecognizer: GestureRecognizer {
    public var settings: PinchSettings

    enum State: Hashable, Sendable {
        case idle
        /// `baseline` is the frame's scale when the last required finger landed.
        case tracking(baseline: Double?, landingDeadline: EventTime?)
        case active(baseline: Double, direction: GestureDirection)
        case finished
    }

    private(set) var state: State = .idle
    private var fingers = 0
    private var location = Point.zero
    private var scale = 1.0
    private var scaleVelocity = 0.0
    /// The scale and direction at the begin; kept after the end for the final report.
    private var began: (baseline: Double, direction: GestureDirection)?

    public init(_ settings: PinchSettings = PinchSettings()) { self.settings = settings }

    public var kind: GestureKind { .pinch }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { true }

    public var deadline: EventTime? {
        if case .tracking(_, let d) = state { return d }
        return nil
    }

    public var report: GestureReport {
        var r = GestureReport(fingers: fingers, scaleVelocity: scaleVelocity, location: location)
        if let (b, d) = began {
            r.scale = b > 0 ? scale / b : 1
            r.direction = d
        }
        return r
    }

    private mutating func observe(_ frame: TouchFrame) {
        if frame.count > 0 { fingers = frame.count }
        location = frame.count > 0 ? frame.centroid : frame.changed.location
        scale = frame.scale
        scaleVelocity = frame.scaleVelocity
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .idle, .tracking:
            guard frame.count <= settings.touchesRequired else { return finish(.fail(.tooManyFingers)) }
            let ready = frame.count == settings.touchesRequired
            state = .tracking(
                baseline: ready ? frame.scale : nil,
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
                // One finger moving far before the second lands is a pan, not a pinch.
                return frame.maximumTravelPx > PanSettings().minimumTranslationPx * 2
                    ? finish(.fail(.tooFewFingers)) : .none
            }
            let ratio = b > 0 ? frame.scale / b : 1
            guard abs(ratio - 1) >= settings.minimumScaleChangeRatio else { return .none }
            let direction: GestureDirection = ratio < 1 ? .in : .out
            guard settings.directions.contains(ratio < 1 ? .in : .out) else { return finish(.fail(.wrongDirection)) }
            state = .active(baseline: b, direction: direction)
            began = (b, direction)
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

    public mutating func reset() { self = PinchRecognizer(settings) }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}
