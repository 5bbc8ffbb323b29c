import CXgest

/// The window the grab probes ask on: input-only, 1×1 at (−1, −1), override-redirect and
/// never mapped, so a grab of it is refused as not viewable and grants nothing, while a
/// grab another client holds is reported first (``KeyboardGrabProbe``, ``PointerGrabProbe``).
final class GrabProbeWindow {
    let display: XDisplay
    let id: Window

    init(display: XDisplay) {
        self.display = display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        id = XCreateWindow(
            display.handle, display.root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWOverrideRedirect),
            &attributes)
    }

    deinit { XDestroyWindow(display.handle, id) }
}
