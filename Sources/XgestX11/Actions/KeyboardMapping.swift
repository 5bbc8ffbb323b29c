import CXgest

/// A copy of the server's core keyboard mapping: which keysyms each keycode carries, and
/// what each key types on the XTest keyboard (``xtestKeyboardID(_:)``), whose keymap
/// decides what a key xgest presses types.
///
/// Read fresh for every combo rather than through Xlib's cached copy
/// (XKeysymToKeycode), which is only refreshed when the connection's owner handles
/// MappingNotify; one round trip per combo is cheap next to a stale keymap.
struct KeyboardMapping {
    let minKeycode: Int
    let maxKeycode: Int
    let keysymsPerKeycode: Int
    /// Row-major: `keysymsPerKeycode` entries per keycode from `minKeycode`.
    private(set) var keysyms: [KeySym]
    /// The keyboard's effective XKB group (layout) when read, 0 for the first: with a
    /// second layout active (`us,ru` switched to `ru`), the key of `a` in the first types
    /// a Cyrillic letter.
    let group: Int
    /// What each key types with and without Shift; nil when XKB's map cannot be read.
    let typed: TypedKeysyms?

    /// Where a keysym is found: on `keycode`, typed with Shift or without.
    struct Location: Hashable {
        var keycode: UInt8
        var shifted: Bool
    }

    init?(display: XDisplay) {
        let dpy = display.handle
        var minimum: Int32 = 0
        var maximum: Int32 = 0
        XDisplayKeycodes(dpy, &minimum, &maximum)
        guard minimum >= 8, maximum <= 255, minimum <= maximum else { return nil }
        var perKeycode: Int32 = 0
        guard let table = XGetKeyboardMapping(dpy, UInt8(minimum), maximum - minimum + 1, &perKeycode) else {
            return nil
        }
        defer { XFree(table) }
        guard perKeycode > 0 else { return nil }
        minKeycode = Int(minimum)
        maxKeycode = Int(maximum)
        keysymsPerKeycode = Int(perKeycode)
        keysyms = Array(UnsafeBufferPointer(start: table, count: (maxKeycode - minKeycode + 1) * keysymsPerKeycode))
        // The core keyboard's map is the one of the keyboard used last: with per-device
        // layouts, `key z` was looked up in the user's German map and typed y on the XTest
        // keyboard's US one. The rows above are the same on both (a change of the core
        // mapping goes to every keyboard of the master), but not what the keys type.
        // The group and the locks are the core keyboard's, not the XTest keyboard's: a
        // layout switched with a key (grp:alt_shift_toggle) changes the state of the
        // keyboard pressed and of the master, which the server translates every key with,
        // but not the XTest keyboard's, which kept the layout it had.
        let device = xtestKeyboardID(display).map { UInt32($0) } ?? UInt32(XkbUseCoreKbd)
        var state = XkbStateRec()
        let stateRead = XkbGetState(dpy, UInt32(XkbUseCoreKbd), &state) == Success
        group = stateRead ? Int(state.group) : 0
        typed =
            stateRead
            ? TypedKeysyms(
                display: display, device: device, state: state, minKeycode: minKeycode, maxKeycode: maxKeycode)
            : nil
    }

    func row(_ keycode: UInt8) -> ArraySlice<KeySym> {
        let start = (Int(keycode) - minKeycode) * keysymsPerKeycode
        return keysyms[start..<start + keysymsPerKeycode]
    }

    /// The columns of the core mapping that hold the active group's levels 1 and 2: 0 and 1
    /// for the first group, 2 and 3 for the second (XKB writes each key's groups 1 and 2
    /// there, a key of one group repeated, so Control_L, Tab or F5 are found in both).
    /// A third or fourth group has no fixed columns: the first group's are taken, as before.
    var activeColumns: Range<Int> {
        let first = group == 1 && keysymsPerKeycode >= 4 ? 2 : 0
        return first..<min(first + 2, keysymsPerKeycode)
    }

    /// The keycode that types `keysym` in the active group, preferring one that types it
    /// without Shift. A keysym found only elsewhere (another group, AltGr levels, a level
    /// Shift does not select) counts as absent, because typing it would need a group
    /// switch or a modifier the combo does not have: it is mapped onto a spare keycode
    /// instead, which types it in every group.
    func location(of keysym: KeySym) -> Location? {
        if let typed {
            return typed.location(of: keysym).map { Location(keycode: $0.keycode, shifted: $0.shifted) }
        }
        // Without XKB's key types, the core mapping's levels 1 and 2.
        return coreLocation(of: keysym).map {
            Location(keycode: $0.keycode, shifted: $0.column == activeColumns.lowerBound + 1)
        }
    }

    /// The keycode that types `keysym` in another group than the active one, as a real
    /// keyboard's shortcut is pressed: with `us,ru` switched to Russian, Ctrl+C is the key
    /// of `c` in the first group (Cyrillic_es in the active one). Nil without XKB's map.
    func locationInAnotherGroup(of keysym: KeySym) -> Location? {
        typed?.locationInAnotherGroup(of: keysym).map { Location(keycode: $0.keycode, shifted: $0.shifted) }
    }

    /// The first keycode carrying `keysym` at level 1 of the active group, else at level 2.
    private func coreLocation(of keysym: KeySym) -> (keycode: UInt8, column: Int)? {
        for column in activeColumns {
            for keycode in minKeycode...maxKeycode
            where keysyms[(keycode - minKeycode) * keysymsPerKeycode + column] == keysym {
                return (UInt8(keycode), column)
            }
        }
        return nil
    }

    /// Keycodes that carry no keysym at all, highest first (the top of the range is the
    /// least likely to belong to a real key), leaving out `excluded`.
    func spareKeycodes(excluding excluded: Set<UInt8>) -> [UInt8] {
        stride(from: maxKeycode, through: minKeycode, by: -1).compactMap { keycode in
            let code = UInt8(keycode)
            guard !excluded.contains(code), row(code).allSatisfy({ $0 == KeySym(NoSymbol) }) else { return nil }
            return code
        }
    }

    /// Records a change this process made, so later lookups in the same copy see it.
    mutating func replaceRow(_ keycode: UInt8, with row: [KeySym]) {
        let start = (Int(keycode) - minKeycode) * keysymsPerKeycode
        keysyms.replaceSubrange(start..<start + keysymsPerKeycode, with: row)
    }
}

/// The keycodes that are logically down on the core keyboard (XQueryKeymap).
func keycodesDown(_ display: XDisplay) -> Set<UInt8> {
    var bits = [CChar](repeating: 0, count: 32)
    XQueryKeymap(display.handle, &bits)
    var down: Set<UInt8> = []
    for keycode in 0..<256 where UInt8(bitPattern: bits[keycode / 8]) & (1 << UInt8(keycode % 8)) != 0 {
        down.insert(UInt8(keycode))
    }
    return down
}
