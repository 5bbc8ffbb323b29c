import CXgest
import XgestCore
import XgestXlib

/// The root window's children as the X server stacks them, kept up to date from the
/// SubstructureNotify events of the root window: which top-level is under a point, and
/// which are override-redirect windows covering the screen, are then answered with no
/// round trip. Read once with XQueryTree at start-up. Each one's input shape is read when a
/// hit-test or the lock check first needs it, and followed by its ShapeNotify events.
final class TopLevelWindows {
    struct Entry: Hashable {
        var id: Window
        /// The outer rectangle, border included, in root coordinates (what X hit-tests).
        var frame: Rect
        var overrideRedirect: Bool
        var mapped: Bool
        /// Whether the points of `frame` reach the window: false when its input shape is
        /// empty, as a compositing manager's overlay window's is (full-screen,
        /// override-redirect, mapped as long as the compositor runs) and a click-through
        /// overlay's. Nil until ``takesInput(_:)`` asks, and again after a ShapeNotify
        /// says its input shape changed: the ShapeNotify selection is made before any
        /// read, so nothing in between is missed, and a move or resize keeps the shape.
        var takesInput: Bool? = nil
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
    /// The type of SHAPE's ShapeNotify, nil when the server has no SHAPE: no input shapes
    /// to read then, every window takes input.
    private let shapeNotify: Int32?

    init(display: XDisplay) {
        self.display = display
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        let hasShape = XShapeQueryExtension(display.handle, &eventBase, &errorBase) != 0
        shapeNotify = hasShape ? eventBase + ShapeNotify : nil
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
            watchShape(children[i])
            ids.insert(children[i])
            stack.append(
                Entry(
                    id: children[i],
                    frame: Self.outer(x: a.x, y: a.y, width: a.width, height: a.height, border: a.border_width),
                    overrideRedirect: a.override_redirect != 0, mapped: a.map_state != IsUnmapped))
        }
        XErrorLog.clear(for: dpy)
    }

    /// The mapped top-levels whose rectangle holds `p` and that take input, topmost first:
    /// where X would look for the window under a point. An input shape with holes still
    /// takes the whole rectangle; an empty one takes nothing.
    func takingInput(at p: Point) -> [Entry] {
        stack.reversed().filter { $0.mapped && $0.frame.contains(p) && takesInput($0.id) }
    }

    /// Whether input reaches `w` at all (``Entry/takesInput``): a round trip the first
    /// time it is asked, and after each change of its input shape; none otherwise.
    func takesInput(_ w: Window) -> Bool {
        guard let i = index(w) else { return false }
        if let known = stack[i].takesInput { return known }
        let known = readTakesInput(w)
        stack[i].takesInput = known
        return known
    }

    private func readTakesInput(_ w: Window) -> Bool {
        guard shapeNotify != nil else { return true }
        let dpy = display.handle
        // -1: no reply (the window gone meanwhile), which counts as taking input.
        var count: Int32 = -1
        var ordering: Int32 = 0
        let rectangles = XShapeGetRectangles(dpy, w, ShapeInput, &count, &ordering)
        if let rectangles { XFree(rectangles) }
        XErrorLog.clear(for: dpy)
        return count != 0
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
            watchShape(e.window)
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
                watchShape(e.window)
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
            guard let shapeNotify, event.type == shapeNotify else { return .none }
            // The input shape is read again when next needed: a compositing manager empties
            // its overlay window's only after the server has mapped it.
            let e = withUnsafeBytes(of: &event) { $0.load(as: XShapeEvent.self) }
            guard e.kind == ShapeInput, let i = index(e.window) else { return .none }
            stack[i].takesInput = nil
            return .changed(window: e.window)
        }
    }

    /// Asks for the ShapeNotify events of `w` (no round trip), so that a change of its
    /// input shape is seen.
    private func watchShape(_ w: Window) {
        guard shapeNotify != nil else { return }
        XShapeSelectInput(display.handle, w, UInt(ShapeNotifyMask))
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
