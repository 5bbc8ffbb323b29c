import CXgest

extension XDisplay {
    /// The core keyboard's modifier map and the keysyms of the keys on it, in two round
    /// trips; the usual map when the server gives none. Read afresh rather than through
    /// Xlib's cached keymap, which lags a change until Xlib has seen its notification.
    func modifierMap() -> ModifierMap {
        guard let all = modifierMapRows() else { return .usual }
        // Rows 3 to 7 of the map are Mod1 to Mod5 (Shift, Lock and Control come first).
        let rows = Array(all[3..<8])
        let keycodes = rows.flatMap { $0 }
        guard let low = keycodes.min(), let high = keycodes.max() else { return ModifierMap(keysymsOnModBits: []) }
        var perKeycode: Int32 = 0
        guard let syms = XGetKeyboardMapping(handle, low, Int32(high - low) + 1, &perKeycode) else { return .usual }
        defer { XFree(syms) }
        let keysyms = { (keycode: UInt8) -> Set<KeySym> in
            let start = Int(keycode - low) * Int(perKeycode)
            return Set((start..<start + Int(perKeycode)).map { syms[$0] }.filter { $0 != 0 })
        }
        return ModifierMap(keysymsOnModBits: rows.map { $0.reduce(into: Set<KeySym>()) { $0.formUnion(keysyms($1)) } })
    }

    /// The core modifier map's eight rows (Shift, Lock, Control, Mod1 to Mod5, in their
    /// bits' order), each the keycodes on that modifier; one round trip, nil when the
    /// server gives none.
    func modifierMapRows() -> [[UInt8]]? {
        guard let map = XGetModifierMapping(handle) else { return nil }
        defer { XFreeModifiermap(map) }
        let perModifier = Int(map.pointee.max_keypermod)
        guard let codes = map.pointee.modifiermap else { return nil }
        return (0..<8).map { row in (0..<perModifier).map { codes[row * perModifier + $0] }.filter { $0 != 0 } }
    }
}
