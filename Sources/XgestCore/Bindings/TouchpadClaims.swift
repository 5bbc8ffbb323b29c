/// The touchpad gestures a set of bindings can take: what the X layer grabs, and what it
/// keeps or hands back when a gesture begins.
///
/// X reports touchpad gestures as two event types, swipes and pinches (a pinch carries the
/// rotation too, so pinch and rotate bindings both need pinch events). A type no binding
/// uses is not grabbed at all. A grabbed gesture is decided at its begin, from what X
/// tells then: the finger count, the window under the pointer, the modifiers held and
/// where the pointer is. The direction, the scale and the angle come only later, so a
/// gesture some binding could still take is kept whole, whatever it turns out to be.
public struct TouchpadClaims: Sendable {
    /// The two XI 2.4 gesture event types.
    public enum GestureType: String, Hashable, Sendable, CaseIterable {
        case swipe
        case pinch
    }

    /// What X tells when a touchpad gesture begins.
    public struct Start: Hashable, Sendable {
        public var type: GestureType
        public var fingers: Int
        public var target: HitTarget
        public var location: Point
        public var modifiers: Modifiers
        /// The monitor under the pointer, in root pixels.
        public var screen: Rect
        public var monitor: String
        public var monitorIsPrimary: Bool

        public init(
            type: GestureType, fingers: Int, target: HitTarget, location: Point, modifiers: Modifiers, screen: Rect,
            monitor: String = ScreenLayout.rootName, monitorIsPrimary: Bool = true
        ) {
            self.monitor = monitor
            self.monitorIsPrimary = monitorIsPrimary
            self.type = type
            self.fingers = fingers
            self.target = target
            self.location = location
            self.modifiers = modifiers
            self.screen = screen
        }
    }

    /// One touchpad binding, as far as its begin can tell.
    struct Claim: Sendable {
        var type: GestureType
        var binding: String
        /// nil: any count.
        var fingers: Int?
        var entry: BindingSet.Entry
        var conditions: BindingConditions
    }

    let claims: [Claim]
    let bindings: BindingSet?
    /// Every gesture of every type, whatever binds it: what `xgest record` captures.
    let takesEverything: Bool

    /// Every touchpad gesture is grabbed and kept.
    public static let everything = TouchpadClaims(claims: [], bindings: nil, takesEverything: true)
    /// No touchpad gesture is grabbed.
    public static let nothing = TouchpadClaims(claims: [], bindings: nil, takesEverything: false)

    init(claims: [Claim], bindings: BindingSet?, takesEverything: Bool) {
        self.claims = claims
        self.bindings = bindings
        self.takesEverything = takesEverything
    }

    /// The touchpad bindings of `set`.
    public init(_ set: BindingSet) {
        var claims: [Claim] = []
        for e in set.entries where e.device == .touchpad && set.bindings[e.binding].isEnabled {
            let b = set.bindings[e.binding]
            let type: GestureType
            switch b.kind {
            case .swipe: type = .swipe
            case .pinch, .rotate: type = .pinch
            case .tap, .longPress, .pan, .edge, .stroke, .pattern, .scrub, .custom: continue
            }
            claims.append(
                Claim(
                    type: type, binding: b.name, fingers: b.fingers(on: .touchpad), entry: e, conditions: b.conditions))
        }
        self.init(claims: claims, bindings: set, takesEverything: false)
    }

    /// Whether gestures of this type are grabbed at all.
    public func grabs(_ type: GestureType) -> Bool {
        takesEverything || claims.contains { $0.type == type }
    }

    /// The name of a binding that could take the gesture starting so (empty for
    /// ``everything``), or nil when none can: then it goes back to the application under
    /// the pointer, whole.
    public func claimant(_ start: Start) -> String? {
        if takesEverything { return "" }
        guard let bindings else { return nil }
        return claims.first { c in
            c.type == start.type && (c.fingers == nil || c.fingers == start.fingers)
                && bindings.applies(c.entry, to: start.target)
                && conditionsHold(c.conditions, start, tunables: bindings.tunables(forBinding: c.entry.binding))
        }?.binding
    }

    /// For a gesture no binding takes: the first binding that would have taken it but for
    /// the modifiers held, and the modifiers it is bound to. The most common surprise (a
    /// `modifiers = ["super"]` swipe made without Super, or with Ctrl held too) is then
    /// said where the gesture is handed back.
    public func modifierMiss(_ start: Start) -> (binding: String, bound: Modifiers)? {
        guard !takesEverything, let bindings else { return nil }
        var any = start
        for c in claims where c.type == start.type && (c.fingers == nil || c.fingers == start.fingers) {
            guard let bound = c.conditions.modifiers, bound != start.modifiers,
                bindings.applies(c.entry, to: start.target)
            else { continue }
            any.modifiers = bound
            if conditionsHold(c.conditions, any, tunables: bindings.tunables(forBinding: c.entry.binding)) {
                return (c.binding, bound)
            }
        }
        return nil
    }

    /// The start conditions a touchpad binding can have: modifiers held and where the
    /// pointer is. The engine asks the same later; a gesture it would refuse need not be kept.
    private func conditionsHold(_ c: BindingConditions, _ start: Start, tunables t: RecognizerTunables) -> Bool {
        if let m = c.modifiers, m != start.modifiers { return false }
        if let m = c.monitor, !m.matches(monitor: start.monitor, isPrimary: start.monitorIsPrimary) { return false }
        if let region = c.region, !region.rect(on: start.screen).contains(start.location) { return false }
        if let edge = c.edge, !edge.contains(start.location, on: start.screen, thickness: t.edgeThicknessPx) {
            return false
        }
        return true
    }
}
