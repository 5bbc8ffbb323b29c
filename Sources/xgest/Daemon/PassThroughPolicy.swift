import XgestCore
import XgestX11

/// The ownership policy with no gesture engine: every touch is rejected at its first
/// event, so applications receive every sequence as if xgest were not there.
struct PassThroughPolicy {
    let ownership: TouchOwnership

    /// Returns the decision it made for this event, if any.
    func decide(_ e: InputEvent) -> (TouchDecision, UInt32)? {
        guard case .touch(let t) = e.payload, t.phase == .begin else { return nil }
        ownership.decide(.reject, device: e.device, touches: [t.id])
        return (.reject, t.id)
    }
}
