import CXgest
import XgestCore

/// X modifier bits to xgest's names, with the usual layout: Mod1 is Alt, Mod4 is Super.
func modifiers(fromX state: UInt32) -> Modifiers {
    var m = Modifiers()
    if state & UInt32(ShiftMask) != 0 { m.insert(.shift) }
    if state & UInt32(ControlMask) != 0 { m.insert(.ctrl) }
    if state & UInt32(Mod1Mask) != 0 { m.insert(.alt) }
    if state & UInt32(Mod4Mask) != 0 { m.insert(.super) }
    return m
}
