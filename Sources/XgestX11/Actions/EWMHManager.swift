import CXgest

/// Whether an EWMH window manager is there to answer requests, as the root window shows it.
/// `_NET_SUPPORTED` alone does not tell: a window manager that exits without removing it (a
/// crash, SIGKILL, Fluxbox even on SIGTERM) leaves it on the root, and every request sent on
/// its word went to nobody and was reported done.
enum EWMHManager: Equatable {
    /// No `_NET_SUPPORTED` on the root window.
    case none
    /// `_NET_SUPPORTED` is there, but `_NET_SUPPORTING_WM_CHECK` names a window that is gone,
    /// or one that does not name itself back (another client's, its id reused): the window
    /// manager that set the list has exited.
    case gone
    /// A window manager that runs, the atoms it lists in `_NET_SUPPORTED`, and its check
    /// window (nil when it sets none).
    case running(supported: Set<Atom>, check: Window?)

    /// The atoms of a running window manager; empty otherwise.
    var supported: Set<Atom> {
        guard case .running(let supported, _) = self else { return [] }
        return supported
    }

    /// The check window of a running window manager, which carries its `_NET_WM_NAME`.
    var check: Window? {
        guard case .running(_, let check) = self else { return nil }
        return check
    }

    /// Why no EWMH request can be made, for a failure's reason; nil when one can.
    var whyNone: String? {
        switch self {
        case .none: "no EWMH window manager is running"
        case .gone: "no EWMH window manager is running (\(Self.goneDetail))"
        case .running: nil
        }
    }

    /// What ``gone`` adds to a reason.
    static let goneDetail = "the window manager that set _NET_SUPPORTED is gone"
}
