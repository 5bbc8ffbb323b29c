/// The daemon's decision at each touchpad gesture's begin, in replay: kept when a binding
/// could take it, else the application's (``TouchpadClaims``). A trace holds every gesture
/// whole (`xgest record` keeps them all), but the daemon never sees more of one it hands
/// back, or any of one whose type it does not grab: those events are not the engine's.
struct TouchpadReplayClaims {
    let claims: TouchpadClaims
    /// Gesture types begun and left to the application, until their end: as the X layer
    /// tracks them, one gesture of each type at a time.
    private var leftToApplications: Set<TouchpadClaims.GestureType> = []

    init(_ bindings: BindingSet) { claims = TouchpadClaims(bindings) }

    /// The decision `e` brings (a begin's), and whether the engine gets `e`.
    mutating func judge(_ e: InputEvent, in replay: TraceReplay) -> (
        decision: TouchpadGestureDecision?, engineGetsIt: Bool
    ) {
        let type: TouchpadClaims.GestureType
        let phase: GesturePhase
        let fingers: Int
        let location: Point
        switch e.payload {
        case .touchpadSwipe(let g): (type, phase, fingers, location) = (.swipe, g.phase, g.fingers, g.location)
        case .touchpadPinch(let g): (type, phase, fingers, location) = (.pinch, g.phase, g.fingers, g.location)
        case .touch, .pointerMotion, .button, .modifiers: return (nil, true)
        }
        guard phase == .begin else {
            guard leftToApplications.contains(type) else { return (nil, true) }
            if phase == .end { leftToApplications.remove(type) }
            return (nil, false)
        }
        let start = replay.touchpadStart(type, fingers: fingers, device: e.device, at: location)
        let decision = claims.decision(start, device: e.device, time: e.time)
        if decision.isKept {
            leftToApplications.remove(type)
        } else {
            leftToApplications.insert(type)
        }
        return (decision, decision.isKept)
    }
}
