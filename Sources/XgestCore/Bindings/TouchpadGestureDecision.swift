/// What xgest decided when a touchpad gesture began, and why: kept whole for a binding
/// that could take it, or left whole to the application under the pointer. X tells a
/// gesture's direction, scale and angle only later, so this is the whole of its
/// ownership: `xgest run --debug` says it live, `xgest replay --explain` for a trace, in
/// the same words.
public struct TouchpadGestureDecision: Hashable, Sendable {
    public enum Reason: Hashable, Sendable {
        /// A binding could take it (the first that can, by name): no application gets any of it.
        case kept(binding: String)
        /// Grabbed, but no binding takes it where it starts (its finger count, the window,
        /// the modifiers held, where the pointer is): handed back at its begin.
        case noBindingThere
        /// No binding takes this type of gesture, which is therefore not grabbed: the
        /// application's from the start, and never seen by xgest live.
        case notGrabbed
    }

    /// For a gesture handed back: a binding that would have kept it but for the modifiers
    /// held, and the modifiers it is bound to (``TouchpadClaims/modifierMiss(_:)``).
    public struct WrongModifiers: Hashable, Sendable {
        public var binding: String
        public var bound: Modifiers

        public init(binding: String, bound: Modifiers) {
            self.binding = binding
            self.bound = bound
        }
    }

    public var time: EventTime
    public var device: Int
    public var start: TouchpadClaims.Start
    public var reason: Reason
    public var wrongModifiers: WrongModifiers?

    public init(
        time: EventTime, device: Int, start: TouchpadClaims.Start, reason: Reason,
        wrongModifiers: WrongModifiers? = nil
    ) {
        self.time = time
        self.device = device
        self.start = start
        self.reason = reason
        self.wrongModifiers = wrongModifiers
    }

    /// `wrong modifiers for "zoom": held none, bound ctrl`, for a gesture handed back.
    public var wrongModifiersDetail: String? {
        wrongModifiers.map {
            "wrong modifiers for \"\($0.binding)\": "
                + Modifiers.mismatch(held: start.modifiers, bound: $0.bound)
        }
    }

    public var isKept: Bool {
        if case .kept = reason { return true }
        return false
    }

    /// As a touch's: accepted (kept) or rejected (the application's).
    public var verdict: OwnershipVerdict { isKept ? .accept : .reject }

    /// `touchpad pinch (2 fingers) on window Appb (0x… "…") handed back: no binding there takes it`.
    public var note: String {
        let gesture = "touchpad \(start.type.rawValue) (\(start.fingers) fingers) on \(start.target.traceName)"
        switch reason {
        case .kept(let binding): return gesture + " kept: \"\(binding)\" can take it, so no application gets it"
        case .noBindingThere:
            return gesture + " handed back: no binding there takes it" + (wrongModifiersDetail.map { " (\($0))" } ?? "")
        case .notGrabbed:
            return gesture + " not grabbed: no binding takes touchpad \(start.type.plural), so it is the application's"
        }
    }
}

extension TouchpadClaims {
    /// The decision the daemon makes at a gesture's begin (``grabs(_:)``, then ``claimant(_:)``).
    public func decision(_ start: Start, device: Int, time: EventTime) -> TouchpadGestureDecision {
        let reason: TouchpadGestureDecision.Reason
        if !grabs(start.type) {
            reason = .notGrabbed
        } else if let binding = claimant(start) {
            reason = .kept(binding: binding)
        } else {
            let miss = modifierMiss(start).map {
                TouchpadGestureDecision.WrongModifiers(binding: $0.binding, bound: $0.bound)
            }
            return TouchpadGestureDecision(
                time: time, device: device, start: start, reason: .noBindingThere, wrongModifiers: miss)
        }
        return TouchpadGestureDecision(time: time, device: device, start: start, reason: reason)
    }
}

extension TouchpadClaims.GestureType {
    /// `swipes`, `pinches`.
    public var plural: String {
        switch self {
        case .swipe: return "swipes"
        case .pinch: return "pinches"
        }
    }
}

extension HitTarget {
    /// How the debug trace names where a sequence starts: `window Firefox (0x1a00003 "Title")`,
    /// `desktop`; a class holding a space, a quote or `=` is quoted, as a title is.
    public var traceName: String {
        switch self {
        case .desktop: return "desktop"
        case .window(let w):
            return "window \(w.className.isEmpty ? "?" : DisplayText.field(w.className)) (\(w.description))"
        }
    }
}
