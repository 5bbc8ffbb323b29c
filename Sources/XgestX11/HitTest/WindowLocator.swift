import CXgest
import XgestCore
import XgestXlib

/// Finds the top-level application window under a root point, the way a window manager
/// would name it: the client window (the one with WM_STATE) inside the frame under the
/// point, with its WM_CLASS, title, pid and geometry.
///
/// Windows come and go while xgest asks about them; a window that vanishes mid-query is
/// "no window" (the desktop), never a crash. The cost is a handful of round trips, so
/// callers hit-test once per sequence start, not per update.
public struct WindowLocator {
    let display: XDisplay
    private let wmState: Atom
    private let netWMName: Atom
    private let utf8String: Atom
    private let netWMPid: Atom
    private let windowType: Atom
    private let desktopType: Atom

    /// How deep below a frame to look for the client window (reparenting WMs nest 1 to 3 levels).
    static let maximumFrameDepth = 4

    /// How many windows of a frame the search for its client reads at most when the client
    /// is not under the point (the point is on a title bar or a border). A frame holds a
    /// few dozen decoration windows at most; past this it is an application's own tree,
    /// where no client is to be found. Two round trips per window.
    static let maximumFrameWindows = 64

    public init(display: XDisplay) {
        self.display = display
        wmState = display.atom("WM_STATE")
        netWMName = display.atom("_NET_WM_NAME")
        utf8String = display.atom("UTF8_STRING")
        netWMPid = display.atom("_NET_WM_PID")
        windowType = display.atom("_NET_WM_WINDOW_TYPE")
        desktopType = display.atom("_NET_WM_WINDOW_TYPE_DESKTOP")
    }

    public func hitTest(_ p: Point) -> HitTarget {
        let dpy = display.handle
        XErrorLog.clear(for: dpy)
        var child: Window = 0
        var wx: Int32 = 0
        var wy: Int32 = 0
        let root = display.root
        guard
            XTranslateCoordinates(
                dpy, root, root, Int32(p.x.rounded(.down)), Int32(p.y.rounded(.down)), &wx, &wy, &child) != 0,
            child != 0, child != root
        else { return .desktop }
        guard let client = clientWindow(in: child, at: p), let target = target(ofClient: client) else {
            return .desktop
        }
        return target
    }

    /// What a gesture on client window `w` is on: the desktop when `w` draws it
    /// (`_NET_WM_WINDOW_TYPE_DESKTOP`: xfdesktop, pcmanfm --desktop, caja), else the
    /// window; nil when it is gone. A panel (DOCK) is a window like any other.
    func target(ofClient w: Window) -> HitTarget? {
        if cardinals(w, windowType, type: Atom(XA_ATOM)).contains(UInt64(desktopType)) { return .desktop }
        return windowInfo(w).map { .window($0) }
    }

    /// The client window inside `topLevel`: itself or a descendant with WM_STATE; with no
    /// window manager (no WM_STATE anywhere), the top-level itself unless it is InputOnly
    /// (never seen). A window manager would manage it, class or not, and then it would be
    /// a window whose `title =` sections match: the same with none.
    ///
    /// The search costs a bounded number of round trips however many windows the
    /// top-level holds (a kiosk application's top-level can hold thousands, none with
    /// WM_STATE, and the daemon's input waits on the search): first the windows under `p`
    /// one level at a time (one XTranslateCoordinates each), where the client of a frame
    /// is unless `p` is on its decorations; then, only while a window manager runs (only
    /// then is the top-level a frame), at most ``maximumFrameWindows`` of its windows.
    func clientWindow(in topLevel: Window, at p: Point?) -> Window? {
        managedClient(in: topLevel, at: p) ?? bareClient(topLevel)
    }

