import XgestCore

/// The modifier map followed while the capture runs: a keymap change (xmodmap, setxkbmap)
/// may move Super or Alt to another bit, and the stroke grabs and the held modifiers must
/// follow it, or a Super+button stroke goes on being grabbed on the bit Super left.
extension X11InputSource {
    /// The map now, as the debug trace says it at the start.
    public var modifierMapSummary: String { pointerGrabs.modifierMap.summary }

    /// Reads the modifier map again after a keymap change (two round trips); when it moved
    /// a modifier, the grabs are made again and the modifiers held are read anew from the
    /// last state, at `time`.
    func modifierMapMayHaveChanged(time: EventTime, _ handle: (CapturedEvent) -> Void) {
        let map = display.modifierMap()
        guard map != pointerGrabs.modifierMap else { return }
        pointerGrabs.setModifierMap(map)
        handle(.modifierMapChanged(summary: map.summary))
        noteModifiers(modifierState, time: time, handle)
    }
}
