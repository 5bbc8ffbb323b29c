import CXgest
import XgestCore
import XgestXlib

/// Requests to the window manager as the EWMH and ICCCM specify them: client messages
/// sent to the root window with SubstructureRedirect|SubstructureNotify, which only the
/// window manager (the client that selected SubstructureRedirect on root) receives.
struct EWMHClient {
    let display: XDisplay

    /// `_NET_*` source indication 2: the request comes from a pager or similar tool acting
    /// for the user, which window managers honour without focus-stealing prevention.
    static let sourceIndication = 2

    /// `data` holds up to five longs; the rest are zero.
    func send(_ messageType: String, window: Window, _ data: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.serial = 0
        event.xclient.send_event = True
        event.xclient.display = display.handle
        event.xclient.window = window
        event.xclient.message_type = display.atom(messageType)
        event.xclient.format = 32
        let l = data + [Int](repeating: 0, count: max(0, 5 - data.count))
        event.xclient.data.l = (l[0], l[1], l[2], l[3], l[4])
        XSendEvent(
            display.handle, display.root, False, Int(SubstructureRedirectMask | SubstructureNotifyMask), &event)
    }

    /// The atoms the root window's `_NET_SUPPORTED` lists; empty when it is unset. A window
    /// manager that exited without removing it leaves it there: ``manager()`` tells.
    func supported() -> Set<Atom> {
        Set(longs(display.root, "_NET_SUPPORTED", type: Atom(XA_ATOM)).map { Atom($0) })
    }

    /// Whether the window manager that set `_NET_SUPPORTED` still runs, by its check window
    /// (``WindowManagerCheck``). Read for each action (two round trips more than the list
    /// alone): nothing to keep in step with the window manager's comings and goings. A
    /// window manager that sets no check window at all is taken at its word.
    func manager() -> EWMHManager {
        let supported = supported()
        guard !supported.isEmpty else { return .none }
        switch WindowManagerCheck.read(display) {
        case .unset: return .running(supported: supported, check: nil)
        case .live(let check): return .running(supported: supported, check: check)
        case .stale: return .gone
        }
    }

    /// The running window manager's name, its check window's `_NET_WM_NAME` (one round
    /// trip); nil when it sets none.
    func name(of manager: EWMHManager) -> String? {
        guard let check = manager.check else { return nil }
        return display.text(
            display.atom("_NET_WM_NAME"), of: check, type: display.atom("UTF8_STRING"),
            limitBytes: Self.managerNameLimitBytes)
    }

    /// More than any window manager's name.
    static let managerNameLimitBytes = 256

    /// A CARDINAL property of a window, or nil when it is unset.
    func cardinal(_ property: String, on window: Window) -> Int? {
        longs(window, property, type: Atom(XA_CARDINAL)).first
    }

    /// What is wrong with a property that should be one CARDINAL, for a message: nil when
    /// it is unset (or is a CARDINAL after all), else "is a STRING of format 8, not a 32-bit
    /// CARDINAL", or "is a CARDINAL with no number in it". One round trip more, so asked
    /// only once ``cardinal(_:on:)`` found none.
    func notACardinal(_ property: String, on window: Window) -> String? {
        guard let kind = display.propertyKind(display.atom(property), of: window) else { return nil }
        if kind.type == Atom(XA_CARDINAL) && kind.format == 32 {
            return cardinal(property, on: window) == nil ? "is a CARDINAL with no number in it" : nil
        }
        let type = display.atomName(kind.type) ?? "type \(kind.type)"
        let article = type.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
        return "is \(article) \(type) of format \(kind.format), not a 32-bit CARDINAL"
    }

    /// A format-32 property as integers, each one's 32 bits unsigned (a CARDINAL, an atom or
    /// a window id is): Xlib hands them out as C longs, sign-extended, so 2^31 and above came
    /// out negative. At most 1024 of them: more than any EWMH list xgest reads holds.
    func longs(_ window: Window, _ property: String, type expected: Atom) -> [Int] {
        let values = display.longs(display.atom(property), of: window, type: expected, limit: 1024) ?? []
        return values.map { Int(UInt32(truncatingIfNeeded: $0)) }
    }

    /// Whether a window manager owns the screen's ICCCM manager selection (`WM_S0`): one
    /// that is not EWMH (twm) may still answer ICCCM requests such as WM_CHANGE_STATE.
    func managerSelectionIsOwned() -> Bool {
        let selection = display.atom("WM_S\(XDefaultScreen(display.handle))")
        return XGetSelectionOwner(display.handle, selection) != Window(None)
    }

    /// The window's attributes, nil when it is gone (one round trip; a BadWindow is trapped).
    func attributes(_ window: Window) -> XWindowAttributes? {
        var attributes = XWindowAttributes()
        let result = try? display.checked { XGetWindowAttributes(display.handle, window, &attributes) }
        return (result ?? 0) != 0 ? attributes : nil
    }

    /// Whether the window still exists (one round trip; a BadWindow is trapped).
    func exists(_ window: Window) -> Bool { attributes(window) != nil }

    /// X's 32-bit millisecond `Time` of the gesture, for requests that carry a timestamp;
    /// CurrentTime (0) when the invocation has none.
    static func timestamp(_ time: EventTime) -> Int {
        Int(UInt32(truncatingIfNeeded: time.microseconds / 1000))
    }
}
