import CXgest

/// Puts keysyms the keyboard lacks onto spare keycodes (XChangeKeyboardMapping) so a
/// combo can type them, and puts the original rows back afterwards.
///
/// Changing the mapping sends every client a MappingNotify; clients refetch the keymap
/// when they next translate a key. A client that reads the KeyPress only after the
/// restore translates it with the restored (empty) row, so restoring can be deferred
/// (``KeymapRestore/whenAsked``) until the daemon's timer fires.
struct TemporaryKeymap {
    /// Each temporarily bound keycode with the row it had before.
    private(set) var bindings: [(keycode: UInt8, keysym: KeySym, original: [KeySym])] = []
    /// How many keycodes have been bound since this object was made, restored ones included.
    private(set) var boundCount = 0

    var isEmpty: Bool { bindings.isEmpty }

    /// The keycode now bound to `keysym` by this object, if any.
    func keycode(for keysym: KeySym) -> UInt8? {
        bindings.first { $0.keysym == keysym }?.keycode
    }

    /// Forgets the bindings whose keycode no longer carries their keysym in `mapping`, read
    /// fresh: a keymap loaded since (setxkbmap, xmodmap) replaced them. Such a keycode is
    /// not used again (it types NoSymbol now, or a key of the new keymap) and its old row
    /// is not written back over the new keymap's.
    mutating func forgetReplaced(in mapping: KeyboardMapping) {
        bindings.removeAll { binding in
            let row = mapping.row(binding.keycode)
            return row.first != binding.keysym || row.contains { $0 != binding.keysym && $0 != KeySym(NoSymbol) }
        }
    }

    /// Binds `keysym` to a spare keycode that is not down and not in `avoiding`; returns
    /// nil when none is left. `mapping` is updated to match.
    mutating func bind(
        _ keysym: KeySym, mapping: inout KeyboardMapping, keysDown: Set<UInt8>, avoiding: Set<UInt8>, display: XDisplay
    ) -> UInt8? {
        guard let keycode = mapping.spareKeycodes(excluding: keysDown.union(avoiding)).first else { return nil }
        let original = Array(mapping.row(keycode))
        // The keysym in every column, so that every group and level types it: the server
        // makes a row of one letter a lowercase and uppercase pair (XConvertCase), and
        // `Adiaeresis` pressed without Shift typed `adiaeresis`, a Shift held in the combo
        // the other case.
        var row = [KeySym](repeating: keysym, count: mapping.keysymsPerKeycode)
        bindings.append((keycode, keysym, original))
        // Listed before the server has it: a run killed with the row mapped leaves it to the next.
        HeldInputFile.recordMapped(mappedRows)
        XChangeKeyboardMapping(display.handle, Int32(keycode), Int32(row.count), &row, 1)
        mapping.replaceRow(keycode, with: row)
        boundCount += 1
        return keycode
    }

    /// The rows mapped now, as ``HeldInputFile`` lists them: the keysym in every column (as
    /// many as the row had when it was mapped).
    var mappedRows: [HeldInputFile.MappedRow] {
        bindings.map {
            HeldInputFile.MappedRow(keycode: $0.keycode, keysyms: Array(repeating: $0.keysym, count: $0.original.count))
        }
    }

    /// Queues the original rows of the keycodes that still carry their keysym (one round
    /// trip to read the keymap); the caller syncs.
    mutating func restore(display: XDisplay) {
        if let mapping = KeyboardMapping(display: display) { forgetReplaced(in: mapping) }
        for binding in bindings.reversed() {
            var row = binding.original
            XChangeKeyboardMapping(display.handle, Int32(binding.keycode), Int32(row.count), &row, 1)
        }
        bindings.removeAll()
    }
}

/// When keysyms a combo had to map onto spare keycodes are unmapped again.
public enum KeymapRestore: Hashable, Sendable {
    /// At the end of the combo, in the same batch of requests. Clients that lag behind
    /// may translate the key with the restored, empty row.
    case afterCombo
    /// When the caller asks (``X11ActionExecutor/restoreKeymap()``), e.g. from a timer a
    /// fraction of a second later; the next combo reuses the bindings meanwhile.
    case whenAsked
}
