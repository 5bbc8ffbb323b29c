import CXgest
import XgestXlib

/// The root's `_NET_SUPPORTING_WM_CHECK`, EWMH's way to tell a window manager that runs:
/// the window it names is the window manager's and carries the same property naming
/// itself. That window goes with the window manager's connection, whereas the root's
/// properties stay after a crash or a SIGKILL (and Fluxbox's plain exit).
enum WindowManagerCheck: Equatable {
    /// The root has no check window: no window manager, or one that sets none.
    case unset
    /// The root names a window that is gone, or one that does not name itself back
    /// (another client's, its id reused): the window manager that named it has exited.
    case stale
    /// The window manager's check window.
    case live(Window)

    /// Two round trips; the BadWindow of a check window that is gone is the answer, not a
    /// fault to report with a later request.
    static func read(_ display: XDisplay) -> WindowManagerCheck {
        let atom = display.atom("_NET_SUPPORTING_WM_CHECK")
        guard let named = display.longs(atom, of: display.root, type: Atom(XA_WINDOW), limit: 1)?.first, named != 0
        else { return .unset }
        defer { XErrorLog.clear(for: display.handle) }
        let itself = display.longs(atom, of: Window(named), type: Atom(XA_WINDOW), limit: 1)?.first
        return itself == named ? .live(Window(named)) : .stale
    }

    /// The check window of a window manager that runs.
    var window: Window? {
        guard case .live(let w) = self else { return nil }
        return w
    }
}
