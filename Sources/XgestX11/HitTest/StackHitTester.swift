import CXgest
import XgestCore
import XgestXlib

/// Finds the window under a point with no round trip on the way: the top-level from the
/// window stack xgest keeps (``TopLevelWindows``), its client's description from a cache
/// per top-level. A flood of new touch sequences then costs nothing but memory lookups,
/// where asking the server each time (a dozen round trips per sequence) made the daemon
/// fall behind, and Xlib queue, and keep, every event that came meanwhile.
///
/// A top-level's entry is read with ``WindowLocator`` the first time a gesture starts on
/// it, and forgotten when the window is mapped, unmapped, moved, resized, restacked or
/// destroyed, or when a property of its client that a hit-test reports (class, title, pid,
/// WM_STATE, window type) changes: xgest selects PropertyChangeMask on each client it describes.
/// Also when the client itself goes (destroyed, unmapped, reparented), which xgest follows
/// through the client's StructureNotify: a window manager may keep the frame mapped a while
/// after its application quit, and the frame alone is no application's.
///
/// Input shapes are followed only as far as an empty one: a top-level with a hole in its
/// input region still takes the points of its rectangle, one with no input region none
/// (a compositing manager's overlay window, above every other).
final class StackHitTester {
    private struct Described {
        var client: Window?
        var target: HitTarget
        /// The client has WM_STATE: an application's window, in its frame or bare.
        var managed = false
    }

    /// Top-level windows described at most: a bound on memory however many windows come
    /// and go; past it the whole cache starts afresh.
    static let maximumEntries = 1024

    /// The class i3 gives its frames and tab bars.
    static let i3TabBarClass = "i3-frame"

    let locator: WindowLocator
    let topLevels: TopLevelWindows
    let windowManager: WindowManagerWindows
    private var described: [Window: Described] = [:]
    private var owners = TransientOwners()
    /// Client window → its top-level, to find the entry a PropertyNotify concerns.
    private var topLevelOfClient: [Window: Window] = [:]
    private let watchedProperties: Set<Atom>

    init(locator: WindowLocator, topLevels: TopLevelWindows, windowManager: WindowManagerWindows) {
        self.locator = locator
        self.topLevels = topLevels
        self.windowManager = windowManager
        let d = locator.display
        watchedProperties = Set(
            ["WM_CLASS", "WM_NAME", "_NET_WM_NAME", "_NET_WM_PID", "WM_STATE", "_NET_WM_WINDOW_TYPE"].map { d.atom($0) }
        )
    }

    /// The window (or desktop) under `p`.
    ///
    /// An override-redirect top-level (a tooltip, pop-up or menu; GTK gives them its
    /// application's WM_CLASS) is not the target: no window manager manages it, and
    /// focusing it takes the active window away from the application. Its owner is: the
    /// window its WM_TRANSIENT_FOR names, else the first managed top-level below it at `p`.
    /// Only with neither (override-redirect windows over the bare root) is the topmost one
    /// the target. Each pop-up's WM_TRANSIENT_FOR is read once (``TransientOwners``), and
    /// the owner it names is described as a top-level's client is: a touch over pop-ups
    /// read before costs no round trip.
    ///
    /// The window manager's own windows are no pop-ups, though i3 makes every one
    /// override-redirect (``WindowManagerWindows``): a frame is its application's window,
    /// and one holding no application is ``windowManagersWindow(_:at:)``'s.
    func hitTest(_ p: Point) -> HitTarget {
        let point = Point(x: p.x.rounded(.down), y: p.y.rounded(.down))
        var popup: Window?
        for top in topLevels.takingInput(at: point) {
            guard top.overrideRedirect else { return description(of: top.id, at: point).target }
            if windowManager.made(top.id) { return windowManagersWindow(top, at: point) }
            if let owner = transientOwner(of: top.id), let target = target(ofOwner: owner, at: point) {
                return target
            }
            // A frame holding an application's window, by a window manager that names none.
            let d = description(of: top.id, at: point)
            if d.managed { return d.target }
            if popup == nil { popup = top.id }
        }
        guard let popup else { return .desktop }
        return description(of: popup, at: point).target
    }

