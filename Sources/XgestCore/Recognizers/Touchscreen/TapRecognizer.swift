/// Tunables of a tap (UITapGestureRecognizer's defaults where UIKit has them).
public struct TapSettings: Hashable, Sendable {
    public var tapsRequired = 1
    public var touchesRequired = 1
    /// The longest wait from one tap's lift to the next tap's landing.
    public var maximumTapIntervalSeconds = 0.35
    /// How far any touch may wander from where it landed.
    public var maximumMovementPx = 10.0
    /// How long fingers may stay down for one tap; longer is a press, not a tap.
    public var maximumPressDurationSeconds = 1.0
    /// A tap of several fingers fails when fewer have landed this long after the first
    /// (see ``defaultFingerLandingWindowSeconds``), not only at the lift: a one-finger
    /// touch under a two-finger tap binding goes back to the application then.
    public var fingerLandingWindowSeconds = defaultFingerLandingWindowSeconds
    /// How far a finger may move while fewer than `touchesRequired` have landed (see
    /// ``TouchHandback``); once all are down, `maximumMovementPx` alone applies.
    public var loneFingerSlopPx = TouchHandback.defaultLoneFingerSlopPx

    public init(tapsRequired: Int = 1, touchesRequired: Int = 1) {
        self.tapsRequired = tapsRequired
        self.touchesRequired = touchesRequired
    }
}

/// Discrete: recognizes after `tapsRequired` taps of `touchesRequired` fingers each.
///
/// Each tap is its own touch sequence; between taps the recognizer stays possible with a
/// deadline for the next landing, so a double tap holds its first sequence's ownership.
public struct TapRecognizer: GestureRecognizer {
    public var settings: TapSettings

    enum State: Hashable, Sendable {
        case idle
        /// Fingers are down for tap number `tapsDone + 1`; until `landingDeadline` (nil once
        /// enough fingers have landed) the rest of them may still land.
        case pressing(tapsDone: Int, deadline: EventTime, landingDeadline: EventTime?)
        /// `tapsDone` taps completed; the next must land before `deadline`.
        case waitingForNextTap(tapsDone: Int, deadline: EventTime)
        case recognized
        case failed
    }

    private(set) var state: State = .idle
    private var location = Point.zero
    /// The current tap's touches in landing order, each at its last point once lifted:
    /// a tap is reported with all of its fingers and at their centroid (UIKit's
    /// `location(in:)`), not at the finger that happened to lift last.
    private var tapTouches: [Touch] = []

    public init(_ settings: TapSettings = TapSettings()) { self.settings = settings }

    public var kind: GestureKind { .tap }
    public var deviceKind: DeviceKind { .touchscreen }
    public var isContinuous: Bool { false }
    public var multiTapProfile: MultiTapProfile? {
        MultiTapProfile(taps: settings.tapsRequired, touches: settings.touchesRequired)
    }

    public var deadline: EventTime? {
        switch state {
        case .pressing(_, let d, let landing): return landing.map { min($0, d) } ?? d
        case .waitingForNextTap(_, let d): return d
        case .idle, .recognized, .failed: return nil
        }
    }

    public var report: GestureReport {
        GestureReport(fingers: settings.touchesRequired, location: location, touches: tapTouches)
    }

    public mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision {
        location = frame.centroid
        guard frame.count <= settings.touchesRequired else { return fail(.tooManyFingers) }
        switch state {
        case .idle, .waitingForNextTap: tapTouches.removeAll(keepingCapacity: true)
        case .pressing, .recognized, .failed: break
        }
        for t in frame.touches where !tapTouches.contains(where: { $0.id == t.id }) { tapTouches.append(t) }
        let pressDeadline = frame.time + .seconds(settings.maximumPressDurationSeconds)
        let landing =
            frame.maximumTouches < settings.touchesRequired
            ? landingDeadline(
                frame, required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds)
            : nil
        switch state {
        case .idle:
            state = .pressing(tapsDone: 0, deadline: pressDeadline, landingDeadline: landing)
        case .waitingForNextTap(let done, _):
            state = .pressing(tapsDone: done, deadline: pressDeadline, landingDeadline: landing)
        case .pressing(let done, let d, _):
            state = .pressing(tapsDone: done, deadline: d, landingDeadline: landing)
        case .recognized, .failed:
            break
        }
        return .none
    }

    public mutating func touchesMoved(_ frame: TouchFrame) -> RecognizerDecision {
        location = frame.centroid
        guard case .pressing(_, _, let landing) = state else { return .none }
        if frame.maximumTravelPx > settings.maximumMovementPx { return fail(.movedTooFar) }
        if TouchHandback.movedWhileLanding(frame, landingDeadline: landing, slopPx: settings.loneFingerSlopPx) {
            return fail(.tooFewFingers)
        }
        return .none
    }

    public mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision {
        guard case .pressing(let done, _, _) = state else { return .none }
        if frame.maximumTravelPx > settings.maximumMovementPx { return fail(.movedTooFar) }
        let lifted = frame.changed
        if let k = tapTouches.firstIndex(where: { $0.id == lifted.id }) { tapTouches[k] = lifted }
        // A tap completes when its last finger lifts.
        guard frame.count == 0 else { return .none }
        location = Self.centroid(of: tapTouches) ?? lifted.location
        guard frame.maximumTouches >= settings.touchesRequired else { return fail(.tooFewFingers) }
        let taps = done + 1
        if taps >= settings.tapsRequired {
            state = .recognized
            return .recognize(.tapsCompleted)
        }
        state = .waitingForNextTap(tapsDone: taps, deadline: frame.time + .seconds(settings.maximumTapIntervalSeconds))
        return .none
    }

    public mutating func timerFired(at time: EventTime) -> RecognizerDecision {
        switch state {
        case .pressing(_, let pressDeadline, let landing?) where time >= landing && time < pressDeadline:
            return fail(.tooFewFingers)
        case .pressing, .waitingForNextTap: return fail(.timedOut)
        case .idle, .recognized, .failed: return .none
        }
    }

    public mutating func reset() {
        state = .idle
        location = .zero
        tapTouches.removeAll(keepingCapacity: true)
    }

    private static func centroid(of touches: [Touch]) -> Point? {
        guard !touches.isEmpty else { return nil }
        var sum = Point.zero
        for t in touches { sum = sum + t.location }
        return sum * (1 / Double(touches.count))
    }

    private mutating func fail(_ reason: TransitionReason) -> RecognizerDecision {
        state = .failed
        return .fail(reason)
    }
}

extension TapRecognizer: AwaitsFingers {
    var fingersAwaited: FingersAwaited {
        FingersAwaited(required: settings.touchesRequired, windowSeconds: settings.fingerLandingWindowSeconds)
    }
}
