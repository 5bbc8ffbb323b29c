/// One touch that is down (or has just lifted) in a sequence.
public struct Touch: Hashable, Sendable {
    public var id: UInt32
    public var location: Point
    public var startLocation: Point
    public var startTime: EventTime
    /// The farthest this touch has been from its start point, in pixels.
    public var maximumTravelPx: Double

    public init(id: UInt32, location: Point, startLocation: Point, startTime: EventTime, maximumTravelPx: Double = 0) {
        self.id = id
        self.location = location
        self.startLocation = startLocation
        self.startTime = startTime
        self.maximumTravelPx = maximumTravelPx
    }
}

/// What touchscreen recognizers see at each touch event: the touches and the sequence's
/// aggregate motion, computed once per event by the engine so that each recognizer's
/// work is constant in the number of fingers.
///
/// Aggregates are "jump-free": when a finger lands or lifts, the centroid, spread and
/// angle change without any motion, so the engine rebases them instead of counting the
/// jump as translation, scale or rotation.
public struct TouchFrame: Sendable {
    public var time: EventTime
    public var device: Int
    /// The phase of the touch that changed.
    public var phase: TouchPhase
    /// The touch that changed (for an end, where it lifted).
    public var changed: Touch
    /// The touches down after this event, in landing order (an ended touch is gone).
    public var touches: [Touch]
    /// When and where the sequence's first touch landed.
    public var sequenceStartTime: EventTime
    public var sequenceStartLocation: Point
    /// The most touches down at once so far in the sequence.
    public var maximumTouches: Int
    /// The farthest any touch of the sequence has moved from where it landed, in pixels.
    public var maximumTravelPx: Double
    /// The mean location of the touches down.
    public var centroid: Point
    /// The centroid's motion since the sequence began, in pixels.
    public var translation: Point
    /// Recent centroid velocity, in pixels per second.
    public var velocity: Point
    /// The spread of the touches relative to the sequence start (1: unchanged; needs 2+ touches).
    public var scale: Double
    /// Recent scale change per second.
    public var scaleVelocity: Double
    /// The turn of the first two touches since the sequence began, in radians, clockwise positive.
    public var rotationRadians: Double
    /// Recent rotation speed, in radians per second.
    public var rotationVelocity: Double
    /// The screen the touches are on, in root pixels.
    public var screen: Rect

    public var count: Int { touches.count }

    public init(
        time: EventTime, device: Int, phase: TouchPhase, changed: Touch, touches: [Touch],
        sequenceStartTime: EventTime, sequenceStartLocation: Point, maximumTouches: Int, maximumTravelPx: Double,
        centroid: Point, translation: Point = .zero, velocity: Point = .zero, scale: Double = 1,
        scaleVelocity: Double = 0, rotationRadians: Double = 0, rotationVelocity: Double = 0,
        screen: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    ) {
        self.time = time
        self.device = device
        self.phase = phase
        self.changed = changed
        self.touches = touches
        self.sequenceStartTime = sequenceStartTime
        self.sequenceStartLocation = sequenceStartLocation
        self.maximumTouches = maximumTouches
        self.maximumTravelPx = maximumTravelPx
        self.centroid = centroid
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.scaleVelocity = scaleVelocity
        self.rotationRadians = rotationRadians
        self.rotationVelocity = rotationVelocity
        self.screen = screen
    }
}

/// A pointer input as pointer recognizers see it.
public struct PointerInput: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press(button: Int)
        case release(button: Int)
        case motion
    }

    public var time: EventTime
    public var device: Int
    public var kind: Kind
    public var location: Point
    /// The keyboard modifiers held, from the last `.modifiers` event.
    public var modifiers: Modifiers
    /// The monitor the sequence started on, in root pixels (a pattern's `region` is a
    /// part of it); zero when unknown.
    public var screen: Rect

    public init(
        time: EventTime, device: Int, kind: Kind, location: Point, modifiers: Modifiers,
        screen: Rect = Rect(x: 0, y: 0, width: 0, height: 0)
    ) {
        self.time = time
        self.device = device
        self.kind = kind
        self.location = location
        self.modifiers = modifiers
        self.screen = screen
    }
}
