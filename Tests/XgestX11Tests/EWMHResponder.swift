import CXgest
import XgestX11

/// A stand-in window manager for tests: it holds SubstructureRedirect on the root window
/// (so it alone receives the EWMH client messages sent there), publishes the root
/// properties a pager reads, and records every client message it receives.
///
/// Its check window (`_NET_SUPPORTING_WM_CHECK`, as a real window manager's) lives as long
/// as its connection: dropping the responder is a window manager that exits and leaves
/// its root properties behind.
///
/// Create the test windows before it: with SubstructureRedirect held, a later
/// XMapWindow becomes a MapRequest that nothing would grant.
final class EWMHResponder {
    struct Message: Hashable, CustomStringConvertible {
        var type: String
        var window: UInt
        var data: [Int]

        var description: String { "\(type) 0x\(String(window, radix: 16)) \(data)" }
    }

    let display: XDisplay
    /// The unmapped window that `_NET_SUPPORTING_WM_CHECK` names, on the root and on itself.
    let checkWindow: UInt

    init(
        serverDisplay: String,
        supported: [String] = EWMHResponder.fullSupport,
        desktops: Int = 4, currentDesktop: Int = 0
    ) throws {
        let display = try XDisplay(name: serverDisplay)
        self.display = display
        checkWindow = XCreateSimpleWindow(display.handle, display.root, -1, -1, 1, 1, 0, 0, 0)
        _ = try display.checked {
            XSelectInput(display.handle, display.root, Int(SubstructureRedirectMask | SubstructureNotifyMask))
        }
        setLongs(checkWindow, "_NET_SUPPORTING_WM_CHECK", type: Atom(XA_WINDOW), [Int(checkWindow)])
        setLongs(display.root, "_NET_SUPPORTING_WM_CHECK", type: Atom(XA_WINDOW), [Int(checkWindow)])
        setAtoms(display.root, "_NET_SUPPORTED", supported)
        setCardinal(display.root, "_NET_NUMBER_OF_DESKTOPS", desktops)
        setCardinal(display.root, "_NET_CURRENT_DESKTOP", currentDesktop)
        display.sync()
    }

    static let fullSupport = [
        "_NET_SUPPORTED", "_NET_WM_STATE", "_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ",
        "_NET_WM_STATE_FULLSCREEN", "_NET_CLOSE_WINDOW", "_NET_ACTIVE_WINDOW", "_NET_RESTACK_WINDOW",
        "_NET_NUMBER_OF_DESKTOPS", "_NET_CURRENT_DESKTOP", "_NET_SHOWING_DESKTOP",
    ]

    /// The client messages received since the last call. The sender syncs after sending,
    /// so the events are already in this connection's buffer; XSync's reply follows them.
    func messages() -> [Message] {
        display.sync()
        var result: [Message] = []
        while XPending(display.handle) > 0 {
            var event = XEvent()
            XNextEvent(display.handle, &event)
            guard event.type == ClientMessage else { continue }
            let c = event.xclient
            let name = XGetAtomName(display.handle, c.message_type).map { p in
                defer { XFree(p) }
                return String(cString: p)
            }
            result.append(
                Message(
                    type: name ?? "?", window: c.window,
                    data: [c.data.l.0, c.data.l.1, c.data.l.2, c.data.l.3, c.data.l.4]
                ))
        }
        return result
    }

    func atom(_ name: String) -> Int { Int(display.atom(name)) }

    func setCardinal(_ window: UInt, _ property: String, _ value: Int) {
        setLongs(window, property, type: Atom(XA_CARDINAL), [value])
    }

    func setAtoms(_ window: UInt, _ property: String, _ names: [String]) {
        setLongs(window, property, type: Atom(XA_ATOM), names.map { atom($0) })
        display.sync()
    }

    /// A property of any type and format, as a broken window manager or another client
    /// may set one: each value one item of `format` bits (Xlib takes them as chars,
    /// shorts or longs).
    func setRaw(_ window: UInt, _ property: String, type: String, format: Int32, _ values: [Int]) {
        func change(_ pointer: UnsafeRawBufferPointer) {
            _ = XChangeProperty(
                display.handle, window, display.atom(property), display.atom(type), format, PropModeReplace,
                pointer.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
        switch format {
        case 8: values.map { UInt8(truncatingIfNeeded: $0) }.withUnsafeBytes(change)
        case 16: values.map { UInt16(truncatingIfNeeded: $0) }.withUnsafeBytes(change)
        default: values.withUnsafeBytes(change)
        }
        display.sync()
    }

    func delete(_ window: UInt, _ property: String) {
        XDeleteProperty(display.handle, window, display.atom(property))
        display.sync()
    }

    private func setLongs(_ window: UInt, _ property: String, type: Atom, _ values: [Int]) {
        var values = values
        let count = Int32(values.count)
        values.withUnsafeMutableBytes { raw in
            _ = XChangeProperty(
                display.handle, window, display.atom(property), type, 32, PropModeReplace,
                raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count)
        }
        display.sync()
    }
}
