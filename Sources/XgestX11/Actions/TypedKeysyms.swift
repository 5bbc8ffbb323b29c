import CXgest

/// What each keycode types, with Shift and without, in the keyboard's current group and
/// with its current locks, as the server's XKB key types decide (XkbTranslateKeyCode).
///
/// The core mapping's second column is not "the Shift level": on a KEYPAD key with Num
/// Lock off Shift gives KP_End, not KP_1; Print's second level (Sys_Req) needs Alt and
/// Pause's (Break) Control. Only the key types say which level Shift selects.
struct TypedKeysyms {
    let minKeycode: Int
    /// From `minKeycode`: the keysym typed by the key alone and by the key with Shift.
    private var typed: [(plain: KeySym, shifted: KeySym)] = []
    /// The same for each of the keymap's other groups (layouts), in group order.
    private var otherGroups: [[(plain: KeySym, shifted: KeySym)]] = []

    /// The map of keyboard `device` (an XKB device spec) translated with `state`, the
    /// group and locks the server translates keys with; nil when the map cannot be read.
    init?(display: XDisplay, device: UInt32, state: XkbStateRec, minKeycode: Int, maxKeycode: Int) {
        self.minKeycode = minKeycode
        let mask = UInt32(XkbKeyTypesMask | XkbKeySymsMask)
        guard let xkb = XkbGetMap(display.handle, mask, device) else { return nil }
        defer { XkbFreeKeyboard(xkb, 0, True) }
        // The group and the locks in force (Num Lock picks a keypad key's level), but not
        // Caps Lock: locks are left as they are, and letters are looked up as without it.
        let locks = UInt32(state.locked_mods) & ~UInt32(LockMask)
        let groups = (minKeycode...maxKeycode).reduce(1) { most, keycode in
            max(most, Int(xkb.pointee.map.pointee.key_sym_map[keycode].group_info) & 0x0f)
        }
        let keys = { (group: Int) in
            let base = locks | (UInt32(group) << 13)
            return (minKeycode...maxKeycode).map { keycode in
                (
                    plain: Self.translate(xkb, keycode, base),
                    shifted: Self.translate(xkb, keycode, base | UInt32(ShiftMask))
                )
            }
        }
        // The active group may be beyond this map's groups (a layout of the user's own
        // keyboard with more of them): XKB brings it into range key by key, as the server does.
        let active = Int(state.group)
        typed = keys(active)
        otherGroups = (0..<groups).filter { $0 != active }.map(keys)
    }

    /// The keycode typing `keysym`, without Shift if any does, else with it; nil when none does.
    func location(of keysym: KeySym) -> (keycode: UInt8, shifted: Bool)? {
        Self.location(of: keysym, in: typed, minKeycode: minKeycode)
    }

    /// The keycode typing `keysym` in another group (the first that has it), as for
    /// ``location(of:)``; nil when no other group does.
    func locationInAnotherGroup(of keysym: KeySym) -> (keycode: UInt8, shifted: Bool)? {
        otherGroups.lazy.compactMap { Self.location(of: keysym, in: $0, minKeycode: minKeycode) }.first
    }

    private static func location(
        of keysym: KeySym, in keys: [(plain: KeySym, shifted: KeySym)], minKeycode: Int
    ) -> (keycode: UInt8, shifted: Bool)? {
        if let i = keys.firstIndex(where: { $0.plain == keysym }) { return (UInt8(minKeycode + i), false) }
        if let i = keys.firstIndex(where: { $0.shifted == keysym }) { return (UInt8(minKeycode + i), true) }
        return nil
    }

    private static func translate(_ xkb: XkbDescPtr, _ keycode: Int, _ mods: UInt32) -> KeySym {
        var consumed: UInt32 = 0
        var keysym = KeySym(NoSymbol)
        _ = XkbTranslateKeyCode(xkb, KeyCode(keycode), mods, &consumed, &keysym)
        return keysym
    }
}
