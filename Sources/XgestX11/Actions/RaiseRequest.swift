/// How `window raise` asks the window manager to put a window on top.
///
/// `_NET_RESTACK_WINDOW` with no sibling and detail Above is EWMH's request for a pager
/// raising a window without focusing it (Openbox and IceWM honour it). A window manager
/// that lacks it is asked to activate the window, which raises it and gives it the focus
/// (xfwm4, i3, awesome). Fluxbox (1.3.5) lists it but acts on it only with a sibling, and
/// then puts the window just below that sibling whatever the detail; it raises on a
/// ConfigureRequest only the focused window: activation is the one request that raises
/// another there, and the restack was ignored while the action said done.
enum RaiseRequest: Equatable {
    case restack
    case activate

    /// Window managers, by their check window's `_NET_WM_NAME`, that list
    /// `_NET_RESTACK_WINDOW` and ignore it without a sibling.
    static let restackNeedsSibling: Set<String> = ["Fluxbox"]

    static func choose(restackListed: Bool, managerName: String?) -> RaiseRequest {
        guard restackListed else { return .activate }
        return managerName.map { restackNeedsSibling.contains($0) } == true ? .activate : .restack
    }
}
