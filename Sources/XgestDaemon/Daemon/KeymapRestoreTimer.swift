/// When the keysyms key combos mapped onto spare keycodes (a `key` of a keysym the
/// keyboard lacks) are unmapped again. Unmapped in the combo's own batch of requests, as
/// before, they were gone by the time a client looked the KeyPress up: Xlib fetches the
/// new keymap only when it translates a key after the MappingNotify, and then found the
/// restored, empty row, so applications got NoSymbol. The mapping stays a second instead,
/// reused by the combos meanwhile; nothing is unmapped while a key is held down by
/// `key-down`, which keeps the keysym it was pressed as. A combo that maps a keysym anew
/// starts the second again: counted from the first combo, a keysym mapped late in it was
/// unmapped milliseconds after its combo, before a client busy for a moment read it.
struct KeymapRestoreTimer {
    static let delayMicroseconds: UInt64 = 1_000_000

    /// Set while something waits to be unmapped.
    private var deadline = LoopDeadline()
    /// On the monotonic clock; nil when nothing waits to be unmapped.
    var dueMicroseconds: UInt64? { deadline.dueMicroseconds }
    /// The executor's count of mapped keycodes when the delay last started.
    private var keycodesMappedAtStart = 0

    /// After actions ran: starts the delay when a combo left a mapping and none is running,
    /// and starts it again when a combo mapped a keycode since (`keycodesMapped` grew).
    mutating func afterActions(hasTemporaryKeymap: Bool, keycodesMapped: Int, holdsKeys: Bool, nowMicroseconds: UInt64)
    {
        guard hasTemporaryKeymap, !holdsKeys else { return }
        guard !deadline.isSet || keycodesMapped != keycodesMappedAtStart else { return }
        deadline.set(nowMicroseconds + Self.delayMicroseconds)
        keycodesMappedAtStart = keycodesMapped
    }

    /// Whether the mapping is due to be unmapped now; the timer is then stopped.
    mutating func isDue(nowMicroseconds: UInt64) -> Bool { deadline.isDue(nowMicroseconds: nowMicroseconds) }

    /// Milliseconds until due, rounded up; nil when not running.
    func timeoutMilliseconds(nowMicroseconds: UInt64) -> Int32? {
        deadline.timeoutMilliseconds(nowMicroseconds: nowMicroseconds)
    }
}
