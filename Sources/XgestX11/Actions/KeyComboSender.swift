import CXgest
import XgestCore

/// Types a key combo through XTest: keysym names to keycodes, keys pressed in order and
/// released in reverse, with modifiers the user holds let go for the duration.
struct KeyComboSender {
    let display: XDisplay
    var restore: KeymapRestore
    /// Keysyms mapped onto spare keycodes and not restored yet (with ``KeymapRestore/whenAsked``).
    private(set) var temporary = TemporaryKeymap()

    init(display: XDisplay, restore: KeymapRestore) {
        self.display = display
        self.restore = restore
    }

    var hasTemporaryKeymap: Bool { !temporary.isEmpty }

    mutating func send(_ combo: KeyCombo) -> ActionOutcome {
        guard !combo.keysyms.isEmpty else { return .failed(reason: "empty key combo") }
        var keysyms: [KeySym] = []
        for name in combo.keysyms {
            guard let value = keysym(named: name) else { return .failed(reason: "unknown keysym \"\(name)\"") }
            keysyms.append(value)
        }
        do {
            return try display.checked { sendRequests(keysyms) }
        } catch {
            // The releases were queued before the error came back (see sendRequests), so no key is left down.
            return .failed(reason: "key \(combo): \(error)")
        }
    }

    /// Queues the whole combo; `checked` syncs once at the end. Everything that can fail
    /// before a key goes down is decided first; once keys are down, their releases and the
    /// re-press of held modifiers are in `defer`s, so every exit path queues them.
    private mutating func sendRequests(_ keysyms: [KeySym]) -> ActionOutcome {
        guard var mapping = KeyboardMapping(display: display) else {
            return .failed(reason: "cannot read the keyboard mapping")
        }
        let keysDown = keycodesDown(display)
        var keycodes: [UInt8] = []
        var shiftPressed = false
        let shiftKeycode = mapping.location(of: KeySym(XK_Shift_L))?.keycode
        for keysym in keysyms {
            if let location = mapping.location(of: keysym) {
                // A keysym on the shifted level (`plus`, `A`) is typed with Shift, as a user would.
                if location.shifted, !shiftPressed, let shift = shiftKeycode {
                    appendOnce(shift, to: &keycodes)
                    shiftPressed = true
                }
                if location.keycode == shiftKeycode { shiftPressed = true }
                appendOnce(location.keycode, to: &keycodes)
            } else if let bound = temporary.keycode(for: keysym) {
                appendOnce(bound, to: &keycodes)
            } else if let bound = temporary.bind(
                keysym, mapping: &mapping, keysDown: keysDown, avoiding: Set(keycodes), display: display)
            {
                appendOnce(bound, to: &keycodes)
            } else {
                restoreIfDue()
                return .failed(reason: "no spare keycode to map keysym 0x\(String(keysym, radix: 16)) onto")
            }
        }
        defer { restoreIfDue() }

        var held = HeldModifiers(display: display, keysDown: keysDown)
        defer { held.close() }
        held.release()
        defer { held.pressAgain() }

        var pressed: [UInt8] = []
        defer {
            for keycode in pressed.reversed() { XTestFakeKeyEvent(display.handle, UInt32(keycode), False, 0) }
        }
        for keycode in keycodes {
            XTestFakeKeyEvent(display.handle, UInt32(keycode), True, 0)
            pressed.append(keycode)
        }
        return .done
    }

    private mutating func restoreIfDue() {
        if restore == .afterCombo { temporary.restore(display: display) }
    }

    /// Restores every temporarily mapped keycode and waits for the server to apply it.
    mutating func restoreKeymap() {
        guard !temporary.isEmpty else { return }
        temporary.restore(display: display)
        display.sync()
    }

    private func appendOnce(_ keycode: UInt8, to keycodes: inout [UInt8]) {
        if !keycodes.contains(keycode) { keycodes.append(keycode) }
    }
}
