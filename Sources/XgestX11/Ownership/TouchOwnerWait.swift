import XgestCore

/// Holds a touchscreen's touch events back from the engine until xgest owns their touches
/// (docs/x11-notes.md, "Xgest acts only on touches it owns"). xgest's root grab makes it
/// the first listener of a touch unless another client's active grab came first (an open
/// menu's pointer grab owns the touch that emulates the pointer): that client owns the
/// touch until it accepts it, which ends it for xgest, or rejects it, which makes xgest
/// the owner. The server says so with a TouchOwnership event, sent right after the
/// TouchBegin when xgest is the owner from the start, so the ordinary touch waits for
/// nothing but the next event.
///
/// Events are kept per device in their order: those behind a touch not owned yet (of
/// other touches too) wait with it, so the engine sees each device's events in the order
/// the server sent them.
struct TouchOwnerWait {
    /// Touches begun whose ownership has not come yet.
    private var unowned: Set<TouchKey> = []
    /// Per device, the events held, oldest first: the first is the begin of an unowned touch.
    private var held: [Int: [XIEventDecoding.Touch]] = [:]
    /// Unowned touches the server said had ended (XITouchPendingEnd) before xgest owned them.
    private var endedUnowned: Set<TouchKey> = []

    /// What to do with a touch event now.
    enum Verdict: Equatable {
        /// xgest owns the touch and nothing is held before it: handle it.
        case handle
        /// Kept until the ownership of a touch begun before it (or of its own) is known.
        case held
        /// The TouchEnd of a touch xgest never owned: its owner accepted it. These were
        /// held behind it and are dropped with it, the touch itself first.
        case taken([XIEventDecoding.Touch])
    }

    /// Whether any event of `device` is held.
    func isHolding(device: Int) -> Bool { held[device] != nil }

    /// A touch event as received.
    mutating func receive(_ t: XIEventDecoding.Touch) -> Verdict {
        let key = t.key
        if t.phase == .begin { unowned.insert(key) }
        if t.pendingEnd, unowned.contains(key) { endedUnowned.insert(key) }
        if t.phase == .end, unowned.contains(key) {
            unowned.remove(key)
            endedUnowned.remove(key)
            let dropped = held.removeValue(forKey: key.device) ?? []
            for d in dropped where d.phase == .begin {
                unowned.remove(d.key)
                endedUnowned.remove(d.key)
            }
            return .taken([t] + dropped.filter { $0.key != key })
        }
        guard held[key.device] != nil || unowned.contains(key) else { return .handle }
        held[key.device, default: []].append(t)
        return .held
    }

    /// The server's TouchOwnership for a touch that had ended before it came, its begin the
    /// first event held for its device: another client's grab owned the touch first, had
    /// its whole life, and passed it on. Returns the device's held events, its own first,
    /// which no longer wait and must not reach the engine (``X11InputSource`` accepts the
    /// touch and cancels the sequence); nil for any other ownership, for ``owned(_:)``.
    mutating func ownedAfterItsEnd(_ key: TouchKey) -> [XIEventDecoding.Touch]? {
        guard endedUnowned.contains(key), unowned.contains(key), let queue = held[key.device],
            queue.first?.key == key, queue.first?.phase == .begin
        else { return nil }
        held[key.device] = nil
        for d in queue where d.phase == .begin {
            unowned.remove(d.key)
            endedUnowned.remove(d.key)
        }
        return queue
    }

    /// The server's TouchOwnership for a touch: xgest owns it now. Returns the events
    /// that no longer wait, in order.
    mutating func owned(_ key: TouchKey) -> [XIEventDecoding.Touch] {
        endedUnowned.remove(key)
        guard unowned.remove(key) != nil, let queue = held[key.device] else { return [] }
        // The events up to the next begin of a touch still not owned go on; the rest wait for it.
        let stop =
            queue.firstIndex { $0.phase == .begin && unowned.contains($0.key) } ?? queue.endIndex
        let released = Array(queue[..<stop])
        held[key.device] = stop == queue.endIndex ? nil : Array(queue[stop...])
        return released
    }

    /// The device went away: nothing of it waits.
    mutating func forget(device: Int) {
        held[device] = nil
        unowned = unowned.filter { $0.device != device }
        endedUnowned = endedUnowned.filter { $0.device != device }
    }
}
