import CXgest

/// Whether another client holds a grab of a master pointer, asked with no side effect: an
/// XI 2 grab of the device is requested on an input-only window that is never mapped,
/// which the server answers with AlreadyGrabbed when another client's grab (of any kind,
/// a window manager's core button grab, an application's implicit grab) is active and with
/// GrabNotViewable (granting nothing) when none is; the server checks for an active grab
/// first, and xgest's own grabs, XI 2 ones, do not count (`GrabDevice` in dix/events.c), as
/// ``KeyboardGrabProbe`` asks for the keyboard.
final class PointerGrabProbe {
    let display: XDisplay
    /// The grab window: 1×1 at (−1, −1), override-redirect, never mapped.
    private let window: Window

    init(display: XDisplay) {
        self.display = display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        window = XCreateWindow(
            display.handle, display.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWOverrideRedirect),
            &attributes)
    }

    deinit { XDestroyWindow(display.handle, window) }

    /// One round trip; never grabs anything (see the type's comment).
    func anotherClientGrabs(master: Int32) -> Bool {
        let dpy = display.handle
        let status = withEventMask(device: master, []) { mask in
            XIGrabDevice(
                dpy, master, window, UInt(CurrentTime), 0, Int32(GrabModeAsync), Int32(GrabModeAsync), False, &mask)
        }
        if status == GrabSuccess { XIUngrabDevice(dpy, master, UInt(CurrentTime)) }
        return status == AlreadyGrabbed
    }
}
