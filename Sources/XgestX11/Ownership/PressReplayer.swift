import CXgest
import XgestCore

/// Gives an application the press xgest held back: a grabbed press that did not become a
/// stroke is replayed through XTest as the user made it: pressed where they pressed, moved
/// along their path, released where they released (a click stays a click, a drag arrives
/// as a drag), then the pointer goes back. The button's passive grab is lifted meanwhile,
/// or the replayed press would be grabbed again.
struct PressReplayer {
    /// Motion events replayed between the press and the release, at most: enough for an
    /// application to follow a drag's shape (a selection, a menu item passed over), few
    /// enough that a long drag is replayed in well under a millisecond.
    static let maximumMotionEvents = 64

    let display: XDisplay
    let grabs: PointerGrabs

    /// `path` runs from the press to the release (one point for a press released where it
    /// was made); nothing is sent for an empty path.
    func replay(button: Int, path: [Point], returnTo current: Point) {
        guard let first = path.first, let last = path.last else { return }
        let dpy = display.handle
        // The button the application had: XTest's goes through the pointer's map.
        let sent = display.xtestButton(forLogical: button)
        grabs.ungrab(button: button)
        move(to: first)
        XTestFakeButtonEvent(dpy, sent, True, 0)
        let inner = path.count - 2
        if inner > 0 {
            let stride = max(1, (inner + PressReplayer.maximumMotionEvents - 1) / PressReplayer.maximumMotionEvents)
            for k in Swift.stride(from: 1, to: path.count - 1, by: stride) { move(to: path[k]) }
        }
        if path.count > 1 { move(to: last) }
        XTestFakeButtonEvent(dpy, sent, False, 0)
        if current != last { move(to: current) }
        // The replay must be processed before the grab comes back.
        grabs.regrab(button: button)
    }

    private func move(to p: Point) {
        XTestFakeMotionEvent(display.handle, -1, Int32(p.x.rounded()), Int32(p.y.rounded()), 0)
    }
}
