import CXgest
import XgestCore

/// What happens to a grabbed touch sequence: kept from applications, or handed back.
public enum TouchDecision: String, Hashable, Sendable {
    /// A gesture claimed the touches: applications never see them.
    case accept
    /// Nobody claimed them: the server replays the whole sequence to the application.
    case reject
}

/// A touch as XI names it: the touch id is unique among the device's active touches.
public struct TouchKey: Hashable, Sendable {
    public var device: Int
    public var touch: UInt32

    public init(device: Int, touch: UInt32) {
        self.device = device
        self.touch = touch
    }
}

/// Accepts and rejects grabbed touches, and remembers which are still undecided so that
/// none is ever left pending: a pending touch holds up every other client
/// (docs/x11-notes.md, "A touch grab needs Begin, Update and End, and every touch needs
/// a verdict").
public final class TouchOwnership {
    let display: XDisplay
    /// Undecided touches, with the master device the grab delivered them through (the
    /// device `XIAllowTouchEvents` must name).
    public private(set) var pending: [TouchKey: Int32] = [:]
    /// Touches still physically down, decided or not.
    private var ended: Set<TouchKey> = []

    init(display: XDisplay) { self.display = display }

    func began(_ key: TouchKey, master: Int32) { pending[key] = master }

    /// A touch that ended undecided stays pending until decided; a decided one is done.
    func ended(_ key: TouchKey) {
        if pending[key] != nil { ended.insert(key) }
    }

    /// A touch the server ended for xgest without its verdict (another client owned and
    /// accepted it): nothing is owed for it.
    func forget(_ key: TouchKey) {
        pending[key] = nil
        ended.remove(key)
    }

    func forgetDevice(_ device: Int) {
        for key in pending.keys where key.device == device {
            pending[key] = nil
            ended.remove(key)
        }
    }

    /// Decides for one touch at any point of its life (after its end too). Deciding a
    /// touch that is not pending (already decided, or never grabbed) does nothing.
    public func decide(_ decision: TouchDecision, _ key: TouchKey) {
        guard let master = pending.removeValue(forKey: key) else { return }
        ended.remove(key)
        let mode = decision == .accept ? Int32(XIAcceptTouch) : Int32(XIRejectTouch)
        XIAllowTouchEvents(display.handle, master, key.touch, display.root, mode)
    }

    /// Decides for every touch of a sequence.
    public func decide(_ decision: TouchDecision, device: Int, touches: [UInt32]) {
        for t in touches { decide(decision, TouchKey(device: device, touch: t)) }
        display.flush()
    }

    /// Hands every undecided touch back to applications (on shutdown or error paths).
    public func rejectAllPending() {
        for key in Array(pending.keys) { decide(.reject, key) }
        display.flush()
    }
}
