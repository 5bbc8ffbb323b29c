import CXgest
import XgestXlib

/// Which top-level windows are the window manager's own: its frames, bars and tab bars,
/// which are neither an application's pop-up nor a screen locker's cover. i3, Fluxbox and
/// IceWM make them override-redirect, as a menu or a locker makes its windows: i3's frames
/// and Fluxbox's with its toolbar cover the screen whenever the windows are tiled or one is
/// maximized, and taken for a locker's they paused every gesture at the first keyboard grab.
///
/// Either of two things makes a top-level the window manager's:
/// - its X client made it. The ids a client allocates share the bits outside the resource-id
///   mask of the connection setup (the same mask for every client of the server), and the
///   window `_NET_SUPPORTING_WM_CHECK` names is the window manager's (EWMH: it carries the
///   property too, naming itself). No round trip once that window is read.
/// - it holds an application's window (a descendant with WM_STATE): a frame, whoever made
///   it (a window manager that names no check window). A few round trips (``WindowLocator``).
final class WindowManagerWindows {
    let display: XDisplay
    let locator: WindowLocator
    private let checkAtom: Atom
    /// The bits of an id that name its client; nil when the mask Xlib holds is not one (a
    /// run of low bits), and no window is then known by its maker.
    private let clientBits: UInt?
    /// The window `_NET_SUPPORTING_WM_CHECK` names, confirmed by its own property.
    private(set) var checkWindow: Window?
    /// Changes of the root's `_NET_SUPPORTING_WM_CHECK`, or its window destroyed, since the
    /// property was last read: read once when next needed, however often it changed.
    private var changesUnread = 1
    /// The check window changed since ``takeChange()`` last said so.
    private var changeUntaken = false

    init(display: XDisplay, locator: WindowLocator) {
        self.display = display
        self.locator = locator
        checkAtom = display.atom("_NET_SUPPORTING_WM_CHECK")
        let mask = UInt(xgest_resource_id_mask(display.handle))
        clientBits = mask != 0 && mask & (mask &+ 1) == 0 ? ~mask : nil
    }

    /// A property of the root window changed: counts a change of the check property.
    func rootPropertyChanged(_ atom: Atom) {
        if atom == checkAtom { changesUnread += 1 }
    }

    /// A child of the root was destroyed: the window manager went when it was its check
    /// window. Its client's ids are then free for the next client to connect.
    func topLevelDestroyed(_ w: Window) {
        if w == checkWindow { changesUnread += 1 }
    }

    /// Whether the window manager's X client made `w`; no round trip unless the check
    /// property changed since it was last read.
    func made(_ w: Window) -> Bool {
        readIfChanged()
        guard let clientBits, let checkWindow else { return false }
        return w & clientBits == checkWindow & clientBits
    }

    /// Whether `w` holds an application's window (a descendant with WM_STATE, or is one):
    /// a few round trips.
    func holdsAClient(_ w: Window) -> Bool {
        let found = locator.managedClient(in: w, at: nil) != nil
        XErrorLog.clear(for: display.handle)
        return found
    }

    /// Whether the window manager changed (another one, or none) since this last said so,
    /// the check property read again if it changed: once a pass, for the cover to be judged
    /// again on its windows.
    func takeChange() -> Bool {
        readIfChanged()
        defer { changeUntaken = false }
        return changeUntaken
    }

    private func readIfChanged() {
        guard changesUnread > 0 else { return }
        changesUnread = 0
        let before = checkWindow
        checkWindow = WindowManagerCheck.read(display).window
        if checkWindow != before { changeUntaken = true }
    }
}
