import CXgest
import XgestCore
import XgestXlib

/// The root window's children as the X server stacks them, kept up to date from the
/// SubstructureNotify events of the root window: which top-level is under a point, and
/// which are override-redirect windows covering the screen, are then answered with no
/// round trip. Read once with XQueryTree at start-up. Each one's input shape is read when a
/// hit-test or the lock check first needs it, and followed by its ShapeNotify events.
final class TopLevelWindows {
    typealias Entry = TopLevelStack.Entry

    /// What an event changed.
    enum Change {
        /// Not an event about a top-level window.
        case none
        /// The stack, a window's geometry or its mapping changed; `window` is the one concerned.
        case changed(window: Window)
    }

    let display: XDisplay
    private(set) var stack = TopLevelStack()
    /// xgest's own windows (the feedback overlay): never a gesture's target, never taken
    /// for a screen locker, though they cover the screen. They keep their place in the
    /// stack all the same (``TopLevelStack/ownIDs``), and no event about one is a change.
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
        stack = TopLevelStack()
        guard XQueryTree(dpy, display.root, &rootReturn, &parent, &children, &count) != 0, let children else {
            return
        }
        defer { XFree(children) }
        XErrorLog.clear(for: dpy)
        for i in 0..<Int(count) {
            var a = XWindowAttributes()
            guard XGetWindowAttributes(dpy, children[i], &a) != 0 else { continue }
            watchShape(children[i])
            stack.push(
                Entry(
                    id: children[i],
                    frame: Self.outer(x: a.x, y: a.y, width: a.width, height: a.height, border: a.border_width),
                    overrideRedirect: a.override_redirect != 0, mapped: a.map_state != IsUnmapped))
        }
        XErrorLog.clear(for: dpy)
    }

    /// The mapped top-levels whose rectangle holds `p` and that take input, topmost first:
    /// where X would look for the window under a point. An input shape with holes still
    /// takes the whole rectangle; an empty one takes nothing. Lazy: a window's input shape
    /// is read only when the caller gets that far down, so a hit-test that stops at the
    /// first managed window reads none of the windows below it (with 900 windows under a
    /// point, the first touch there read 900 shapes).
    func takingInput(at p: Point) -> some Sequence<Entry> {
        stack.topDown.lazy.filter { $0.mapped && $0.frame.contains(p) && self.takesInput($0.id) }
    }

    /// Whether input reaches `w` at all (``Entry/takesInput``): a round trip the first
    /// time it is asked, and after each change of its input shape; none otherwise.
    func takesInput(_ w: Window) -> Bool {
        guard let entry = stack.entry(w) else { return false }
        if let known = entry.takesInput { return known }
        let known = readTakesInput(w)
        stack.update(w) { $0.takesInput = known }
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

    func entry(_ w: Window) -> Entry? { stack.entry(w) }

    /// Applies one event of the root window's SubstructureNotify selection.
    func apply(_ event: inout XEvent) -> Change {
        let root = display.root
        switch event.type {
        case CreateNotify:
            let e = event.xcreatewindow
            guard e.parent == root else { return .none }
            guard !ignored.contains(e.window) else {
                stack.pushOwn(e.window)
                return .none
            }
            watchShape(e.window)
            stack.push(
                Entry(
                    id: e.window,
                    frame: Self.outer(x: e.x, y: e.y, width: e.width, height: e.height, border: e.border_width),
                    overrideRedirect: e.override_redirect != 0, mapped: false))
            return .changed(window: e.window)
        case DestroyNotify:
            let e = event.xdestroywindow
            guard e.event == root else { return .none }
            stack.remove(e.window)
            return ignored.remove(e.window) != nil ? .none : .changed(window: e.window)
        case MapNotify:
            let e = event.xmap
            guard e.event == root,
                stack.update(
                    e.window,
                    {
                        $0.mapped = true
                        $0.overrideRedirect = e.override_redirect != 0
                    })
            else { return .none }
            return .changed(window: e.window)
        case UnmapNotify:
            let e = event.xunmap
            guard e.event == root, stack.update(e.window, { $0.mapped = false }) else { return .none }
            return .changed(window: e.window)
        case ConfigureNotify:
            let e = event.xconfigure
            guard e.event == root, e.window != root, stack.contains(e.window) else { return .none }
            stack.update(e.window) {
                $0.frame = Self.outer(x: e.x, y: e.y, width: e.width, height: e.height, border: e.border_width)
                $0.overrideRedirect = e.override_redirect != 0
            }
            // `above` is the sibling it now sits directly on top of; None puts it at the bottom.
            stack.restack(e.window, above: e.above == 0 ? nil : e.above)
            return ignored.contains(e.window) ? .none : .changed(window: e.window)
        case GravityNotify:
            let e = event.xgravity
            guard e.event == root,
                stack.update(
                    e.window,
                    {
                        $0.frame.x = Double(e.x)
                        $0.frame.y = Double(e.y)
                    })
            else { return .none }
            return .changed(window: e.window)
        case CirculateNotify:
            let e = event.xcirculate
            guard e.event == root, stack.contains(e.window) else { return .none }
            stack.circulate(e.window, toTop: e.place == PlaceOnTop)
            return ignored.contains(e.window) ? .none : .changed(window: e.window)
        case ReparentNotify:
            let e = event.xreparent
            guard e.event == root else { return .none }
            if ignored.contains(e.window) {
                if e.parent == root { stack.pushOwn(e.window) } else { stack.remove(e.window) }
                return .none
            }
            if e.parent == root {
                // Back on the root (a window manager letting a client go): on top, its size read once.
                stack.remove(e.window)
                var a = XWindowAttributes()
                guard XGetWindowAttributes(display.handle, e.window, &a) != 0 else {
                    XErrorLog.clear(for: display.handle)
                    return .changed(window: e.window)
                }
                watchShape(e.window)
                stack.push(
                    Entry(
                        id: e.window,
                        frame: Self.outer(x: e.x, y: e.y, width: a.width, height: a.height, border: a.border_width),
                        overrideRedirect: e.override_redirect != 0, mapped: a.map_state != IsUnmapped))
            } else {
                stack.remove(e.window)
            }
            return .changed(window: e.window)
        default:
            guard let shapeNotify, event.type == shapeNotify else { return .none }
            // The input shape is read again when next needed: a compositing manager empties
            // its overlay window's only after the server has mapped it.
            let e = withUnsafeBytes(of: &event) { $0.load(as: XShapeEvent.self) }
            guard e.kind == ShapeInput, stack.update(e.window, { $0.takesInput = nil }) else { return .none }
            return .changed(window: e.window)
        }
    }

    /// Asks for the ShapeNotify events of `w` (no round trip), so that a change of its
    /// input shape is seen.
    private func watchShape(_ w: Window) {
        guard shapeNotify != nil else { return }
        XShapeSelectInput(display.handle, w, UInt(ShapeNotifyMask))
    }

    static func outer(x: Int32, y: Int32, width: Int32, height: Int32, border: Int32) -> Rect {
        Rect(
            x: Double(x), y: Double(y), width: Double(width) + 2 * Double(border),
            height: Double(height) + 2 * Double(border))
    }
}
