/// Tunables of a swipe.
///
/// As UIKit describes swipes: a slow swipe must be precise in direction but may be short;
/// a fast one may be less precise but must go farther. Between `minimumSpeedPxPerSecond`
/// and `fastSpeedPxPerSecond` the required distance and the tolerated deviation grow
/// linearly from their slow values to their fast ones.
public struct SwipeSettings: Hashable, Sendable {
    public var directions: SwipeDirections = .right
    public var touchesRequired = 1
    /// Distance required of a swipe at the minimum speed.
    public var slowDistancePx = 30.0
    /// Distance required of a swipe at or above the fast speed.
    public var fastDistancePx = 80.0
    /// Angle by which a slow swipe may stray from its direction.
    public var slowMaximumDeviationDegrees = 15.0
    /// Angle by which a fast swipe may stray from its direction.
    public var fastMaximumDeviationDegrees = 30.0
    /// Average speed below which a swipe fails as too slow.
    public var minimumSpeedPxPerSecond = 150.0
    public var fastSpeedPxPerSecond = 1000.0
    /// Time from the first landing within which the distance must be covered.
    public var maximumDurationSeconds = 0.6
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds
    /// How far a finger may move while fewer than `touchesRequired` are down.
    public var loneFingerSlopPx = TouchHandback.defaultLoneFingerSlopPx

    public init(directions: SwipeDirections = .right, touchesRequired: Int = 1) {
        self.directions = directions
        self.touchesRequired = touchesRequired
    }
}

/// Discrete: recognizes when `touchesRequired` fingers have moved far enough, fast enough,
/// in one of `directions` (eight are possible). Recognizes during the motion, as UIKit does.
public struct SwipeRecognizer: GestureRecognizer {
    public var settings: SwipeSettings

    enum State: Hashable, Sendable {
        case idle
        case tracking(baseline: Point, start: EventTime, landingDeadline: EventTime?)
        case recognized(SwipeDirection)
        case failed
    }

    private(set) var state: State = .idle
    private var seen = TouchMotionSeen()
    private var divergence = DivergenceWatch()
    /// `start + maximumDurationSeconds` of the attempt being tracked, computed once.
    private var timeout = EventTime.zero

    public init(_ settings: SwipeSettings = SwipeSettings()) { self.settings = settings }

    public var kind: GestureKind { .swipe }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { false }

    public var deadline: EventTime? {
        guard case .tracking(_, _, let landing) = state else { return nil }
        return landing.map { min($0, timeout) } ?? timeout
    }

    public var report: GestureReport {
        var r = GestureReport(fingers: seen.fingers, velocity: seen.velocity, location: seen.location)
        switch state {
        case .tracking(let b, _, _): r.translation = seen.translation - b
        case .recognized(let d):
            r.direction = d.gestureDirection
            r.translation = seen.translation
        case .idle, .failed: break
        }
        return r
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        switch state {
        case .idle:
            guard frame.count <= settings.touchesRequired else { return fail(.tooManyFingers) }
            timeout = frame.sequenceStartTime + .seconds(settings.maximumDurationSeconds)
            state = .tracking(
                baseline: frame.translation, start: frame.sequenceStartTime,
                landingDeadline: landingDeadline(
                    frame, required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds))
        case .tracking(let b, let start, _):
            guard frame.count <= settings.touchesRequired else { return fail(.tooManyFingers) }
            state = .tracking(
                baseline: b, start: start,
                landingDeadline: landingDeadline(
                    frame, required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds))
        case .recognized, .failed:
            break
        }
        return .none
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        guard case .tracking(let baseline, let start, _) = state else { return .none }
        if TouchHandback.loneFingerMoved(frame, required: settings.touchesRequired, slopPx: settings.loneFingerSlopPx) {
            return fail(.tooFewFingers)
        }
        if divergence.diverged(frame) { return fail(.fingersDiverged) }
        let moved = frame.translation - baseline
        // Short of the shorter of the slow and fast distances, nothing below can decide:
        // the common case while the touches are still, settled without the arithmetic.
        if moved.isClearlyShorter(than: min(settings.slowDistancePx, settings.fastDistancePx)) { return .none }
        let distance = moved.length
        // Fingers missing once the touches travel a swipe's shortest distance will not come in time.
        if frame.count < settings.touchesRequired && distance >= settings.slowDistancePx {
            return fail(.tooFewFingers)
        }
        let elapsed = (frame.time - start).seconds
        let speed = elapsed > 0 ? distance / elapsed : .infinity
        let fastness = min(
            max(
                (speed - settings.minimumSpeedPxPerSecond)
                    / (settings.fastSpeedPxPerSecond - settings.minimumSpeedPxPerSecond), 0),
            1)
        let required = settings.slowDistancePx + fastness * (settings.fastDistancePx - settings.slowDistancePx)
        guard distance >= required else { return .none }
        guard speed >= settings.minimumSpeedPxPerSecond else { return fail(.tooSlow) }
        guard frame.count >= settings.touchesRequired else { return fail(.tooFewFingers) }
        let tolerance =
            (settings.slowMaximumDeviationDegrees + fastness
                * (settings.fastMaximumDeviationDegrees - settings.slowMaximumDeviationDegrees)) / degreesPerRadian
        guard let best = settings.directions.closest(to: moved), best.deviationRadians <= tolerance else {
            return fail(.wrongDirection)
        }
        seen.translation = moved
        state = .recognized(best.direction)
        return .recognize(.thresholdCrossed)
    }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision {
        seen.observe(frame)
        guard case .tracking = state else { return .none }
        // Lifting any finger before the distance is covered ends the attempt: the
        // remaining fingers can no longer make a swipe of `touchesRequired`.
        return fail(.releasedTooEarly)
    }

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision {
        guard case .tracking(let b, let start, let landing) = state else { return .none }
        if let l = landing, time >= l, seen.fingers < settings.touchesRequired { return fail(.tooFewFingers) }
        if time >= timeout { return fail(.timedOut) }
        state = .tracking(baseline: b, start: start, landingDeadline: nil)
        return .none
    }

    public mutating func reset() { self = SwipeRecognizer(settings) }

    private mutating func fail(_ reason: TransitionReason) -> RecognizerDecision {
        state = .failed
        return .fail(reason)
    }
}

extension SwipeRecognizer: AwaitsFingers {
    var fingersAwaited: FingersAwaited {
        FingersAwaited(required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds)
    }
}
