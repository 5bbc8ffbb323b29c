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
public struct TouchpadSwipeRecognizer: TouchpadGestureRecognizer {
    public var settings: TouchpadSwipeSettings

    typealias State = TouchpadGesturePhases<SwipeDirection>.State

    var phases = TouchpadGesturePhases<SwipeDirection>()
    var state: State { phases.state }
    private var translation = Point.zero
    private var velocity = Point.zero
    private var location = Point.zero
    private var lastTime = EventTime.zero

    public init(_ settings: TouchpadSwipeSettings = TouchpadSwipeSettings()) { self.settings = settings }

    public var kind: GestureKind { .swipe }
    public var deviceKind: DeviceKind { .touchpad }
    public var isContinuous: Bool { true }
    public var deadline: EventTime? { nil }

    public var report: GestureReport {
        var r = GestureReport(fingers: phases.fingers, translation: translation, velocity: velocity, location: location)
        if let d = phases.direction { r.direction = d.gestureDirection }
        return r
    }

    public mutating func touchpadSwipe(_ event: TouchpadSwipe, at time: EventTime) -> RecognizerDecision {
        location = event.location
        return follow(event.phase, fingers: event.fingers, required: settings.fingers, cancelled: event.cancelled) {
            $0.move(event.delta, at: time, first: event.phase == .begin)
        }
    }

    /// Sums the deltas; the begin event starts the velocity's clock.
    private mutating func move(_ delta: Point, at time: EventTime, first: Bool) {
        translation = translation + delta
        let dt = (time - lastTime).seconds
        if !first, dt > 0 { velocity = delta * (1 / dt) }
        lastTime = time
    }

    func thresholdCrossing() -> ThresholdCrossing<SwipeDirection> {
        guard translation.length >= settings.minimumDistancePx else { return .notYet }
        let d = SwipeDirection.nearest(to: translation)
        return settings.directions.contains(d) ? .crossed(d) : .disallowed
    }

    public mutating func touchpadPinch(_ event: TouchpadPinch, at time: EventTime) -> RecognizerDecision {
        otherGestureType()
    }

    public mutating func reset() { self = TouchpadSwipeRecognizer(settings) }
}