    /// Over a window the window manager made: the application's window in it (a frame, its
    /// title bar included); else, on a tab bar (i3's tabbed and stacked containers: a window
    /// of class `i3-frame` along the top of the container's windows, the shown one topmost),
    /// the window the container shows, the topmost top-level that starts at the bar's bottom
    /// edge and spans its width; else the desktop (a toolbar, a panel, an empty container),
    /// never the window manager's window itself, which no `[[app]]` means and no window
    /// operation acts on. The tab bar is known by i3's class: a panel along the top of the
    /// screen (awesome's wibar, Fluxbox's toolbar) has a maximized window just below it and
    /// as wide, and was taken for a tab bar of that window. Not cached: which window a tab
    /// bar shows changes with no event about the bar.
    private func windowManagersWindow(_ top: TopLevelStack.Entry, at p: Point) -> HitTarget {
        let d = description(of: top.id, at: p)
        if d.managed { return d.target }
        guard case .window(let w) = d.target, w.className == Self.i3TabBarClass else { return .desktop }
        let bar = top.frame
        guard
            let shown = topLevels.stack.topDown.first(where: {
                $0.mapped && $0.frame.y == bar.y + bar.height && $0.frame.x == bar.x && $0.frame.width == bar.width
            })
        else { return .desktop }
        let container = description(of: shown.id, at: p)
        return container.managed ? container.target : .desktop
    }

    /// The window `popup`'s WM_TRANSIENT_FOR names, read the first time and after each
    /// change of it.
    private func transientOwner(of popup: Window) -> Window? {
        if let known = owners.known(popup) { return known }
        // Watched before it is read: a change in between is then both read and reported.
        // The same selection as ``describe(_:at:)``'s for a top-level.
        XSelectInput(locator.display.handle, popup, Int(PropertyChangeMask))
        let owner = locator.transientFor(popup)
        owners.remember(owner, of: popup)
        return owner
    }

    /// What a gesture over a pop-up that `owner` owns is on, nil when `owner` is unmapped
    /// or override-redirect. From the description of `owner`'s top-level when `owner` is its
    /// client (the description is forgotten when the client or its top-level is unmapped),
    /// which is made the first time; else read anew (a few round trips).
    private func target(ofOwner owner: Window, at p: Point) -> HitTarget? {
        if let top = topLevelOfClient[owner] ?? locator.topLevel(of: owner),
            let entry = topLevels.entry(top), entry.mapped, owner != top || !entry.overrideRedirect
        {
            let d = description(of: top, at: p)
            if d.client == owner { return d.target }
        }
        guard let owner = locator.viewableOwner(owner) else { return nil }
        return locator.target(ofClient: owner)
    }

    private func description(of top: Window, at p: Point) -> Described {
        described[top] ?? describe(top, at: p)
    }

    /// A top-level changed (stack, geometry, mapping): its description is read again next time.
    func topLevelChanged(_ w: Window) {
        // Destroyed, or no longer a child of the root: its id may go to another window.
        if topLevels.entry(w) == nil { owners.forget(w) }
        guard let old = described.removeValue(forKey: w) else { return }
        if let client = old.client { topLevelOfClient[client] = nil }
    }

    /// A client window described was destroyed, unmapped or reparented: its top-level's
    /// description is read again next time.
    func clientLeft(_ client: Window) {
        if let top = topLevelOfClient[client] { topLevelChanged(top) }
    }

    /// A property of some window changed: forgets the description it is part of.
    func propertyChanged(window: Window, atom: Atom) {
        if atom == Atom(XA_WM_TRANSIENT_FOR) { owners.forget(window) }
        guard watchedProperties.contains(atom) else { return }
        if let top = topLevelOfClient[window] {
            topLevelChanged(top)
        } else if described[window] != nil {
            // A top-level with no client yet (WM_STATE set later, with no window manager).
            topLevelChanged(window)
        }
    }

    private func describe(_ top: Window, at p: Point) -> Described {
        if described.count >= Self.maximumEntries {
            described.removeAll(keepingCapacity: true)
            topLevelOfClient.removeAll(keepingCapacity: true)
        }
        let dpy = locator.display.handle
        // Watched before it is read: a change in between is then both read and reported.
        XSelectInput(dpy, top, Int(PropertyChangeMask))
        let managed = locator.managedClient(in: top, at: p)
        guard let client = managed ?? locator.bareClient(top) else {
            XErrorLog.clear(for: dpy)
            let none = Described(client: nil, target: .desktop)
            described[top] = none
            return none
        }
        if client != top { XSelectInput(dpy, client, Int(PropertyChangeMask | StructureNotifyMask)) }
        guard let target = locator.target(ofClient: client) else {
            XErrorLog.clear(for: dpy)
            return Described(client: nil, target: .desktop)
        }
        let d = Described(client: client, target: target, managed: managed != nil)
        described[top] = d
        topLevelOfClient[client] = top
        return d
    }
}
