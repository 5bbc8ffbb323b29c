/// What a recognizer reports about its gesture when it changes state: the payload of a
/// gesture event. Fields that do not apply keep their neutral value.
public struct GestureReport: Hashable, Sendable {
    public var fingers: Int
    public var direction: GestureDirection?
    /// Pixels moved since the gesture's start (touch centroid or touchpad deltas).
    public var translation: Point
    /// Pixels per second.
    public var velocity: Point
    /// 1 at the start of the gesture.
    public var scale: Double
    /// Scale change per second.
    public var scaleVelocity: Double
    /// Radians since the start, clockwise positive.
    public var rotationRadians: Double
    /// Radians per second.
    public var rotationVelocity: Double
    /// Where the gesture is: the touch centroid, the pointer, or the touchpad's pointer position.
    public var location: Point
    /// The points of a pointer stroke, in order; empty for other gestures.
    public var points: [Point]
    /// A tap's touches, in landing order, each where it lifted: by the time a tap is
    /// recognized its fingers are up (or, after waiting for a double tap to fail, the
    /// sequence is over), so the engine's own list of the touches down would miss them.
    /// Empty for other gestures, whose events list the touches down.
    public var touches: [Touch]

    public init(
        fingers: Int = 0, direction: GestureDirection? = nil, translation: Point = .zero, velocity: Point = .zero,
        scale: Double = 1, scaleVelocity: Double = 0, rotationRadians: Double = 0, rotationVelocity: Double = 0,
        location: Point = .zero, points: [Point] = [], touches: [Touch] = []
    ) {
        self.fingers = fingers
        self.direction = direction
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.scaleVelocity = scaleVelocity
        self.rotationRadians = rotationRadians
        self.rotationVelocity = rotationVelocity
        self.location = location
        self.points = points
        self.touches = touches
    }
}
