import CXgest
import Glibc
import XgestXlib

/// An X client that reads window properties and waits for them to change, the way a
/// pager watches a window manager: it selects PropertyChangeMask on a window, checks the
/// current value, then re-checks after each PropertyNotify for that property. Nothing
/// sleeps; a wait ends when the condition holds or its deadline passes.
///
/// Checking after selecting, not before, is what makes this race-free: a change made
/// between the two is either already visible to the check or still to come as an event.
///
/// Waiting on a window manager: Openbox 3.6 moves the X events that arrive while it
/// handles one into a private queue, and looks at that queue again only when its X
/// connection next has something to read (`x_source_prepare` checks `XPending`, not the
/// private queue). A request sent at the wrong moment then waits for some unrelated
/// event. `nudgeEveryMilliseconds` supplies one: when nothing has changed for that long,
/// the watch changes a property of its own on the root window, which the window manager
/// (selecting PropertyChangeMask there) receives. Without the bug no nudge is ever sent.
public final class PropertyWatch: TestServerClient {
    private(set) var display: OpaquePointer?
    private var nudges = 0
    /// Windows PropertyChangeMask is selected on (by this connection).
    private var watched: Set<UInt> = []
    public let root: UInt

    /// Opens a connection to the test server; closed before the server stops.
    public convenience init(server: XorgServer) throws {
        guard server.isRunning else { throw TestServerError.serverNotRunning }
        try self.init(displayName: server.displayName)
        server.register(self)
    }

    init(displayName: String) throws {
        let display = try XlibSupport.openDisplay(displayName)
        self.display = display
        root = XDefaultRootWindow(display)
    }

    deinit { close() }

    /// Closes the connection. Idempotent.
    public func close() {
        if let d = display {
            XCloseDisplay(d)
            display = nil
        }
    }

    func serverWillStop() { close() }

    // MARK: reading

    /// The atoms of a format-32 ATOM property, by name, in order; empty when unset.
    public func atomNames(_ property: String, on window: UInt) -> [String] {
        guard let display else { return [] }
        return longs(property, on: window, type: Atom(XA_ATOM)).map { atom in
            guard let name = XGetAtomName(display, Atom(atom)) else { return "" }
            defer { XFree(name) }
            return String(cString: name)
        }
    }

    /// A CARDINAL property's first value, or nil when unset.
    public func cardinal(_ property: String, on window: UInt) -> Int? {
        longs(property, on: window, type: Atom(XA_CARDINAL)).first
    }

    /// A WINDOW property's first value, or nil when unset.
    public func windowID(_ property: String, on window: UInt) -> UInt? {
        longs(property, on: window, type: Atom(XA_WINDOW)).first.map { UInt(bitPattern: $0) }
    }

    /// A WINDOW property's values (`_NET_CLIENT_LIST_STACKING`: bottom to top); empty when unset.
    public func windowIDs(_ property: String, on window: UInt) -> [UInt] {
        longs(property, on: window, type: Atom(XA_WINDOW)).map { UInt(bitPattern: $0) }
    }

    /// A format-32 property as integers (Xlib hands them out as C longs). A window that
    /// does not exist reads as unset.
    func longs(_ property: String, on window: UInt, type expected: Atom) -> [Int] {
        guard let display else { return [] }
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, window, XlibSupport.atom(display, property), 0, 1024, 0, expected, &type, &format, &items,
            &after, &data)
        // A BadWindow is recorded by the error handler; it means "unset" here.
        XSync(display, 0)
        XErrorLog.clear(for: display)
        guard let data else { return [] }
        defer { XFree(data) }
        guard status == Success, format == 32, type == expected else { return [] }
        return UnsafeRawPointer(data).withMemoryRebound(to: Int.self, capacity: Int(items)) { p in
            (0..<Int(items)).map { p[$0] }
        }
    }

    // MARK: waiting

    /// Waits until `condition` holds: it is checked at once, then again after each change
    /// of one of `properties` on `window`. Throws ``TestServerError/eventTimedOut(what:milliseconds:)``
    /// naming `what` when `timeoutMilliseconds` pass first.
    public func wait(
        until what: String, properties: [String], on window: UInt, timeoutMilliseconds: Int = 5_000,
        nudgeEveryMilliseconds: Int? = nil, _ condition: () -> Bool
    ) throws {
        let deadline = Deadline(millisecondsFromNow: timeoutMilliseconds)
        switch try wait(
            properties: properties, on: window, until: deadline, alsoWatching: nil,
            nudgeEveryMilliseconds: nudgeEveryMilliseconds, condition)
        {
        case .satisfied: return
        case .timedOut, .otherReadable:
            throw TestServerError.eventTimedOut(what: what, milliseconds: timeoutMilliseconds)
        }
    }

    enum WaitResult {
        case satisfied
        case timedOut
        /// `alsoWatching` became readable (or hung up) first.
        case otherReadable
    }

    /// The wait above, which also returns when `alsoWatching` becomes readable (a child's
    /// pidfd: the process that should change the property died). `alsoAtNudge` runs at each
    /// nudge, after it.
    func wait(
        properties: [String], on window: UInt, until deadline: Deadline, alsoWatching other: Int32?,
        nudgeEveryMilliseconds: Int? = nil, alsoAtNudge: () -> Void = {}, _ condition: () -> Bool
    ) throws -> WaitResult {
        guard let display else { throw TestServerError.serverNotRunning }
        try select(window)
        let atoms = Set(properties.map { XlibSupport.atom(display, $0) })
        if condition() { return .satisfied }
        let fd = XConnectionNumber(display)
        while true {
            // Events already read into Xlib's queue (by a property read, say) would not wake poll().
            var changed = false
            while XEventsQueued(display, QueuedAfterReading) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if event.type == PropertyNotify, event.xproperty.window == window, atoms.contains(event.xproperty.atom)
                {
                    changed = true
                }
            }
            if changed {
                if condition() { return .satisfied }
                continue
            }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if let other { fds.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
            let nudge = nudgeEveryMilliseconds.map { Deadline(millisecondsFromNow: max($0, 1)) }
            let n = try waitForEvents(&fds, until: nudge.map { $0.earlier(than: deadline) } ?? deadline)
            if n == 0 {
                if deadline.hasPassed { return .timedOut }
                nudgeRootWindow()
                alsoAtNudge()
                continue
            }
            if fds.count > 1 && fds[1].revents != 0 { return .otherReadable }
        }
    }

    /// How many times a wait had to wake the window manager (see the type's notes).
    public var nudgeCount: Int { nudges }

    /// Changes `_XGEST_TEST_NUDGE` on the root window: a PropertyNotify for whoever
    /// selects PropertyChangeMask there, the window manager included.
    func nudgeRootWindow() {
        guard let display else { return }
        nudges += 1
        var value = [nudges]
        value.withUnsafeMutableBytes { raw in
            _ = XChangeProperty(
                display, root, XlibSupport.atom(display, "_XGEST_TEST_NUDGE"), Atom(XA_CARDINAL), 32,
                PropModeReplace, raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        XFlush(display)
    }

    func select(_ window: UInt) throws {
        guard let display, !watched.contains(window) else { return }
        XSelectInput(display, window, PropertyChangeMask)
        try XlibSupport.syncAndCheck(display, request: "XSelectInput(PropertyChangeMask)")
        watched.insert(window)
    }
}
