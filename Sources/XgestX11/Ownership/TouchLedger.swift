import XgestCore

/// Which touchscreen touches are xgest's: the ones down per device, the ones handed back
/// (their later events, queued before the server read the reject and at best a
/// TouchEnd, are the application's), and the shared ones, followed through raw events.
/// The X layer asks it about every touch event before the engine sees one.
struct TouchLedger {
    /// Touches down per touchscreen: a touch begin on an empty set starts a sequence.
    private var active: [Int: Set<UInt32>] = [:]
    private var handedBack: Set<TouchKey> = []
    private(set) var shared = SharedTouches()
    /// Where each of xgest's touches down last was: a shared touch is followed from there
    /// until its first raw event, and a handed-back touch's lift is told there.
    private var locations: [TouchKey: Point] = [:]
    /// Per device, the time of its last touch event when that was an end: fingers lifted
    /// in one frame come as ends in a row with one time.
    private var lastLift: [Int: EventTime] = [:]
    /// Touches handed back whose finger may still be down, with where the server last put
    /// them: the server ends a touch for xgest at its reject, and the finger's lift comes
    /// only as a raw touch end, with no position of its own for a driver that sends none
    /// (xf86-input-libinput). The engine keeps fingers landing meanwhile with them
    /// (``HandedBackFingers``), so it is told of that lift.
    private var liftsAwaited: [TouchKey: Point] = [:]
    /// More touches awaiting their lift than fingers on a hand or two: their lifts went
    /// unseen (raw events not selected while suspended), and they are forgotten.
    private static let liftsAwaitedLimit = 20

    /// Whether a touch event belongs to xgest: not when its touch was handed back or is
    /// shared (the application has those). Notes where the touch is.
    mutating func admits(_ key: TouchKey, phase: TouchPhase, at location: Point) -> Bool {
        if handedBack.contains(key) {
            // The end of a touch handed back is the one the server makes at the reject, where
            // the master pointer is (`GetDixTouchEnd`): the spot of the touch emulating the
            // pointer, not this one's. Its updates queued before the reject are its own.
            if phase == .end {
                handedBack.remove(key)
            } else if liftsAwaited[key] != nil {
                liftsAwaited[key] = location
            }
            return false
        }
        if !shared.isEmpty, shared.contains(key) { return false }
        if phase == .end { locations[key] = nil } else { locations[key] = location }
        return true
    }

    /// The device went away: nothing of it is down, handed back or followed any more.
    mutating func forget(device: Int) {
        active[device] = nil
        lastLift[device] = nil
        handedBack = handedBack.filter { $0.device != device }
        liftsAwaited = liftsAwaited.filter { $0.key.device != device }
        shared.forget(device: device)
        locations = locations.filter { $0.key.device != device }
    }

    /// Whether no touch of `device` is down: the next one starts a sequence.
    func isIdle(device: Int) -> Bool { active[device, default: []].isEmpty }

    mutating func began(_ key: TouchKey) {
        active[key.device, default: []].insert(key.touch)
        lastLift[key.device] = nil
    }

    mutating func moved(_ key: TouchKey) { lastLift[key.device] = nil }

    /// Returns whether this end starts a lift: it is not one more of ends in a row with one time.
    @discardableResult
    mutating func ended(_ key: TouchKey, at time: EventTime) -> Bool {
        active[key.device]?.remove(key.touch)
        defer { lastLift[key.device] = time }
        return lastLift[key.device] != time
    }

    /// A touch handed back before xgest took it (a locked screen): none of its events is xgest's.
    mutating func handedBackAtBegin(_ key: TouchKey) { handedBack.insert(key) }

    /// Touches rejected: what the server still sends of them is dropped.
    mutating func handedBack(device: Int, touches: [UInt32]) {
        for t in touches where active[device]?.remove(t) != nil {
            let key = TouchKey(device: device, touch: t)
            handedBack.insert(key)
            if liftsAwaited.count >= Self.liftsAwaitedLimit { liftsAwaited.removeAll() }
            liftsAwaited[key] = locations.removeValue(forKey: key) ?? .zero
        }
    }

    /// A raw touch end: where the touch last was when it is a handed-back touch whose lift
    /// the engine awaits, nil for any other.
    mutating func liftAfterHandBack(_ key: TouchKey) -> Point? {
        guard !liftsAwaited.isEmpty else { return nil }
        return liftsAwaited.removeValue(forKey: key)
    }

    /// Raw touch ends are no longer read (a suspension): no lift awaited will be seen.
    mutating func forgetLiftsAwaited() { liftsAwaited.removeAll() }

    /// Touches rejected that a binding still watches: followed from where they last were
    /// (`fallback` when no position was noted).
    mutating func shared(device: Int, touches: [UInt32], fallback: Point) {
        for t in touches {
            let key = TouchKey(device: device, touch: t)
            shared.follow(key, from: locations.removeValue(forKey: key) ?? fallback)
        }
    }

    /// The touch sample a raw touch event of a shared touch stands for; nil for any other.
    mutating func sharedSample(
        _ key: TouchKey, phase: TouchPhase, x: Double?, y: Double?, mapping: RawTouchMapping?
    ) -> TouchSample? {
        guard !shared.isEmpty, let sample = shared.sample(key, phase: phase, x: x, y: y, mapping: mapping) else {
            return nil
        }
        if phase == .end { active[key.device]?.remove(key.touch) }
        return sample
    }
}
