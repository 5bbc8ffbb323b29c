import CXgest
import XgestCore

/// Gives an application the click xgest held back: a grabbed press that did not become a
/// stroke is replayed through XTest as a press and release at the place the user pressed,
/// then the pointer goes back. The button's passive grab is lifted meanwhile, or the
/// replayed press would be grabbed again.
struct ClickReplayer {
    let display: XDisplay
    let grabs: PointerGrabs

    func replay(button: Int, at p: Point, returnTo current: Point) {
        let dpy = display.handle
        grabs.ungrab(button: button)
        XTestFakeMotionEvent(dpy, -1, Int32(p.x.rounded()), Int32(p.y.rounded()), 0)
        XTestFakeButtonEvent(dpy, UInt32(button), True, 0)
        XTestFakeButtonEvent(dpy, UInt32(button), False, 0)
        if current != p { XTestFakeMotionEvent(dpy, -1, Int32(current.x.rounded()), Int32(current.y.rounded()), 0) }
        // The replay must be processed before the grab comes back.
        grabs.regrab(button: button)
    }
}
