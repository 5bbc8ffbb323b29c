/// The state of a gesture recognizer, as UIKit defines it.
///
/// Discrete gestures (tap, swipe, stroke) go `possible → recognized` or
/// `possible → failed`; continuous ones (pan, pinch, rotation, long press, edge pan,
/// touchpad gestures) go `possible → began → changed* → ended | cancelled`, or
/// `possible → failed`. Every terminal state returns to `possible` through a reset.
public enum GestureState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case possible
    case began
    case changed
    case ended
    case cancelled
    case recognized
    case failed

    /// Ended, cancelled, recognized and failed: the recognizer waits for its reset.
    public var isTerminal: Bool {
        switch self {
        case .possible, .began, .changed: return false
        case .ended, .cancelled, .recognized, .failed: return true
        }
    }

    /// Began or changed: a continuous gesture in progress.
    public var isActive: Bool {
        switch self {
        case .began, .changed: return true
        case .possible, .ended, .cancelled, .recognized, .failed: return false
        }
    }

    /// Whether a recognizer may go from `self` to `next`. This is the one place the state
    /// machine's transitions are defined; the engine asks it before applying any change.
    ///
    /// `changed → changed` is allowed: each step of a continuous gesture is a change.
    public func canTransition(to next: GestureState, continuous: Bool) -> Bool {
        switch (self, next) {
        case (.possible, .failed): return true
        case (.possible, .recognized): return !continuous
        case (.possible, .began): return continuous
        case (.began, .changed), (.changed, .changed): return continuous
        case (.began, .ended), (.changed, .ended): return continuous
        case (.began, .cancelled), (.changed, .cancelled): return continuous
        case (.ended, .possible), (.cancelled, .possible), (.recognized, .possible), (.failed, .possible):
            return true
        case (.possible, _), (.began, _), (.changed, _), (.ended, _), (.cancelled, _), (.recognized, _),
            (.failed, _):
            return false
        }
    }

    public var description: String { rawValue }
}
