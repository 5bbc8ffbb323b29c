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
