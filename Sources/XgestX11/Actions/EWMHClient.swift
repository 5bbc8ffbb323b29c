import CXgest
import XgestCore

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

    /// The atoms the window manager lists in `_NET_SUPPORTED`; empty when none runs.
    func supported() -> Set<Atom> {
        Set(longs(display.root, "_NET_SUPPORTED", type: Atom(XA_ATOM)).map { Atom($0) })
    }

    /// A CARDINAL property of a window, or nil when it is unset.
    func cardinal(_ property: String, on window: Window) -> Int? {
        longs(window, property, type: Atom(XA_CARDINAL)).first
    }

    /// A format-32 property as integers (Xlib hands them out as C longs).
    func longs(_ window: Window, _ property: String, type expected: Atom) -> [Int] {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display.handle, window, display.atom(property), 0, 1024, False, expected, &type, &format, &items, &after,
            &data)
        guard let data else { return [] }
        defer { XFree(data) }
        guard status == Success, format == 32, type == expected else { return [] }
        return UnsafeRawPointer(data).withMemoryRebound(to: Int.self, capacity: Int(items)) { p in
            (0..<Int(items)).map { p[$0] }
        }
    }

    /// Whether the window still exists (one round trip; a BadWindow is trapped).
    func exists(_ window: Window) -> Bool {
        var attributes = XWindowAttributes()
        let result = try? display.checked { XGetWindowAttributes(display.handle, window, &attributes) }
        return (result ?? 0) != 0
    }

    /// X's 32-bit millisecond `Time` of the gesture, for requests that carry a timestamp;
    /// CurrentTime (0) when the invocation has none.
    static func timestamp(_ time: EventTime) -> Int {
        Int(UInt32(truncatingIfNeeded: time.microseconds / 1000))
    }
}
