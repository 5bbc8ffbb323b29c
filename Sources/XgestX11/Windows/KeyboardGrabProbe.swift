import CXgest

/// Whether another client holds the keyboard grab, asked with no side effect: a keyboard
/// grab is requested on an input-only window that is never mapped, which the server
/// answers with AlreadyGrabbed when another client holds the keyboard and with
/// GrabNotViewable (granting nothing) when none does; the server checks for an existing
/// grab first (`GrabDevice` in dix/events.c).
///
/// Every screen locker holds the grab, and so does every open menu or drop-down list: the
/// keys XTest types then go to the grabbing client, whichever window has the focus.
public final class KeyboardGrabProbe {
    let display: XDisplay
    private let window: GrabProbeWindow

    public init(display: XDisplay) {
        self.display = display
        window = GrabProbeWindow(display: display)
    }

    /// One round trip; never grabs anything (see the type's comment).
    func anotherClientHoldsTheKeyboard() -> Bool {
        let dpy = display.handle
        let status = XGrabKeyboard(dpy, window.id, False, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        if status == GrabSuccess { XUngrabKeyboard(dpy, UInt(CurrentTime)) }
        return status == AlreadyGrabbed
    }
}
