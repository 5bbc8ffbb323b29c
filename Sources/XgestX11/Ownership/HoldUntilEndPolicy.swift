import XgestCore

/// The ownership policy for recording: every touch of a sequence is held until the last
/// finger lifts, then the whole sequence is rejected, so applications still receive it
/// (replayed) and xgest sees every event of it. Rejecting earlier would cut the trace
/// short: after a rejection the server sends xgest the touch's end and nothing more.
public struct HoldUntilEndPolicy {
    let ownership: TouchOwnership
    private var down: [Int: Set<UInt32>] = [:]
    private var sequence: [Int: [UInt32]] = [:]

    public init(ownership: TouchOwnership) { self.ownership = ownership }

    /// Returns the touches it rejected with this event (empty while the sequence goes on).
    @discardableResult
    public mutating func decide(_ e: InputEvent) -> [UInt32] {
        guard case .touch(let t) = e.payload else { return [] }
        switch t.phase {
        case .begin:
            down[e.device, default: []].insert(t.id)
            sequence[e.device, default: []].append(t.id)
        case .update:
            break
        case .end:
            down[e.device]?.remove(t.id)
            guard down[e.device]?.isEmpty ?? true, let touches = sequence.removeValue(forKey: e.device) else {
                return []
            }
            ownership.decide(.reject, device: e.device, touches: touches)
            return touches
        }
        return []
    }

    /// Forgets a device that went away (its touches were already dropped by the source).
    public mutating func forgetDevice(_ device: Int) {
        down[device] = nil
        sequence[device] = nil
    }
}
