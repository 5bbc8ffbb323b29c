import CXgest
import XgestCore

/// Which of X's modifier bits Mod1 to Mod5 each modifier xgest knows is on, as the keymap's
/// modifier map says (`xmodmap -pm`). The usual map has Alt on Mod1, Num Lock on Mod2 and
/// Super on Mod4, but Super moved to Mod3 (`xmodmap -e 'add mod3 = Super_L'`), Alt off
/// Mod1 or Num Lock elsewhere are real setups: with the bits fixed, a Super+button stroke
/// was not grabbed and a `modifiers = ["super"]` binding never matched while Super was held
/// (docs/x11-notes.md, "Modifier bits are the keymap's, not fixed").
struct ModifierMap: Equatable, Sendable {
    /// The bits with Alt_L or Alt_R on them (Meta_L or Meta_R when no bit has either).
    var alt: UInt32 = 0
    /// The bits with Super_L or Super_R, and not Alt, on them. Hyper on the same bit (as
    /// some stock keymaps have it on Mod4) is held as Super: X cannot tell them apart.
    var `super`: UInt32 = 0
    /// The bits with only Hyper_L or Hyper_R of the keys named here: said in the debug
    /// trace, held as their bit's name (`mod3`).
    var hyper: UInt32 = 0
    /// Bits of locks the user does not think of as modifiers, beside Lock: a grab is made
    /// for each combination of them, and held they are not modifiers.
    var numLock: UInt32 = 0
    var scrollLock: UInt32 = 0

    /// Mod1 to Mod5, in their rows' order in the modifier map (after Shift, Lock, Control).
    static let modBits: [UInt32] = [Mod1Mask, Mod2Mask, Mod3Mask, Mod4Mask, Mod5Mask].map { UInt32($0) }

    /// The map when it cannot be read: the usual layout.
    static let usual = ModifierMap(
        alt: UInt32(Mod1Mask), super: UInt32(Mod4Mask), numLock: UInt32(Mod2Mask))

    init(alt: UInt32 = 0, super: UInt32 = 0, hyper: UInt32 = 0, numLock: UInt32 = 0, scrollLock: UInt32 = 0) {
        self.alt = alt
        self.super = `super`
        self.hyper = hyper
        self.numLock = numLock
        self.scrollLock = scrollLock
    }

    /// The map from the keysyms of the keys on each of Mod1 to Mod5, in that order.
    init(keysymsOnModBits rows: [Set<KeySym>]) {
        var meta: UInt32 = 0
        for (bit, keysyms) in zip(Self.modBits, rows) {
            let has = { (names: [Int32]) in names.contains { keysyms.contains(KeySym($0)) } }
            if has([XK_Alt_L, XK_Alt_R]) {
                alt |= bit
            } else if has([XK_Super_L, XK_Super_R]) {
                self.super |= bit
            } else if has([XK_Hyper_L, XK_Hyper_R]) {
                hyper |= bit
            } else if has([XK_Num_Lock]) {
                numLock |= bit
            } else if has([XK_Scroll_Lock]) {
                scrollLock |= bit
            }
            if has([XK_Meta_L, XK_Meta_R]) { meta |= bit }
        }
        // Meta stands for Alt only where no key is Alt (some Sun and Emacs setups).
        if alt == 0 { alt = meta & ~(self.super | numLock | scrollLock) }
        hyper &= ~alt
    }

    /// Lock and the lock bits: held, they are no modifier.
    var lockBits: UInt32 { UInt32(LockMask) | numLock | scrollLock }

    /// The modifiers held in an X state (a key or button event's, XKB's).
    func modifiers(fromX state: UInt32) -> Modifiers {
        var m = Modifiers()
        if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { m.insert(.ctrl) }
        for (bit, unnamed) in zip(Self.modBits, Modifiers.unnamedBits) where state & bit != 0 {
            if alt & bit != 0 {
                m.insert(.alt)
            } else if self.super & bit != 0 {
                m.insert(.super)
            } else if lockBits & bit == 0 {
                m.insert(unnamed)
            }
        }
        return m
    }

    /// The X states a press made with exactly `m` held has, locks aside: one for each
    /// choice of bit of a modifier on several (Alt_L on Mod1, Alt_R on Mod3). None when a
    /// modifier of `m` is on no bit: it can never be held.
    func xMasks(_ m: Modifiers) -> [UInt32] {
        var masks: [UInt32] = [0]
        if m.contains(.shift) { masks = masks.map { $0 | UInt32(ShiftMask) } }
        if m.contains(.ctrl) { masks = masks.map { $0 | UInt32(ControlMask) } }
        var choices: [[UInt32]] = []
        if m.contains(.alt) { choices.append(Self.bits(of: alt)) }
        if m.contains(.super) { choices.append(Self.bits(of: self.super)) }
        for (bit, unnamed) in zip(Self.modBits, Modifiers.unnamedBits) where m.contains(unnamed) {
            choices.append([bit])
        }
        for bits in choices {
            masks = masks.flatMap { mask in bits.map { mask | $0 } }
        }
        return masks
    }

    /// Every combination of the lock bits: a grab is made for each, or Caps Lock or Num Lock
    /// on would make strokes stop working.
    var ignoredLockMasks: [UInt32] {
        Self.bits(of: lockBits).reduce([0]) { masks, bit in masks + masks.map { $0 | bit } }
    }

    /// The bits that stand for a modifier a binding can name or that `modifiers(fromX:)`
    /// names after its bit: what a replayed press is made with (``ReplayModifiers``).
    var heldBits: UInt32 { UInt32(ShiftMask | ControlMask) | (Self.modBits.reduce(0, |) & ~lockBits) }

    private static func bits(of mask: UInt32) -> [UInt32] { modBits.filter { mask & $0 != 0 } }
}
