/// Tunables of a long press (UILongPressGestureRecognizer's defaults).
public struct LongPressSettings: Hashable, Sendable {
    public var minimumPressDurationSeconds = 0.5
    /// How far any touch may move before the press is recognized.
    public var allowableMovementPx = 10.0
    public var touchesRequired = 1
    /// Full taps before the press (0: a plain long press).
    public var tapsRequired = 0
    /// For `tapsRequired > 0`: the longest wait between a tap's lift and the next landing.
    public var maximumTapIntervalSeconds = 0.35
    /// For `tapsRequired > 0`: how long a finger may stay down for one of those taps.
    public var maximumTapPressDurationSeconds = 1.0
    /// A press of several fingers fails when fewer have landed this long after the
    /// first (see ``TouchHandback``), not only when the press duration ends.
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds
    /// How far a finger may move while fewer than `touchesRequired` are down (see
    /// ``TouchHandback``); once all are, `allowableMovementPx` alone applies.
    public var loneFingerSlopPx = TouchHandback.defaultLoneFingerSlopPx

    public init(touchesRequired: Int = 1, minimumPressDurationSeconds: Double = 0.5) {
        self.touchesRequired = touchesRequired
        self.minimumPressDurationSeconds = minimumPressDurationSeconds
    }
}

/// Continuous: begins once `touchesRequired` fingers have been held for the minimum
/// duration without moving beyond the allowable movement, changes as they move, and ends
/// when they lift.
public struct LongPressRecognizer: GestureRecognizer {
    public var settings: LongPressSettings

    enum State: Hashable, Sendable {
        case idle
        /// Fingers down; at `deadline` this is a long press (or, before the required taps, too slow a tap).
        /// Until `landingDeadline` (nil once enough fingers are down) the rest may land.
        case pressing(tapsDone: Int, deadline: EventTime, landingDeadline: EventTime?)
        case waitingForNextTap(tapsDone: Int, deadline: EventTime)
        case active(baseline: Point)
        case finished
    }

    private(set) var state: State = .idle
    private var touches = 0
    private var location = Point.zero
    private var translation = Point.zero
    private var velocity = Point.zero
    /// Where the press began; kept after it ends for the final report.
    private var baseline: Point?

    public init(_ settings: LongPressSettings = LongPressSettings()) { self.settings = settings }

    public var kind: GestureKind { .longPress }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { true }

    public var deadline: EventTime? {
        switch state {
        case .pressing(_, let d, let landing): return landing.map { min($0, d) } ?? d
        case .waitingForNextTap(_, let d): return d
        case .idle, .active, .finished: return nil
        }
    }

    public var report: GestureReport {
        var r = GestureReport(fingers: settings.touchesRequired, velocity: velocity, location: location)
        if let b = baseline { r.translation = translation - b }
        return r
    }

    private mutating func observe(_ frame: TouchFrame) {
        touches = frame.count
        location = frame.count > 0 ? frame.centroid : frame.changed.location
        translation = frame.translation
        velocity = frame.velocity
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .idle, .waitingForNextTap, .pressing:
            guard frame.count <= settings.touchesRequired else { return finish(.fail(.tooManyFingers)) }
            let done: Int
            switch state {
            case .waitingForNextTap(let d, _), .pressing(let d, _, _): done = d
            case .idle, .active, .finished: done = 0
            }
            let landing = landingDeadline(
                frame, required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds)
            if case .pressing(let d, let deadline, _) = state {
                state = .pressing(tapsDone: d, deadline: deadline, landingDeadline: landing)
                return .none
            }
            let duration =
                done < settings.tapsRequired
                ? settings.maximumTapPressDurationSeconds : settings.minimumPressDurationSeconds
            state = .pressing(tapsDone: done, deadline: frame.time + .seconds(duration), landingDeadline: landing)
            return .none
        case .active, .finished:
            // Extra fingers after the press began are tolerated, as UIKit does.
            return .none
        }
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .pressing(_, _, let landing):
            if frame.maximumTravelPx > settings.allowableMovementPx { return finish(.fail(.movedTooFar)) }
            if TouchHandback.movedWhileLanding(frame, landingDeadline: landing, slopPx: settings.loneFingerSlopPx) {
                return finish(.fail(.tooFewFingers))
            }
            return .none
        case .active:
            return .change
        case .idle, .waitingForNextTap, .finished:
            return .none
        }
    }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision {
        observe(frame)
        switch state {
        case .pressing(let done, _, _):
            if frame.maximumTravelPx > settings.allowableMovementPx { return finish(.fail(.movedTooFar)) }
            guard frame.count == 0 else { return .none }
            guard done < settings.tapsRequired else { return finish(.fail(.releasedTooEarly)) }
            guard frame.maximumTouches >= settings.touchesRequired else { return finish(.fail(.tooFewFingers)) }
            state = .waitingForNextTap(
                tapsDone: done + 1, deadline: frame.time + .seconds(settings.maximumTapIntervalSeconds))
            return .none
        case .active:
            return frame.count < settings.touchesRequired ? finish(.end(.released)) : .change
        case .idle, .waitingForNextTap, .finished:
            return .none
        }
    }

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision {
        switch state {
        case .pressing(let done, let deadline, let landing?) where time < deadline:
            guard time >= landing, touches < settings.touchesRequired else {
                state = .pressing(tapsDone: done, deadline: deadline, landingDeadline: nil)
                return .none
            }
            return finish(.fail(.tooFewFingers))
        case .pressing(let done, _, _):
            guard done >= settings.tapsRequired else { return finish(.fail(.timedOut)) }
            guard touches >= settings.touchesRequired else { return finish(.fail(.tooFewFingers)) }
            state = .active(baseline: translation)
            baseline = translation
            return .begin(.durationElapsed)
        case .waitingForNextTap:
            return finish(.fail(.timedOut))
        case .idle, .active, .finished:
            return .none
        }
    }

    public mutating func reset() { self = LongPressRecognizer(settings) }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}

extension LongPressRecognizer: AwaitsFingers {
    var fingersAwaited: FingersAwaited {
        FingersAwaited(required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds)
    }
}
