/// The engine's per-event record of one recognizer: plain values only (no reference
/// counted fields), kept in a flat array and updated in place. The recognizer itself
/// lives in ``RecognizerStore``, its registration data in ``SlotInfo``, and the hit
/// target of its sequence in the engine's `targets`.
struct SlotState {
    let deviceKind: DeviceKind
    let isContinuous: Bool
    var state: GestureState = .possible
    /// A begin or recognize waiting for required failures.
    var held: HeldTransition?
    /// The device whose sequences this slot is watching; nil when idle.
    var device: Int?
    /// The sequences of the current attempt (several for a multi-tap).
    var firstSequence: SequenceID = 0
    var lastSequence: SequenceID = 0
    var startLocation: Point = .zero

    init(deviceKind: DeviceKind, isContinuous: Bool) {
        self.deviceKind = deviceKind
        self.isContinuous = isContinuous
    }

    func covers(_ s: SequenceID) -> Bool { device != nil && firstSequence <= s && s <= lastSequence }

    func overlaps(_ other: SlotState) -> Bool {
        device != nil && device == other.device && firstSequence <= other.lastSequence
            && other.firstSequence <= lastSequence
    }
}

/// A transition a recognizer asked for while a recognizer it requires to fail was still possible.
enum HeldTransition: Hashable, Sendable {
    case begin(TransitionReason)
    case recognize(TransitionReason)
    /// A continuous gesture that began and ended while held: both are applied on release.
    case beginThenEnd(TransitionReason, end: TransitionReason)
}
