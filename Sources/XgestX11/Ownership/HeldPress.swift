import XgestCore

/// A press a stroke grab took, and the pointer's path while its button was held, kept
/// until xgest decides whether it was a stroke: the application gets it back as the user
/// made it (see `PressReplayer`) or never sees it.
struct HeldPress {
    /// A path longer than this keeps its last point moving instead: the replay samples
    /// the path anyway, and a button held down for minutes must not grow memory.
    static let maximumPathPoints = 4096

    /// From the press to the release (or to where the pointer is while the button is down).
    private(set) var path: [Point]
    private(set) var isReleased = false
    /// Handed back while the button was still down: replayed when it is released, since a
    /// press replayed while the user still holds the button would end as a click at once.
    var handBackAtRelease = false

    init(at p: Point) { path = [p] }

    mutating func moved(to p: Point) {
        guard !isReleased, path.last != p else { return }
        if path.count < HeldPress.maximumPathPoints { path.append(p) } else { path[path.count - 1] = p }
    }

    mutating func released(at p: Point) {
        moved(to: p)
        isReleased = true
    }
}

/// What became of a held press handed back to the application.
public enum PressHandBack: Hashable, Sendable {
    /// Replayed now, pressed at `from` and released at `to`.
    case replayed(from: Point, to: Point)
    /// The button is still down: the press is replayed, with its path, at the release.
    case atRelease
    /// No press of that button is held (the application already had it).
    case nothingHeld
}
