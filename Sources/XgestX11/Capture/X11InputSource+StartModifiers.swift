import CXgest
import XgestCore

/// The modifiers already held when the capture opens. XKB reports changes only: Super held
/// while the daemon (re)started sent nothing until let go, so the first Super+button stroke
/// was judged with no modifier (its raw press taken for an ordinary press, traced twice,
/// failed with "wrong modifiers" and handed to the window as a drag), and a recording had
/// no modifiers line at all.
extension X11InputSource {
    /// Reads the modifier state, after selecting its changes (a change in between is then
    /// both read and reported); it is reported before the first input event.
    func readStartModifiers() {
        guard let state = display.modifierState() else { return }
        modifierState = state
        modifiers = pointerGrabs.modifierMap.modifiers(fromX: state)
        startModifiersUnreported = !modifiers.isEmpty
    }

    /// Passes `captured` on, after the start's modifiers at its time when it is the first
    /// input event; a change of modifiers read first replaces them (it carries the state).
    func reportingStartModifiers(_ captured: CapturedEvent, _ handle: (CapturedEvent) -> Void) {
        if startModifiersUnreported, case .input(let e, _) = captured {
            startModifiersUnreported = false
            switch e.payload {
            case .modifiers:
                break
            default:
                let held = InputEvent(time: e.time, device: 0, deviceKind: .keyboard, payload: .modifiers(modifiers))
                handle(.input(held, startTarget: nil))
            }
        }
        handle(captured)
    }
}

extension XDisplay {
    /// The core keyboard's effective modifiers now (one round trip), or nil without XKB.
    func modifierState() -> UInt32? {
        var state = XkbStateRec()
        guard XkbGetState(handle, UInt32(XkbUseCoreKbd), &state) == Success else { return nil }
        return UInt32(state.mods)
    }
}
