import XgestCore

/// The ownership policy with no gesture engine: every touch is rejected at its first
/// event, so applications receive every sequence as if xgest were not there.
public struct PassThroughPolicy {
    let ownership: TouchOwnership

    public init(ownership: TouchOwnership) { self.ownership = ownership }

    /// Returns the decision it made for this event, if any.
    public func decide(_ e: InputEvent) -> (TouchDecision, UInt32)? {
        guard case .touch(let t) = e.payload, t.phase == .begin else { return nil }
        ownership.decide(.reject, device: e.device, touches: [t.id])
        return (.reject, t.id)
    }
}
