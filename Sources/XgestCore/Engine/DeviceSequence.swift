/// The sequence running on one device.
struct DeviceSequence {
    let device: Int
    let kind: DeviceKind
    /// The running sequence; 0 when the device is idle.
    var sequence: SequenceID = 0
    var verdict: OwnershipVerdict?
    /// With a reject: a recognizer sharing the touches still watches the sequence, so it
    /// is not ended for xgest.
    var shared = false
    var target: HitTarget = .desktop
    /// The part of the root the running sequence started on, kept until it ends.
    var area: ScreenArea
    var touches: TouchTracker
    /// Touchscreen: the fingers of the last sequence handed back, while they are down.
    var handedBack = HandedBackFingers()
    /// Pointer buttons held, as a bit set.
    var buttons: UInt64 = 0
    var pointerLocation: Point = .zero
    /// Idle, and settled once since its last sequence ended: only recognizers marked since
    /// (``GestureEngine/settleMarks``) need settling again.
    var isSettled = false

    init(device: Int, kind: DeviceKind, screen: ScreenArea) {
        self.device = device
        self.kind = kind
        area = screen
        touches = TouchTracker(device: device, screen: screen.rect)
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
    /// Where in its kind's slots (`slotsByKind`) the last recognizer found claiming it is:
    /// the search for a claimer starts there, so a burst of failures in registration
    /// order costs a step each instead of a scan of every slot.
    var claimerPosition = 0
}