    /// `topLevel` as its own client, holding none with WM_STATE: itself unless InputOnly.
    func bareClient(_ topLevel: Window) -> Window? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display.handle, topLevel, &attributes) != 0, attributes.`class` != InputOnly
        else { return nil }
        return topLevel
    }

    /// The window with WM_STATE in `topLevel` (itself, the one under `p`, else the topmost
    /// of its frame), as ``clientWindow(in:at:)`` looks for it; nil when it holds none.
    func managedClient(in topLevel: Window, at p: Point?) -> Window? {
        if hasProperty(topLevel, wmState) { return topLevel }
        if let p, let w = clientOnPath(below: topLevel, at: p) { return w }
        guard windowManagerRuns() else { return nil }
        var budget = Self.maximumFrameWindows
        return searchFrame(topLevel, depth: 0, budget: &budget)
    }

    /// The window with WM_STATE among those holding `p` below `topLevel`, to
    /// ``maximumFrameDepth`` levels down.
    private func clientOnPath(below topLevel: Window, at p: Point) -> Window? {
        var w = topLevel
        for _ in 0..<Self.maximumFrameDepth {
            guard let child = child(of: w, at: p) else { return nil }
            if hasProperty(child, wmState) { return child }
            w = child
        }
        return nil
    }

    /// The mapped child of `w` that takes the root point `p`, as the server finds it (its
    /// input shape included): one round trip.
    private func child(of w: Window, at p: Point) -> Window? {
        var child: Window = 0
        var wx: Int32 = 0
        var wy: Int32 = 0
        guard
            XTranslateCoordinates(
                display.handle, display.root, w, Int32(p.x.rounded(.down)), Int32(p.y.rounded(.down)), &wx, &wy,
                &child) != 0, child != 0
        else { return nil }
        return child
    }

    /// Whether a window manager runs: the one client that may select SubstructureRedirect
    /// on the root, which the root's `all_event_masks` (every client's selections) shows.
    private func windowManagerRuns() -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display.handle, display.root, &attributes) != 0 else { return false }
        return attributes.all_event_masks & Int(SubstructureRedirectMask) != 0
    }

    /// The topmost window with WM_STATE below `w`, reading at most `budget` windows.
    private func searchFrame(_ w: Window, depth: Int, budget: inout Int) -> Window? {
        guard depth < WindowLocator.maximumFrameDepth else { return nil }
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display.handle, w, &rootReturn, &parent, &children, &count) != 0 else { return nil }
        defer { if let children { XFree(children) } }
        guard let children else { return nil }
        // Topmost first: the last child is on top.
        for i in stride(from: Int(count) - 1, through: 0, by: -1) {
            guard budget > 0 else { return nil }
            budget -= 1
            if hasProperty(children[i], wmState) { return children[i] }
            if let found = searchFrame(children[i], depth: depth + 1, budget: &budget) { return found }
        }
        return nil
    }

    /// The window `popup`'s WM_TRANSIENT_FOR names (not the root); nil when it names none.
    /// One round trip.
    func transientFor(_ popup: Window) -> Window? {
        let dpy = display.handle
        defer { XErrorLog.clear(for: dpy) }
        var owner: Window = 0
        guard XGetTransientForHint(dpy, popup, &owner) != 0, owner != 0, owner != display.root else { return nil }
        return owner
    }

    /// `owner` when it is mapped (viewable) and not itself override-redirect: a window a
    /// pop-up can belong to. One round trip.
    func viewableOwner(_ owner: Window) -> Window? {
        let dpy = display.handle
        defer { XErrorLog.clear(for: dpy) }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(dpy, owner, &attributes) != 0, attributes.map_state == IsViewable,
            attributes.override_redirect == 0
        else { return nil }
        return owner
    }

    /// The top-level (child of the root) holding `w`, itself if it is one; nil when `w` is
    /// gone or deeper than a frame nests. A round trip per level.
    func topLevel(of w: Window) -> Window? {
        var current = w
        for _ in 0...Self.maximumFrameDepth {
            var rootReturn: Window = 0
            var parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display.handle, current, &rootReturn, &parent, &children, &count) != 0 else {
                XErrorLog.clear(for: display.handle)
                return nil
            }
            if let children { XFree(children) }
            if parent == display.root { return current }
            current = parent
        }
        return nil
    }

    private func hasProperty(_ w: Window, _ atom: Atom) -> Bool { display.hasProperty(atom, on: w) }

    /// Everything xgest wants to know about a client window, or nil when it is gone.
    public func windowInfo(_ w: Window) -> WindowInfo? {
        let dpy = display.handle
        XErrorLog.clear(for: dpy)
        // Errors of requests sent before (a touch verdict naming a master removed since,
        // read during the first round trip here) are not this window's.
        let first = UInt(XNextRequest(dpy))
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(dpy, w, &attributes) != 0 else {
            XErrorLog.clear(for: dpy)
            return nil
        }
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        guard XTranslateCoordinates(dpy, w, display.root, 0, 0, &x, &y, &child) != 0 else {
            XErrorLog.clear(for: dpy)
            return nil
        }
        var instance = ""
        var className = ""
        var hint = XClassHint()
        if XGetClassHint(dpy, w, &hint) != 0 {
            if let n = hint.res_name {
                instance = WindowText.latin1(n)
                XFree(n)
            }
            if let c = hint.res_class {
                className = WindowText.latin1(c)
                XFree(c)
            }
        }
        let title = utf8Property(w, netWMName) ?? legacyName(w) ?? ""
        let pid = cardinals(w, netWMPid, type: Atom(XA_CARDINAL)).first.map { Int32(truncatingIfNeeded: $0) }
        // Any request above may have failed because the window was destroyed meanwhile.
        if let error = display.takeError(in: first..<UInt(XNextRequest(dpy))), error.isGoneResource {
            XErrorLog.clear(for: dpy)
            return nil
        }
        XErrorLog.clear(for: dpy)
        return WindowInfo(
            id: UInt64(w), instance: instance, className: className, title: title, pid: pid,
            frame: Rect(x: Double(x), y: Double(y), width: Double(attributes.width), height: Double(attributes.height)))
    }

    /// Titles longer than 4 KiB are cut: enough to match on.
    private func utf8Property(_ w: Window, _ atom: Atom) -> String? {
        display.text(atom, of: w, type: utf8String, limitBytes: 4096)
    }

    /// WM_NAME, whose type says its encoding (``WindowText``); cut as `_NET_WM_NAME` is.
    private func legacyName(_ w: Window) -> String? {
        guard let (type, bytes, cut) = display.bytes(Atom(XA_WM_NAME), of: w, limitBytes: 4096) else { return nil }
        return WindowText(display: display).decode(bytes, type: type, cut: cut)
    }

    /// A 32-bit-format property as integers (Xlib hands them out as C longs).
    /// At most 4096: a client list of that many windows is already beyond any desktop.
    func cardinals(_ w: Window, _ atom: Atom, type expected: Atom) -> [UInt64] {
        (display.longs(atom, of: w, type: expected, limit: 4096) ?? []).map { UInt64($0) }
    }

    /// The application windows, bottom to top: `_NET_CLIENT_LIST_STACKING` when a
    /// window manager keeps it, else the mapped top-levels with a client in them.
    public func stackedClients() -> [WindowInfo] {
        let stacking = cardinals(display.root, display.atom("_NET_CLIENT_LIST_STACKING"), type: Atom(XA_WINDOW))
        if !stacking.isEmpty { return stacking.compactMap { windowInfo(Window($0)) } }
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display.handle, display.root, &rootReturn, &parent, &children, &count) != 0, let children
        else {
            return []
        }
        defer { XFree(children) }
        var result: [WindowInfo] = []
        for i in 0..<Int(count) {
            var attributes = XWindowAttributes()
            guard XGetWindowAttributes(display.handle, children[i], &attributes) != 0,
                attributes.map_state == IsViewable,
                let client = clientWindow(in: children[i], at: nil), let info = windowInfo(client)
            else { continue }
            result.append(info)
        }
        XErrorLog.clear(for: display.handle)
        return result
    }
}
