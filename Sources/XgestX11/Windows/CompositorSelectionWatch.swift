import CXgest

/// Who owns `_NET_WM_CM_S<screen>`, the compositing manager's selection, told by XFixes
/// as it changes: no request per gesture. A compositor that stops compositing may only
/// give the selection up and keep its window (xfwm4 owns it with its long-lived
/// `_NET_SUPPORTING_WM_CHECK` window, and switching compositing off in its settings
/// leaves that window up), so the window's destruction alone does not say it went.
struct CompositorSelectionWatch {
    let selection: Atom
    /// The event number of XFixes' SelectionNotify on this connection.
    private let eventType: Int32

    /// Selects the selection's changes on the root; nil when the server has no XFixes
    /// (then nothing says when the compositor goes but its window's destruction).
    init?(display: XDisplay) {
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        var major: Int32 = 1
        var minor: Int32 = 0
        // The version must be asked before any other XFixes request (its protocol says so).
        guard XFixesQueryExtension(display.handle, &eventBase, &errorBase) != 0,
            XFixesQueryVersion(display.handle, &major, &minor) != 0, major >= 1
        else { return nil }
        selection = display.atom("_NET_WM_CM_S\(XDefaultScreen(display.handle))")
        eventType = eventBase + Int32(XFixesSelectionNotify)
        XFixesSelectSelectionInput(
            display.handle, display.root, selection,
            UInt(
                XFixesSetSelectionOwnerNotifyMask | XFixesSelectionWindowDestroyNotifyMask
                    | XFixesSelectionClientCloseNotifyMask))
    }

    /// For an event saying the selection changed hands: its new owner, or `.some(nil)`
    /// when none has it now (given up, its window destroyed or its client gone); nil for
    /// any other event.
    func newOwner(_ event: inout XEvent) -> Window?? {
        guard event.type == eventType else { return nil }
        let e = withUnsafePointer(to: &event) {
            $0.withMemoryRebound(to: XFixesSelectionNotifyEvent.self, capacity: 1) { $0.pointee }
        }
        guard e.selection == selection else { return nil }
        // The server names the owner only for a SetSelectionOwner (None when given up).
        return .some(e.subtype == XFixesSetSelectionOwnerNotify && e.owner != 0 ? e.owner : nil)
    }
}
