/// Tunables of a touchpad swipe (XI 2.4 swipe gestures).
public struct TouchpadSwipeSettings: Hashable, Sendable {
    public var fingers = 3
    public var directions: SwipeDirections = .all
    /// How far the accumulated deltas must reach before the swipe begins.
    public var minimumDistancePx = 40.0

    public init(fingers: Int = 3, directions: SwipeDirections = .all) {
        self.fingers = fingers
        self.directions = directions
    }
}

/// Continuous: begins when a swipe of `fingers` fingers has moved `minimumDistancePx`;
/// its direction (the nearest of eight) must be one of `directions`. Ends at the
/// gesture's end; a gesture the touchpad cancels is cancelled (or fails, if not begun).
public struct TouchpadSwipeRecognizer: GestureRecognizer {
    public var settings: TouchpadSwipeSettings

    enum State: Hashable, Sendable {
        case idle
        case tracking
        case active(SwipeDirection)
        case finished
    }

    private(set) var state: State = .idle
    private var fingers = 0
    private var translation = Point.zero
    private var velocity = Point.zero
    private var location = Point.zero
    private var lastTime = EventTime.zero
    /// Kept after the gesture ends for the final report.
    private var direction: SwipeDirection?

    public init(_ settings: TouchpadSwipeSettings = TouchpadSwipeSettings()) { self.settings = settings }

    public var kind: GestureKind { .swipe }
    public var deviceKind: DeviceKind { .touchpad }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { nil }

    public var report: GestureReport {
        var r = GestureReport(fingers: fingers, translation: translation, velocity: velocity, location: location)
        if let d = direction { r.direction = d.gestureDirection }
        return r
    }

    public mutating func touchpadSwipe(_ event: TouchpadSwipe, at time: EventTime) -> RecognizerDecision {
        location = event.location
        switch event.phase {
        case .begin:
            guard case .idle = state else { return .none }
            fingers = event.fingers
            lastTime = time
            if event.fingers > settings.fingers { return finish(.fail(.tooManyFingers)) }
            if event.fingers < settings.fingers { return finish(.fail(.tooFewFingers)) }
            state = .tracking
            return move(event.delta, at: time)
        case .update:
            return move(event.delta, at: time)
        case .end:
            switch state {
            case .tracking:
                return finish(.fail(event.cancelled ? .gestureCancelled : .movedTooLittle))
            case .active:
                return finish(event.cancelled ? .cancel(.gestureCancelled) : .end(.released))
            case .idle, .finished:
                return .none
            }
        }
    }

    private mutating func move(_ delta: Point, at time: EventTime) -> RecognizerDecision {
        translation = translation + delta
        let dt = (time - lastTime).seconds
        if dt > 0 { velocity = delta * (1 / dt) }
        lastTime = time
        switch state {
        case .tracking:
            guard translation.length >= settings.minimumDistancePx else { return .none }
            let d = SwipeDirection.nearest(to: translation)
            guard settings.directions.contains(d) else { return finish(.fail(.wrongDirection)) }
            state = .active(d)
            self.direction = d
            return .begin(.thresholdCrossed)
        case .active:
            return .change
        case .idle, .finished:
            return .none
        }
    }

    public mutating func touchpadPinch(_ event: TouchpadPinch, at time: EventTime) -> RecognizerDecision {
        switch state {
        case .idle, .tracking: return finish(.fail(.otherGestureType))
        case .active, .finished: return .none
        }
    }

    public mutating func reset() { self = TouchpadSwipeRecognizer(settings) }

    private mutating func finish(_ d: RecognizerDecision) -> RecognizerDecision {
        state = .finished
        return d
    }
}
