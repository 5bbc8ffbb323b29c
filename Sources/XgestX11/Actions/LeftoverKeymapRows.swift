import CXgest

/// Keymap rows an earlier run mapped a keysym onto and did not clear: a run killed
/// (SIGKILL, the OOM killer, a crash) within the second before its timer clears them, or
/// while a `key-down` holds one, left `keycode 255 = EuroSign …` in the keymap until the next
/// keymap load. Each such row is a keymap change every client sees (Qt 5 loses its locked
/// layout at one), and a spare keycode fewer.
///
/// Only the rows that run's ``HeldInputFile`` lists are cleared, and only those that still
/// carry exactly the keysyms it wrote there: a row changed since (`xmodmap`, a keymap loaded)
/// is someone else's now.
enum LeftoverKeymapRows {
    /// Queues the clearing of the listed rows that are as recorded; returns what was
    /// cleared, each keycode with the name of the keysym it carried. The caller syncs.
    static func clear(_ rows: [HeldInputFile.MappedRow], display: XDisplay) -> [(keycode: UInt8, keysym: String)] {
        guard !rows.isEmpty, let mapping = KeyboardMapping(display: display) else { return [] }
        var cleared: [(keycode: UInt8, keysym: String)] = []
        for row in rows where (mapping.minKeycode...mapping.maxKeycode).contains(Int(row.keycode)) {
            guard carries(Array(mapping.row(row.keycode)), row.keysyms), let keysym = row.keysyms.first else {
                continue
            }
            // Empty again, as a spare keycode was before it was mapped.
            var empty = [KeySym](repeating: KeySym(NoSymbol), count: mapping.keysymsPerKeycode)
            XChangeKeyboardMapping(display.handle, Int32(row.keycode), Int32(empty.count), &empty, 1)
            cleared.append(
                (row.keycode, XKeysymToString(keysym).map { String(cString: $0) } ?? "0x" + String(keysym, radix: 16)))
        }
        return cleared
    }

    /// Whether a row read from the server is the one xgest wrote: the same keysym in every
    /// column the server kept. It keeps only the columns of the key type it makes of the row
    /// (4 of the 7 an evdev keymap's rows have: two groups of two levels), and the others read
    /// back empty.
    private static func carries(_ current: [KeySym], _ written: [KeySym]) -> Bool {
        current.count == written.count && current.first == written.first
            && zip(current, written).allSatisfy { $0 == $1 || $0 == KeySym(NoSymbol) }
    }

    /// "cleared keycode 255 (EuroSign)", "cleared keycodes 254 (U1F600) and 255 (EuroSign)".
    static func describe(_ cleared: [(keycode: UInt8, keysym: String)]) -> String {
        let items = cleared.map { "\($0.keycode) (\($0.keysym))" }
        let list =
            items.count > 1 ? items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "") : items.joined()
        return (items.count > 1 ? "cleared keycodes " : "cleared keycode ") + list
    }
}
