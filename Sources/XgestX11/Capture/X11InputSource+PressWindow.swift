import CXgest
import XgestCore

/// Held presses whose window goes before their replay. A press is replayed where it was
/// made: after its window was destroyed or unmapped, that is whatever is under it now
/// (the desktop, whose window manager opens its root menu; another application, which
/// gets a press it never had). The user's press went to the window that was there, its
/// release nowhere: such a press is not replayed (docs/strokes.md, "What a press that is
/// not the shape does").
extension X11InputSource {
    /// `window`, a child of the root, was destroyed or unmapped: the presses held or
    /// waiting for their replay that were made over it are not replayed.
    func heldPressWindowWent(_ window: Window, _ how: PressWindowGone) {
        for (device, held) in heldPresses where held.topLevel == window {
            heldPresses[device]?.windowGone = how.worse(than: held.windowGone)
        }
        for i in waitingReplays.indices where waitingReplays[i].topLevel == window {
            waitingReplays[i].windowGone = how.worse(than: waitingReplays[i].windowGone)
        }
    }

    /// `window` was mapped again (a window manager's desktop switched away and back): the
    /// presses made over it go to it again. A destroyed window never comes back.
    func heldPressWindowCameBack(_ window: Window) {
        for (device, held) in heldPresses where held.topLevel == window && held.windowGone == .unmapped {
            heldPresses[device]?.windowGone = nil
        }
        for i in waitingReplays.indices
        where waitingReplays[i].topLevel == window && waitingReplays[i].windowGone == .unmapped {
            waitingReplays[i].windowGone = nil
        }
    }
}
