/// What a touchscreen recognizer reports of its touches, taken from each frame: how many
/// fingers and where (their centroid), a finger lifting at this frame counted at its last
/// point, as `XGEST_TOUCHES` has it. A pinch ends as its first finger lifts, and its
/// action said one finger, at the other finger.
struct TouchesSeen: Hashable, Sendable {
    private(set) var fingers = 0
    private(set) var location = Point.zero

    mutating func observe(_ frame: TouchFrame) {
        guard frame.phase == .end else {
            if frame.count > 0 { fingers = frame.count }
            location = frame.count > 0 ? frame.centroid : frame.changed.location
            return
        }
        let down = Double(frame.count)
        fingers = frame.count + 1
        location = Point(
            x: (frame.centroid.x * down + frame.changed.location.x) / (down + 1),
            y: (frame.centroid.y * down + frame.changed.location.y) / (down + 1))
    }
}

/// ``TouchesSeen`` with the centroid's motion, for the recognizers that follow it (pan,
/// swipe, screen-edge pan).
struct TouchMotionSeen: Hashable, Sendable {
    private(set) var touches = TouchesSeen()
    /// The frame's translation since the sequence began (a swipe sets its own on recognizing).
    var translation = Point.zero
    private(set) var velocity = Point.zero

    var fingers: Int { touches.fingers }
    var location: Point { touches.location }

    mutating func observe(_ frame: TouchFrame) {
        touches.observe(frame)
        translation = frame.translation
        velocity = frame.velocity
    }
}
