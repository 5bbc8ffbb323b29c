import CXgest

/// The modifier keys a replayed press is made with. XTest's press carries the keyboard's
/// state at the replay, at the release: Ctrl held at the press and let go before the
/// button (or with it) arrived as a plain click. The modifiers held at the press and let
/// go since are pressed through XTest around the replayed press, and let go right after
/// it; one held then and still held needs nothing.
enum ReplayModifiers {
    /// The keys to hold around a press made with `atPress` and replayed with `now`: for
    /// each modifier bit of `held` missing, the first key the modifier map gives it. One
    /// round trip when one is missing, none otherwise. `held` is the bits of modifiers
    /// (``ModifierMap/heldBits``): locks (Caps Lock, Num Lock) are left as they are, since
    /// pressing their key would toggle them.
    static func keycodes(atPress: UInt32, now: UInt32, held: UInt32, display: XDisplay) -> [UInt8] {
        let bits = (0..<8).map { UInt32(1) << $0 }.filter { held & $0 != 0 }
        let missing = bits.filter { atPress & $0 != 0 && now & $0 == 0 }
        guard !missing.isEmpty, let rows = display.modifierMapRows() else { return [] }
        // The map's rows are the modifiers in their bits' order: Shift, Lock, Control, Mod1…
        return missing.compactMap { rows[$0.trailingZeroBitCount].first }
    }
}
