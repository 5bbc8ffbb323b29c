import CXgest
import XgestCore

/// Gives the keyboard to the window an `[[app]]` binding was chosen for, before its keys
/// are typed (``ActionInvocation/keysToTarget``). XTest keys go to the focused window; a
/// touchpad gesture over a window the user has not clicked, or a touch (which xgest keeps,
/// so it never reaches the window to focus it), would type into another application.
///
/// The window manager is asked to activate it (`_NET_ACTIVE_WINDOW`, so it raises it and
/// shows it active), and the focus is set at once (XSetInputFocus): the keys that follow
/// in the same batch of requests then reach it whatever the window manager's timing.
///
/// The focus is not enough while another client holds the keyboard grab (an open menu or
/// drop-down list): the keys would go to that client. The grab is checked first, and the
/// focus left alone then.
struct KeyboardFocus {
    let ewmh: EWMHClient
    let grabProbe: KeyboardGrabProbe

    /// The failure's reason when another client holds the keyboard grab, after "key …: ".
    static let grabbedReason =
        "another client holds the keyboard grab (an open menu, a drop-down list): the keys would go to it"

    /// Nil when `target`'s client window has the keyboard (given now or already); the
    /// failure otherwise. The desktop, or no window, needs nothing.
    func give(to target: HitTarget, for what: String, time: EventTime) -> ActionOutcome? {
        guard let info = target.window else { return nil }
        if grabProbe.anotherClientHoldsTheKeyboard() { return .failed(reason: "\(what): \(Self.grabbedReason)") }
        let display = ewmh.display
        let window = Window(info.id)
        if holdsFocus(window) { return nil }
        guard let attributes = ewmh.attributes(window) else { return .failed(reason: "\(what): window gone") }
        // A pop-up with no application window under it (the hit-test gives its owner when
        // it has one). Focusing it would leave the window manager with no active window,
        // and the keys must not go to whichever window has the focus instead.
        if attributes.override_redirect != 0 {
            return .failed(reason: "\(what): the gesture was on a pop-up (override-redirect) with no window under it")
        }
        if ewmh.supported().contains(display.atom("_NET_ACTIVE_WINDOW")) {
            ewmh.send(
                "_NET_ACTIVE_WINDOW", window: window,
                [EWMHClient.sourceIndication, EWMHClient.timestamp(time), 0])
        }
        // CurrentTime: a gesture's own time may be older than the last focus change, and
        // the server ignores a focus change older than that.
        let set = try? display.checked { XSetInputFocus(display.handle, window, RevertToParent, UInt(CurrentTime)) }
        guard set != nil, holdsFocus(window) else {
            return .failed(reason: "\(what): could not give the keyboard to the window the gesture was on")
        }
        return nil
    }

    /// Nil while `target`'s client window exists and is mapped; the failure otherwise. For
    /// the keys of a gesture after the one that gave the window the keyboard: once it is
    /// destroyed or unmapped the window manager gives the focus to another application,
    /// which would get them. One round trip: the daemon learns of a destroyed window only
    /// when it reads the event, which may still be queued when the key is sent.
    static func stillThere(_ target: HitTarget, for what: String, ewmh: EWMHClient) -> ActionOutcome? {
        guard let info = target.window else { return nil }
        guard let attributes = ewmh.attributes(Window(info.id)) else { return .failed(reason: "\(what): window gone") }
        if attributes.map_state == IsUnmapped { return .failed(reason: "\(what): window unmapped") }
        return nil
    }

    /// How many windows up from the focus ``holdsFocus(_:)`` looks for the client window.
    static let maximumFocusDepth = 8

    /// Whether the keyboard focus is on `window` or on a window inside it, where keys
    /// reach the same application: GTK 3 keeps the focus on a child of its top-level (a
    /// focus proxy) and moves it back there when the window manager hands it the focus,
    /// so an exact comparison failed for a focused GTK window, and at random after it was
    /// given (the window manager's answer racing the check). A round trip per level.
    private func holdsFocus(_ window: Window) -> Bool {
        var w = focused()
        let root = ewmh.display.root
        for _ in 0..<Self.maximumFocusDepth {
            if w == window { return true }
            // None, PointerRoot, the root: not inside any window.
            guard w > Window(PointerRoot), w != root, let up = parent(of: w) else { return false }
            w = up
        }
        return false
    }

    /// `w`'s parent, nil when it is gone.
    private func parent(of w: Window) -> Window? {
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(ewmh.display.handle, w, &rootReturn, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        return parent
    }

    /// The window with the keyboard focus (a round trip).
    private func focused() -> Window {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(ewmh.display.handle, &focus, &revert)
        return focus
    }
}
