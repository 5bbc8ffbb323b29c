/// Keeps the reject of a touch that emulates the pointer from reaching the server while an
/// older touch emulating the pointer through the same master is still undecided
/// (docs/x11-notes.md, "A touch handed back while an older one emulating the pointer is
/// held").
///
/// Each touchscreen emulates the pointer with its first touch, so two touchscreens attached
/// to one master pointer each have one, and the server hands them to a pointer listener (a
/// window manager's click-to-focus grab) oldest first: a reject punts a touch to such a
/// listener only if it is the oldest touch emulating the pointer that still has one
/// (`TouchPuntToNextOwner`, `FindOldestPointerEmulatedTouch`), which a touch xgest holds
/// undecided is. The rejected touch waits with no owner, and if its end comes meanwhile the
/// server ends it with nothing sent to that listener or to any after it: the application
/// never saw it. Sent once the older touch is decided, the reject finds the touch the oldest
/// (an accepted touch has no pointer listener left), or next in line behind the older one's
/// replay; a touch that ended meanwhile is kept by the server until its verdict, xgest's
/// grab having had its end.
struct OlderEmulationWait {
    /// Rejects waiting, oldest touch first.
    private(set) var waiting: [TouchOwnership.Verdict] = []

    var isEmpty: Bool { waiting.isEmpty }

    /// Whether the server made touch `a` before touch `b`: its touch ids count up across
    /// every device and wrap, and it compares them so (`FindOldestPointerEmulatedTouch`).
    static func isOlder(_ a: UInt32, than b: UInt32) -> Bool {
        let d = b &- a
        return d != 0 && d < UInt32.max / 2
    }

    /// Whether the reject `v` must wait: `undecided` holds the touches emulating the pointer
    /// that xgest has not decided, with the master of each, gathered only for such a reject
    /// (every verdict is asked).
    static func mustWait(_ v: TouchOwnership.Verdict, undecided: @autoclosure () -> [TouchKey: Int32]) -> Bool {
        guard v.rejectsOwnedEmulation else { return false }
        return undecided().contains { $0.value == v.master && Self.isOlder($0.key.touch, than: v.key.touch) }
    }

    mutating func add(_ v: TouchOwnership.Verdict) {
        let i = waiting.firstIndex { Self.isOlder(v.key.touch, than: $0.key.touch) } ?? waiting.endIndex
        waiting.insert(v, at: i)
    }

    /// Takes out, oldest first, the rejects that need wait no more with `undecided` as it is
    /// now: one waiting behind another waits behind what that one waits for.
    mutating func takeFreed(undecided: [TouchKey: Int32]) -> [TouchOwnership.Verdict] {
        let freed = waiting.filter { !Self.mustWait($0, undecided: undecided) }
        waiting.removeAll { !Self.mustWait($0, undecided: undecided) }
        return freed
    }

    /// Takes out the rejects `matching`, in the order they wait.
    mutating func take(_ matching: (TouchOwnership.Verdict) -> Bool) -> [TouchOwnership.Verdict] {
        let taken = waiting.filter(matching)
        waiting.removeAll(where: matching)
        return taken
    }

    /// The end of a touch whose reject waits was read: the reject comes after its end.
    mutating func ended(_ key: TouchKey) {
        for i in waiting.indices where waiting[i].key == key { waiting[i].endedFirst = true }
    }
}
