/// The engine's record of one registered recognizer: the recognizer, its relations
/// (resolved to indices), and the public state the engine keeps for it.
struct Slot {
    let name: String
    let kind: GestureKind
    let deviceKind: DeviceKind
    let isContinuous: Bool
    var recognizer: any GestureRecognizer
    /// Slots that must fail before this one may begin or recognize.
    var requires: [Int] = []
    /// Slots whose failure may release this one's held transition.
    var requiredBy: [Int] = []
    /// Slots this one may run alongside.
    var simultaneous: [Int] = []
    let shouldBegin: ShouldBeginPredicate?

    var state: GestureState = .possible
    /// A begin or recognize waiting for required failures.
    var held: HeldTransition?
    /// The device whose sequences this slot is watching; nil when idle.
    var device: Int?
    /// The sequences of the current attempt (several for a multi-tap).
    var firstSequence: SequenceID = 0
    var lastSequence: SequenceID = 0
    var target: HitTarget = .desktop
    var startLocation: Point = .zero

    init(_ r: RecognizerRegistration) {
        name = r.name
        kind = r.recognizer.kind
        deviceKind = r.recognizer.deviceKind
        isContinuous = r.recognizer.isContinuous
        recognizer = r.recognizer
        shouldBegin = r.shouldBegin
    }

    func covers(_ s: SequenceID) -> Bool { device != nil && firstSequence <= s && s <= lastSequence }

    func overlaps(_ other: Slot) -> Bool {
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

/// The sequence running on one device.
struct DeviceSequence {
    let device: Int
    let kind: DeviceKind
    /// The running sequence; 0 when the device is idle.
    var sequence: SequenceID = 0
    var verdict: OwnershipVerdict?
    var target: HitTarget = .desktop
    var touches: TouchTracker
    /// Pointer buttons held, as a bit set.
    var buttons: UInt64 = 0
    var pointerLocation: Point = .zero

    init(device: Int, kind: DeviceKind, screen: Rect) {
        self.device = device
        self.kind = kind
        touches = TouchTracker(device: device, screen: screen)
    }

    var isIdle: Bool { sequence == 0 }
}

/// A sequence whose ownership is not decided yet.
struct UndecidedSequence {
    let device: Int
    let kind: DeviceKind
    let sequence: SequenceID
    var touchIDs: [UInt32]
    var button: Int?
}
