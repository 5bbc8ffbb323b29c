/// The input sequences a screen lock mutes to their end: those under way when a locker came
/// up (or went). A gesture begun before the lock goes on, and none of its actions run but
/// those letting go of a held key or button, after the unlock too: a touchpad swipe begun
/// before slock came up and ended after it went ran its `key b` into the application behind,
/// which the user had left before locking. The daemon and replay both keep one.
public struct LockMutedSequences: Sendable {
    /// Devices whose sequence under way at a lock change has not ended yet.
    private var devices: Set<Int> = []

    public init() {}

    /// A locker came up or went: the sequences under way on `busy` devices are muted to their end.
    public mutating func lockChanged(busy: some Sequence<Int>) { devices.formUnion(busy) }

    /// Whether the gestures of `device` are muted: its sequence was under way at a lock change.
    public func mutes(device: Int) -> Bool { devices.contains(device) }

    /// Input of a muted `device` is about to reach the engine, its timers due before it
    /// fired (a tap recognized after its wait is still the muted sequence's): a device idle
    /// now starts a sequence of its own, and the muted one is over.
    public mutating func input(device: Int, isBusy: Bool) {
        if !isBusy { devices.remove(device) }
    }
}
