/// What the engine knows of one registered recognizer that never changes: its name, its
/// relations (resolved to slot indices at init) and its conditions. Read when a sequence
/// starts and when a recognizer changes state, never per event. Its conditions change
/// only when a sequence of a device with its own recognizer starts (``SlotAlternatives``).
struct SlotInfo {
    let name: String
    let kind: GestureKind
    /// Slots that must fail before this one may begin or recognize.
    var requires: [Int] = []
    /// Slots whose failure may release this one's held transition.
    var requiredBy: [Int] = []
    /// Slots this one may run alongside.
    var simultaneous: [Int] = []
    /// The only slots this one may make fail (UIKit's `canPrevent`); nil: any.
    var canPrevent: [Int]?
    /// The only slots that may make this one fail (`canBePrevented(by:)`); nil: any.
    var canBePreventedBy: [Int]?
    /// The conditions of the recognizer in place.
    var shouldReceive: ShouldReceivePredicate?
    var shouldBegin: ShouldBeginPredicate?
    /// It neither holds nor claims touches: they are shared with the application.
    let sharesTouches: Bool

    init(_ r: RecognizerRegistration) {
        sharesTouches = r.sharesTouches
        name = r.name
        kind = r.recognizer.kind
        shouldReceive = r.shouldReceive
        shouldBegin = r.shouldBegin
    }
}
