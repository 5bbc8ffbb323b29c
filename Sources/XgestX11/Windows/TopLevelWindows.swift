import CXgest
import XgestCore
import XgestXlib

/// The root window's children as the X server stacks them, kept up to date from the
/// SubstructureNotify events of the root window: which top-level is under a point, and
/// which are override-redirect windows covering the screen, are then answered with no
/// round trip. Read once with XQueryTree at start-up.
final class TopLevelWindows {
    struct Entry: Hashable {
        var id: Window
        /// The outer rectangle, border included, in root coordinates (what X hit-tests).
        var frame: Rect
        var overrideRedirect: Bool
        var mapped: Bool
    }

    /// What an event changed.
    enum Change {
        /// Not an event about a top-level window.
        case none
        /// The stack, a window's geometry or its mapping changed; `window` is the one concerned.
        case changed(window: Window)
    }

    let display: XDisplay
    /// Bottom to top, like XQueryTree.
    private(set) var stack: [Entry] = []
    /// The ids in `stack`: an event about a window that is not there (most CreateNotify's
    /// look-up, children of other windows) costs no scan of the stack.
    private var ids: Set<Window> = []
    /// xgest's own windows (the feedback overlay): never a gesture's target, never taken
    /// for a screen locker, though they cover the screen.
    var ignored: Set<Window> = []

    init(display: XDisplay) {
        self.display = display
        reload()
    }

    /// Reads the whole stack (a round trip per window): at start-up only.
    func reload() {
        let dpy = display.handle
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        stack = []
        ids = []
        guard XQueryTree(dpy, display.root, &rootReturn, &parent, &children, &count) != 0, let children else {
            return
        }
        defer { XFree(children) }
        XErrorLog.clear(for: dpy)
        for i in 0..<Int(count) {
            var a = XWindowAttributes()
            guard XGetWindowAttributes(dpy, children[i], &a) != 0 else { continue }
            ids.insert(children[i])
            stack.append(
                Entry(
                    id: children[i],
                    frame: Self.outer(x: a.x, y: a.y, width: a.width, height: a.height, border: a.border_width),
                    overrideRedirect: a.override_redirect != 0, mapped: a.map_state != IsUnmapped))
        }
        XErrorLog.clear(for: dpy)
    }

    /// The topmost mapped top-level whose rectangle holds `p`, as XTranslateCoordinates
    /// would find it (input shapes aside).
    func topmost(at p: Point) -> Entry? {
        stack.last { $0.mapped && $0.frame.contains(p) }
    }

    func entry(_ w: Window) -> Entry? { index(w).map { stack[$0] } }

    /// Applies one event of the root window's SubstructureNotify selection.
    func apply(_ event: inout XEvent) -> Change {
        let root = display.root
        switch event.type {
        case CreateNotify:
            let e = event.xcreatewindow
            guard e.parent == root, !ignored.contains(e.window) else { return .none }
            remove(e.window)
            ids.insert(e.window)
            stack.append(
                Entry(
                    id: e.window,
                    frame: Self.outer(x: e.x, y: e.y, width: e.width, height: e.height, border: e.border_width),
                    overrideRedirect: e.override_redirect != 0, mapped: false))
            return .changed(window: e.window)
        case DestroyNotify:
            let e = event.xdestroywindow
            guard e.event == root else { return .none }
            if ignored.remove(e.window) != nil { return .none }
            remove(e.window)
            return .changed(window: e.window)
        case MapNotify:
            let e = event.xmap
            guard e.event == root, let i = index(e.window) else { return .none }
            stack[i].mapped = true
            stack[i].overrideRedirect = e.override_redirect != 0
            return .changed(window: e.window)
        case UnmapNotify:
            let e = event.xunmap
            guard e.event == root, let i = index(e.window) else { return .none }
            stack[i].mapped = false
            return .changed(window: e.window)
        case ConfigureNotify:
            let e = event.xconfigure
            guard e.event == root, e.window != root, let i = index(e.window) else { return .none }
            var entry = stack.remove(at: i)
            entry.frame = Self.outer(x: e.x, y: e.y, width: e.width, height: e.height, border: e.border_width)
            entry.overrideRedirect = e.override_redirect != 0
            // `above` is the sibling it now sits directly on top of; None puts it at the bottom.
            let at = e.above == 0 ? 0 : index(e.above).map { $0 + 1 } ?? stack.count
            stack.insert(entry, at: at)
            return .changed(window: e.window)
        case GravityNotify:
            let e = event.xgravity
            guard e.event == root, let i = index(e.window) else { return .none }
            stack[i].frame.x = Double(e.x)
            stack[i].frame.y = Double(e.y)
            return .changed(window: e.window)
        case CirculateNotify:
            let e = event.xcirculate
            guard e.event == root, let i = index(e.window) else { return .none }
            let entry = stack.remove(at: i)
            if e.place == PlaceOnTop { stack.append(entry) } else { stack.insert(entry, at: 0) }
            return .changed(window: e.window)
        case ReparentNotify:
            let e = event.xreparent
            guard e.event == root else { return .none }
            if e.parent == root {
                // Back on the root (a window manager letting a client go): on top, its size read once.
                remove(e.window)
                var a = XWindowAttributes()
                guard XGetWindowAttributes(display.handle, e.window, &a) != 0 else {
                    XErrorLog.clear(for: display.handle)
                    return .changed(window: e.window)
                }
                ids.insert(e.window)
                stack.append(
                    Entry(
                        id: e.window,
                        frame: Self.outer(x: e.x, y: e.y, width: a.width, height: a.height, border: a.border_width),
                        overrideRedirect: e.override_redirect != 0, mapped: a.map_state != IsUnmapped))
            } else {
                remove(e.window)
            }
            return .changed(window: e.window)
        default:
            return .none
        }
    }

    /// From the top: events mostly concern windows just made or raised.
    private func index(_ w: Window) -> Int? {
        guard ids.contains(w) else { return nil }
        return stack.lastIndex { $0.id == w }
    }

    private func remove(_ w: Window) {
        guard let i = index(w) else { return }
        stack.remove(at: i)
        ids.remove(w)
    }

    static func outer(x: Int32, y: Int32, width: Int32, height: Int32, border: Int32) -> Rect {
        Rect(
            x: Double(x), y: Double(y), width: Double(width) + 2 * Double(border),
            height: Double(height) + 2 * Double(border))
    }
}
