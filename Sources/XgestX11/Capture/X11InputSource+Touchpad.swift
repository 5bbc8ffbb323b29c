import CXgest
import XgestCore

/// Touchpad gestures: the synchronous gesture grabs, and each gesture kept or handed back
/// at its begin by the bindings' claims.
extension X11InputSource {
    func handleGesture(_ g: XIEventDecoding.Gesture, _ handle: (CapturedEvent) -> Void) {
        var g = g
        // A begin's root position is where the pointer was when the driver made it, which
        // motion of another device queued just before can have left behind: the server then
        // gives the gesture to the window under the pointer as that motion moved it, and so
        // must the hit-test. The master is frozen from the begin until xgest answers (the
        // grab is synchronous), so its sprite is still where the begin found it.
        if g.phase == .begin, let p = display.pointerPosition(master: g.master) { g.location = p }
        let time = clock.unwrap(g.serverTime)
        guard
            case .xgest(let target) = gestureStart(
                g.type, phase: g.phase, master: g.master, source: g.source, fingers: g.fingers,
                modifiers: g.modifiers, at: g.location, time: time, handle)
        else { return }
        // A gesture ended by its device going away is cancelled, not ended (``vanished(device:_:)``).
        if g.phase == .end, !g.cancelled, vanished(device: Int(g.source), handle) { return }
        pointer.position = g.location
        handle(
            .input(
                InputEvent(time: time, device: Int(g.source), deviceKind: .touchpad, payload: g.payload),
                startTarget: target))
    }

    /// Whose a touchpad gesture event is.
    private enum GestureOwner {
        /// xgest's; the start target (the window under the pointer) is set on the begin.
        case xgest(startTarget: HitTarget?)
        /// The application's, or a device xgest does not use: dropped.
        case other
    }

    /// Whose this gesture event is. A begin froze the master pointer (the grab is
    /// synchronous): it is answered here, at once, kept when a binding could take the
    /// gesture and handed back whole to the application under the pointer when none can.
    private func gestureStart(
        _ type: TouchpadClaims.GestureType, phase: GesturePhase, master: Int32, source: Int32, fingers: Int,
        modifiers xState: UInt32, at location: Point, time: EventTime, _ handle: (CapturedEvent) -> Void
    ) -> GestureOwner {
        guard phase == .begin else {
            if handedBackGestures.contains(type) {
                if phase == .end { handedBackGestures.remove(type) }
                return .other
            }
            guard usedDevice(source, as: .touchpad) != nil else { return .other }
            noteModifiers(xState, time: time, handle)
            return .xgest(startTarget: nil)
        }
        handedBackGestures.remove(type)
        if lockedAtGestureStart(handle) {
            gestureGrabs.handBack(master: master)
            handedBackGestures.insert(type)
            handle(.handedBackWhileLocked("touchpad \(type.rawValue) (\(fingers) fingers)", time: time))
            return .other
        }
        guard usedDevice(source, as: .touchpad) != nil else {
            // A touchpad xgest does not use (disabled meanwhile): never hold its gestures.
            gestureGrabs.handBack(master: master)
            handedBackGestures.insert(type)
            return .other
        }
        noteModifiers(xState, time: time, handle)
        let target = hitTester.hitTest(location)
        // The claim is judged on the monitor under the pointer: a monitor change read in
        // this pass, before the gesture, must be in the layout first.
        updateLayoutIfReported(handle)
        let area = layout.area(device: Int(source), kind: .touchpad, at: location)
        let start = TouchpadClaims.Start(
            type: type, fingers: fingers, target: target, location: location, modifiers: modifiers,
            screen: area.rect, monitor: area.monitor, monitorIsPrimary: area.isPrimary)
        let decision = touchpadClaims.decision(start, device: Int(source), time: time)
        guard decision.isKept else {
            gestureGrabs.handBack(master: master)
            handedBackGestures.insert(type)
            handle(.touchpadGestureHandedBack(decision, begin: Self.beginEvent(start, device: Int(source), time: time)))
            return .other
        }
        gestureGrabs.keep(master: master)
        handle(.touchpadGestureKept(decision))
        return .xgest(startTarget: target)
    }

    /// Grabs the touchpad gesture types `claims` can take and releases the others; later
    /// gestures are kept or handed back by these claims. Throws when another client holds
    /// a gesture grab xgest now needs (the claims are then applied to the grabs held).
    public func setTouchpadClaims(_ claims: TouchpadClaims) throws(X11Error) {
        touchpadClaims = claims
        try gestureGrabs.set(Self.grabbedTypes(claims))
    }

    /// The gesture types grabbed now.
    public var grabbedTouchpadGestures: Set<TouchpadClaims.GestureType> { gestureGrabs.grabbed }

    static func grabbedTypes(_ claims: TouchpadClaims) -> Set<TouchpadClaims.GestureType> {
        Set(TouchpadClaims.GestureType.allCases.filter(claims.grabs))
    }
}

extension X11InputSource {
    /// A touchpad gesture's begin as the engine would have had it (no motion yet).
    static func beginEvent(_ start: TouchpadClaims.Start, device: Int, time: EventTime) -> InputEvent {
        let payload: InputEvent.Payload
        switch start.type {
        case .swipe:
            payload = .touchpadSwipe(
                TouchpadSwipe(phase: .begin, fingers: start.fingers, delta: .zero, location: start.location))
        case .pinch:
            payload = .touchpadPinch(
                TouchpadPinch(
                    phase: .begin, fingers: start.fingers, delta: .zero, scale: 1, angleDeltaDegrees: 0,
                    location: start.location))
        }
        return InputEvent(time: time, device: device, deviceKind: .touchpad, payload: payload)
    }
}
