import CXgest

/// The keys of one keyboard that set a modifier while they are held: those in its XKB
/// modifier map (what the core modifier map is made of), and those whose XKB action sets
/// or latches modifiers.
///
/// Why not the core modifier map alone (XGetModifierMapping): a key can set a modifier
/// through its action without being in the map. On a stock evdev keymap the map lists
/// keycode 92 (ISO_Level3_Shift) and 203 (Mode_switch) for Mod5, not AltGr's 108, which
/// sets Mod5 through `SetMods(modifiers=LevelThree)`; with `caps:super` the left Windows
/// key (133) sets Mod4 the same way. Both leaked into every combo sent while held.
///
/// Lock actions (Caps Lock, Num Lock) are not counted: locks are left as they are.
enum ModifierKeys {
    /// The modifier keys of keyboard `deviceID` among `keycodes`; one round trip. Falls
    /// back on the core modifier map when XKB cannot read the device's map.
    static func among(_ keycodes: Set<UInt8>, deviceID: Int32, display: XDisplay) -> Set<UInt8> {
        let mask = UInt32(XkbKeySymsMask | XkbKeyActionsMask | XkbModifierMapMask)
        guard let xkb = XkbGetMap(display.handle, mask, UInt32(deviceID)), let map = xkb.pointee.map,
            let modmap = map.pointee.modmap
        else { return keycodes.intersection(coreModifierKeycodes(display)) }
        defer { XkbFreeKeyboard(xkb, 0, True) }
        let range = Int(xkb.pointee.min_key_code)...Int(xkb.pointee.max_key_code)
        return keycodes.filter { keycode in
            let key = Int(keycode)
            guard range.contains(key) else { return false }
            if modmap[key] != 0 { return true }
            let count = Int(xgest_key_action_count(xkb, Int32(key)))
            guard count > 0, let actions = xgest_key_actions(xkb, Int32(key)) else { return false }
            return UnsafeBufferPointer(start: actions, count: count).contains { action in
                let type = Int32(action.type)
                guard type == XkbSA_SetMods || type == XkbSA_LatchMods else { return false }
                // `mask` is what the server resolved the action's real and virtual
                // modifiers to; an action taking the key's modifier map sets those.
                let usesModMap = Int32(action.mods.flags) & Int32(XkbSA_UseModMapMods) != 0
                return (usesModMap ? modmap[key] : action.mods.mask) != 0
            }
        }
    }

    private static func coreModifierKeycodes(_ display: XDisplay) -> Set<UInt8> {
        Set((display.modifierMapRows() ?? []).flatMap { $0 })
    }
}
