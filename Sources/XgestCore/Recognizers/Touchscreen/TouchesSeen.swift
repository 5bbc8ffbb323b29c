/// What a touchscreen recognizer reports of its touches, taken from each frame: how many
/// fingers (the last count while any were down) and where (their centroid, or where the
/// last touch lifted).
struct TouchesSeen: Hashable, Sendable {
    private(set) var fingers = 0
    private(set) var location = Point.zero

    mutating func observe(_ frame: TouchFrame) {
        if frame.count > 0 { fingers = frame.count }
        location = frame.count > 0 ? frame.centroid : frame.changed.location
    }

    /// A lift that ends the gesture, after ``observe(_:)``: the lifting finger counted with
    /// those still down, at its last point, as `XGEST_TOUCHES` has it. A pinch ends as its
    /// first finger lifts, and its action said one finger, at the other finger. Only at
    /// such an end: every recognizer observes every frame, and this is no part of that.
    mutating func observeEndingLift(_ frame: TouchFrame) {
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

    /// See ``TouchesSeen/observeEndingLift(_:)``.
    mutating func observeEndingLift(_ frame: TouchFrame) { touches.observeEndingLift(frame) }
}
