/// Where a `drag` action puts the pointer: where the gesture began, moved by the
/// gesture's translation since then. On a touchscreen that is the fingers' centroid; on a
/// touchpad, whose gestures do not move the pointer, it makes the pointer follow the
/// fingers as a pointer drag would: the press is where the pointer is, and the pointer
/// moves by the whole translation from the gesture's first event, the distance covered
/// before the swipe was recognized included (the pointer lagged the fingers by it, 160 px
/// for 200).
struct DragPoints: Sendable {
    private struct Origin: Sendable {
        var location: Point
        var translation: Point
    }

    /// Per registration, the gesture's location and translation when it began.
    private var origins: [String: Origin] = [:]

    /// The pointer's position for a drag fired by `event`; a terminal state forgets the gesture.
    mutating func point(for event: GestureEvent) -> Point {
        let r = event.report
        // A touchscreen's location, the centroid, has already moved with the translation so
        // far; a touchpad's is the pointer, which the fingers did not move.
        let touchpad = event.deviceKind == .touchpad
        if event.state == .began || origins[event.name] == nil {
            origins[event.name] = Origin(location: r.location, translation: touchpad ? .zero : r.translation)
        }
        guard let origin = origins[event.name] else { return r.location }
        if touchpad, event.state == .began { return origin.location }
        if event.state.isTerminal { origins[event.name] = nil }
        return Point(
            x: origin.location.x + r.translation.x - origin.translation.x,
            y: origin.location.y + r.translation.y - origin.translation.y)
    }
}
