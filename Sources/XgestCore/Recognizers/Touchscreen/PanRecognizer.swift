/// Tunables of a pan (UIPanGestureRecognizer's defaults).
public struct PanSettings: Hashable, Sendable {
    public var minimumTouches = 1
    public var maximumTouches = Int.max
    /// How far the touches' centroid must move before the pan begins.
    public var minimumTranslationPx = 10.0
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds
    /// How far a finger may move while fewer than `minimumTouches` are down.
    public var loneFingerSlopPx = TouchHandback.defaultLoneFingerSlopPx

    public init(minimumTouches: Int = 1, maximumTouches: Int = Int.max) {
        self.minimumTouches = minimumTouches
        self.maximumTouches = maximumTouches
    }
}

/// Continuous: begins when between `minimumTouches` and `maximumTouches` fingers have
/// moved `minimumTranslationPx`, reports translation and velocity as they move, ends when
/// fewer than `minimumTouches` remain.
public struct PanRecognizer: GestureRecognizer {
    public var settings: PanSettings

    enum State: Hashable, Sendable {
        case idle
        case tracking(baseline: Point, landingDeadline: EventTime?)
        case active(baseline: Point)
        case finished
    }

    private(set) var state: State = .idle
    private var seen = TouchMotionSeen()
    private var divergence = DivergenceWatch()
    /// Kept after the pan ends, so that the final report still measures from its start.
    private var baseline = Point.zero

    public init(_ settings: PanSettings = PanSettings()) { self.settings = settings }

    public var kind: GestureKind { .pan }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { true }

    public var deadline: EventTime? {
        if case .tracking(_, let d) = state { return d }
        return nil
    }

    public var report: GestureReport {
        var r = GestureReport(fingers: seen.fingers, velocity: seen.velocity, location: seen.location)
        r.translation = seen.translation - baseline
        return r
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        switch state {
        case .idle:
            guard frame.count <= settings.maximumTouches else { return finish(.fail(.tooManyFingers)) }
            baseline = frame.translation
            state = .tracking(
                baseline: frame.translation,
                landingDeadline: landingDeadline(
                    frame, required: settings.minimumTouches, windowSeconds: settings.fingerLandingWindowSeconds))
        case .tracking(let b, _):
            guard frame.count <= settings.maximumTouches else { return finish(.fail(.tooManyFingers)) }
            state = .tracking(
                baseline: b,
                landingDeadline: landingDeadline(
                    frame, required: settings.minimumTouches, windowSeconds: settings.fingerLandingWindowSeconds))
        case .active, .finished:
            break
        }
        return .none
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        switch state {
        case .tracking(let b, _):
            if TouchHandback.loneFingerMoved(
                frame, required: settings.minimumTouches, slopPx: settings.loneFingerSlopPx)
            {
                return finish(.fail(.tooFewFingers))
            }
            if divergence.diverged(frame) { return finish(.fail(.fingersDiverged)) }
            let moved = frame.translation - b
            guard !moved.isClearlyShorter(than: settings.minimumTranslationPx),
                moved.length >= settings.minimumTranslationPx
            else { return .none }
            guard frame.count >= settings.minimumTouches else { return finish(.fail(.tooFewFingers)) }
            state = .active(baseline: b)
            return .begin(.thresholdCrossed)
        case .active:
            return .change
        case .idle, .finished:
            return .none
        }
    }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        switch state {
        case .tracking:
            return frame.count == 0 ? finish(.fail(.movedTooLittle)) : .none
        case .active:
            guard frame.count < max(settings.minimumTouches, 1) else { return .change }
            // Its end is the fingers as they were, the lifting one at its last point, as a
            // pinch's: four fingers lifted together ended a four-finger pan as three (the
            // first lift ends it), at the others' centre, not where a `drag` lets go.
            seen.observeEndingLift(frame)
            return finish(.end(.released))
        case .idle, .finished:
            return .none
        }
    }

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision {
        guard case .tracking(let b, _) = state else { return .none }
        if seen.fingers < settings.minimumTouches { return finish(.fail(.tooFewFingers)) }
        state = .tracking(baseline: b, landingDeadline: nil)
        return .none
    }

    public mutating func reset() { self = PanRecognizer(settings) }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}

extension PanRecognizer: AwaitsFingers {
    var fingersAwaited: FingersAwaited {
        FingersAwaited(required: settings.minimumTouches, windowSeconds: settings.fingerLandingWindowSeconds)
    }
}
