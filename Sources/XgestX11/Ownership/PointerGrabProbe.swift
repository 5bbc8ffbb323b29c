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
    private let window: GrabProbeWindow

    init(display: XDisplay) {
        self.display = display
        window = GrabProbeWindow(display: display)
    }

    /// One round trip; never grabs anything (see the type's comment).
    func anotherClientGrabs(master: Int32) -> Bool {
        let dpy = display.handle
        let status = withEventMask(device: master, []) { mask in
            XIGrabDevice(
                dpy, master, window.id, UInt(CurrentTime), 0, Int32(GrabModeAsync), Int32(GrabModeAsync), False, &mask)
        }
        if status == GrabSuccess { XIUngrabDevice(dpy, master, UInt(CurrentTime)) }
        return status == AlreadyGrabbed
    }
}
