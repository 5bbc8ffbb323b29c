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

    public init(
        fingers: Int = 0, direction: GestureDirection? = nil, translation: Point = .zero, velocity: Point = .zero,
        scale: Double = 1, scaleVelocity: Double = 0, rotationRadians: Double = 0, rotationVelocity: Double = 0,
        location: Point = .zero, points: [Point] = []
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
    }
}
