import CXgest
import Glibc
import XgestCore
import XgestXlib

/// A top-level window owned by an in-process X client with its own connection, standing
/// in for an application: it has the properties a hit-test reads, and records the touch,
/// touchpad gesture, key, button and motion events it receives.
///
/// Optionally it is framed the way a reparenting window manager does it: a frame window
/// (child of root) holds the client window, and the client carries WM_STATE.
public final class TestWindow: TestServerClient {
    public struct Options: Sendable {
        /// The client window's area in root coordinates.
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        /// WM_CLASS (instance, class); nil leaves WM_CLASS unset.
        public var instanceName: String? = "xgest-test"
        public var className: String? = "XgestTest"
        /// Both WM_NAME and _NET_WM_NAME; nil leaves them unset.
        public var title: String? = "xgest test window"
        /// _NET_WM_PID; nil leaves it unset.
        public var processID: Int32? = getpid()
        /// Puts the client in a frame window with WM_STATE on the client.
        public var framed = false
        /// Unframed windows only: mapped with no window manager's say, as menus and screen lockers are.
        public var overrideRedirect = false
        /// With `framed`, the frame extends this many pixels above the client area.
        public var titleBarHeight = 0
        /// _NET_WM_DESKTOP = 0xFFFFFFFF before mapping: a window manager shows the window on
        /// every desktop, so that switching desktops does not take it off the screen.
        public var onAllDesktops = false
        /// Touch and gesture events selected for `XIAllDevices`, as on-screen keyboards
        /// (onboard) do, instead of the master devices: the slave devices' events come too.
        public var selectsAllDevices = false
        /// Also selects XI 2 ButtonPress, ButtonRelease and Motion for this device id (a slave),
        /// touches staying selected for the master devices only: what Qt 5 does with
        /// QT_XCB_NO_XI2_MOUSE for each device it takes for a scrolling one, touchscreens among
        /// them. The server then gives that client the device's own emulated pointer events.
        public var pointerEventsOfDevice: Int? = nil
        /// Bound for MapNotify after mapping, in milliseconds.
        public var mapTimeoutMilliseconds = 5_000

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public let options: Options
    /// The client window (the one with WM_CLASS and the event selections).
    public let window: UInt
    /// The frame window when framed, else nil.
    public let frame: UInt?
    /// The top-level window: the frame when framed, else the client window.
    public var topLevel: UInt { frame ?? window }

    let server: XorgServer
    private(set) var display: OpaquePointer?
    private let xiOpcode: Int32
    private var destroyed = false

    /// Creates, maps and waits for the window to be mapped.
    public convenience init(
        server: XorgServer, x: Int, y: Int, width: Int, height: Int, instanceName: String? = "xgest-test",
        className: String? = "XgestTest", title: String? = "xgest test window", framed: Bool = false
    ) throws {
        var options = Options(x: x, y: y, width: width, height: height)
        options.instanceName = instanceName
        options.className = className
        options.title = title
        options.framed = framed
        try self.init(server: server, options: options)
    }

    public init(server: XorgServer, options: Options) throws {
        guard server.isRunning else { throw TestServerError.serverNotRunning }
        let display = try XlibSupport.openDisplay(server.displayName)
        var opcode: Int32 = 0
        var firstEvent: Int32 = 0
        var firstError: Int32 = 0
        var major: Int32 = 2
        var minor: Int32 = 4
        guard XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0,
            XIQueryVersion(display, &major, &minor) == Success
        else {
            XCloseDisplay(display)
            throw TestServerError.xError(request: "XIQueryVersion(2.4)", errorCode: 0)
        }
        let root = XDefaultRootWindow(display)
        let titleBar = options.framed ? max(options.titleBarHeight, 0) : 0
        var frame: UInt?
        var client: UInt = 0
        do {
            if options.framed {
                let f = XCreateSimpleWindow(
                    display, root, Int32(options.x), Int32(options.y - titleBar), UInt32(options.width),
                    UInt32(options.height + titleBar), 0, 0, 0)
                XSelectInput(display, f, StructureNotifyMask)
                client = XCreateSimpleWindow(
                    display, f, 0, Int32(titleBar), UInt32(options.width), UInt32(options.height), 0, 0, 0)
                frame = f
            } else {
                client = XCreateSimpleWindow(
                    display, root, Int32(options.x), Int32(options.y), UInt32(options.width),
                    UInt32(options.height), 0, 0, 0)
            }
            if options.overrideRedirect && !options.framed {
                var attributes = XSetWindowAttributes()
                attributes.override_redirect = 1
                XChangeWindowAttributes(display, client, UInt(CWOverrideRedirect), &attributes)
            }
            try XlibSupport.syncAndCheck(display, request: "XCreateSimpleWindow")
            Self.setProperties(display, client, options)
            if frame != nil {
                // WM_STATE = {NormalState, icon None}: what a hit-test looks for below a frame.
                let wmState = XlibSupport.atom(display, "WM_STATE")
                Self.setLongs(display, client, wmState, type: wmState, [1, 0])
            }
            Self.selectEvents(display, client, allDevices: options.selectsAllDevices)
            if let device = options.pointerEventsOfDevice { Self.selectPointerEvents(display, client, device: device) }
            XMapWindow(display, client)
            if let f = frame { XMapWindow(display, f) }
            try XlibSupport.syncAndCheck(display, request: "XMapWindow")
            try Self.waitForMap(
                display, window: frame ?? client, timeoutMilliseconds: options.mapTimeoutMilliseconds)
        } catch {
            XCloseDisplay(display)
            throw error
        }
        self.options = options
        self.server = server
        self.display = display
        self.xiOpcode = opcode
        self.window = client
        self.frame = frame
        server.register(self)
    }

    deinit { close() }

    /// Every event received since the last call, in order.
    ///
    /// Why this needs no sleep: a feeder's `sync()` returns once Xorg has processed the
    /// input, which includes delivering the resulting events to each client's output
    /// buffer. XSync then makes a round trip on this connection; X replies in order on a
    /// connection, so the reply comes after those events and Xlib has queued them all by
    /// the time XSync returns.
    public func receivedEvents() throws -> [TestWindowEvent] {
        guard let display else { throw TestServerError.serverNotRunning }
        XSync(display, 0)
        XErrorLog.clear(for: display)
        var events: [TestWindowEvent] = []
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            if let converted = convert(&event, display) { events.append(converted) }
        }
        return events
    }

    /// Gives this window the keyboard focus (there is no window manager to do it).
    public func focus() throws {
        guard let display else { throw TestServerError.serverNotRunning }
        XSetInputFocus(display, window, RevertToParent, 0)
        try XlibSupport.syncAndCheck(display, request: "XSetInputFocus")
    }

    /// Grabs the keyboard on this window, as a screen locker does; held until `close()`.
    public func grabKeyboard() throws {
        guard let display else { throw TestServerError.serverNotRunning }
        let status = XGrabKeyboard(display, window, 0, GrabModeAsync, GrabModeAsync, 0)
        guard status == GrabSuccess else {
            throw TestServerError.xError(request: "XGrabKeyboard", errorCode: UInt8(clamping: status))
        }
        try XlibSupport.syncAndCheck(display, request: "XGrabKeyboard")
    }

    /// Grabs the pointer on this window, as an open menu does (GTK's, or any
    /// XGrabPointer): an active grab, which owns a touch that emulates the pointer before
    /// any passive touch grab. Every button and motion event comes here, reported relative
    /// to this window; held until `close()`.
    public func grabPointer() throws {
        guard let display else { throw TestServerError.serverNotRunning }
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        let status = XGrabPointer(display, window, 0, mask, GrabModeAsync, GrabModeAsync, 0, 0, 0)
        guard status == GrabSuccess else {
            throw TestServerError.xError(request: "XGrabPointer", errorCode: UInt8(clamping: status))
        }
        try XlibSupport.syncAndCheck(display, request: "XGrabPointer")
    }

    /// Sets WM_NAME and _NET_WM_NAME, as an application retitling its window.
    public func setTitle(_ title: String) throws {
        guard let display else { throw TestServerError.serverNotRunning }
        Self.setTitle(display, window, title)
        try XlibSupport.syncAndCheck(display, request: "XChangeProperty(WM_NAME)")
    }

    /// Moves the top-level so that the client's area starts at (x, y) with no frame, as an
    /// application or `xdotool windowmove` does.
    public func move(x: Int, y: Int) throws {
        guard let display else { throw TestServerError.serverNotRunning }
        XMoveWindow(display, topLevel, Int32(x), Int32(y))
        try XlibSupport.syncAndCheck(display, request: "XMoveWindow")
    }

    /// Destroys the window (and its frame), as an application quitting; the connection
    /// stays open so that `receivedEvents()` still works.
    public func destroy() throws {
        guard let display else { throw TestServerError.serverNotRunning }
        if destroyed { return }
        destroyed = true
        XDestroyWindow(display, topLevel)
        try XlibSupport.syncAndCheck(display, request: "XDestroyWindow")
    }

    /// Unmaps the top-level, as an application hiding its window (to a tray, say).
    public func unmap() throws {
        guard let display else { throw TestServerError.serverNotRunning }
        XUnmapWindow(display, topLevel)
        try XlibSupport.syncAndCheck(display, request: "XUnmapWindow")
    }

    /// Destroys the client window alone, its frame left mapped and empty: a window manager
    /// that has not caught up yet with an application that quit.
    public func destroyClientOnly() throws {
        guard let display else { throw TestServerError.serverNotRunning }
        XDestroyWindow(display, window)
        try XlibSupport.syncAndCheck(display, request: "XDestroyWindow(client)")
    }

    /// Closes the connection; the server destroys the windows. Idempotent.
    public func close() {
        if let d = display {
            XCloseDisplay(d)
            display = nil
        }
    }

    func serverWillStop() { close() }

    // MARK: helpers

    private static func selectEvents(_ display: OpaquePointer, _ window: UInt, allDevices: Bool) {
        // Core input and structure events. Touches the window selects are not also
        // delivered to it as emulated button events; only the core MotionNotify that moves
        // the pointer to where an emulating touch begins still arrives.
        let coreMask =
            KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
            | StructureNotifyMask
        XSelectInput(display, window, coreMask)
        // XI 2.2 touches (Begin, Update and End must be selected together) and XI 2.4
        // touchpad gestures, in one mask: a second mask for the same device would replace it.
        var bits = [UInt8](repeating: 0, count: Int(xgest_mask_len(XI_LASTEVENT)))
        let types = [
            XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_GesturePinchBegin, XI_GesturePinchUpdate,
            XI_GesturePinchEnd, XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd,
        ]
        for type in types { xgest_set_mask(&bits, type) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(
                deviceid: allDevices ? XIAllDevices : XIAllMasterDevices, mask_len: Int32(buffer.count),
                mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    /// A mask for another device id than the touch mask's, so that it adds to it.
    private static func selectPointerEvents(_ display: OpaquePointer, _ window: UInt, device: Int) {
        var bits = [UInt8](repeating: 0, count: Int(xgest_mask_len(XI_LASTEVENT)))
        for type in [XI_ButtonPress, XI_ButtonRelease, XI_Motion] { xgest_set_mask(&bits, type) }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: Int32(device), mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
    }

    private static func setProperties(_ display: OpaquePointer, _ window: UInt, _ options: Options) {
        if options.instanceName != nil || options.className != nil {
            let value = Array((options.instanceName ?? "").utf8) + [0] + Array((options.className ?? "").utf8) + [0]
            setBytes(
                display, window, XlibSupport.atom(display, "WM_CLASS"), type: XlibSupport.atom(display, "STRING"), value
            )
        }
        if let title = options.title { setTitle(display, window, title) }
        if options.onAllDesktops {
            setLongs(
                display, window, XlibSupport.atom(display, "_NET_WM_DESKTOP"),
                type: XlibSupport.atom(display, "CARDINAL"), [0xFFFF_FFFF])
        }
        if let pid = options.processID {
            setLongs(
                display, window, XlibSupport.atom(display, "_NET_WM_PID"), type: XlibSupport.atom(display, "CARDINAL"),
                [Int(pid)])
        }
    }

    /// WM_NAME as STRING when the title is ASCII (else UTF8_STRING, as many toolkits do),
    /// and _NET_WM_NAME as UTF8_STRING.
    private static func setTitle(_ display: OpaquePointer, _ window: UInt, _ title: String) {
        let utf8String = XlibSupport.atom(display, "UTF8_STRING")
        let bytes = Array(title.utf8)
        let wmNameType = bytes.allSatisfy { $0 < 0x80 } ? XlibSupport.atom(display, "STRING") : utf8String
        setBytes(display, window, XlibSupport.atom(display, "WM_NAME"), type: wmNameType, bytes)
        setBytes(display, window, XlibSupport.atom(display, "_NET_WM_NAME"), type: utf8String, bytes)
    }

    private static func setBytes(
        _ display: OpaquePointer, _ window: UInt, _ property: Atom, type: Atom, _ value: [UInt8]
    ) {
        var value = value
        value.withUnsafeMutableBufferPointer { buffer in
            _ = XChangeProperty(
                display, window, property, type, 8, PropModeReplace, buffer.baseAddress, Int32(buffer.count))
        }
    }

    /// Format-32 properties travel as C longs in Xlib, whatever their width.
    private static func setLongs(_ display: OpaquePointer, _ window: UInt, _ property: Atom, type: Atom, _ value: [Int])
    {
        var value = value
        let count = Int32(value.count)
        value.withUnsafeMutableBytes { raw in
            _ = XChangeProperty(
                display, window, property, type, 32, PropModeReplace,
                raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count)
        }
    }

    /// Waits for the MapNotify of `window`, reading the connection as events arrive.
    private static func waitForMap(_ display: OpaquePointer, window: UInt, timeoutMilliseconds: Int) throws {
        let deadline = Deadline(millisecondsFromNow: timeoutMilliseconds)
        let fd = XConnectionNumber(display)
        while true {
            var event = XEvent()
            if XCheckTypedWindowEvent(display, window, MapNotify, &event) != 0 { return }
            let ready = try waitForEvents(fd: fd, events: Int16(POLLIN), until: deadline)
            if ready == 0 {
                throw TestServerError.eventTimedOut(what: "MapNotify", milliseconds: timeoutMilliseconds)
            }
            _ = XEventsQueued(display, QueuedAfterReading)
        }
    }

    private func convert(_ event: inout XEvent, _ display: OpaquePointer) -> TestWindowEvent? {
        switch event.type {
        case KeyPress, KeyRelease:
            let key = event.xkey
            return .key(
                ReceivedKey(isPress: event.type == KeyPress, keycode: key.keycode, state: key.state, window: key.window)
            )
        case ButtonPress, ButtonRelease:
            let b = event.xbutton
            return .button(
                ReceivedButton(
                    isPress: event.type == ButtonPress, button: b.button,
                    root: Point(x: Double(b.x_root), y: Double(b.y_root)), state: b.state, window: b.window))
        case MotionNotify:
            let m = event.xmotion
            return .motion(
                ReceivedMotion(root: Point(x: Double(m.x_root), y: Double(m.y_root)), state: m.state, window: m.window))
        case GenericEvent where event.xcookie.extension == xiOpcode:
            guard XGetEventData(display, &event.xcookie) != 0 else { return nil }
            defer { XFreeEventData(display, &event.xcookie) }
            guard let data = event.xcookie.data else { return nil }
            return convertXI(evtype: event.xcookie.evtype, data: data)
        default:
            return nil
        }
    }

    private func convertXI(evtype: Int32, data: UnsafeMutableRawPointer) -> TestWindowEvent? {
        switch evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd:
            let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let phase: TouchPhase = evtype == XI_TouchBegin ? .begin : evtype == XI_TouchUpdate ? .update : .end
            return .touch(
                ReceivedTouch(
                    phase: phase, id: UInt32(bitPattern: e.detail), root: Point(x: e.root_x, y: e.root_y),
                    window: e.event, sourceDeviceID: Int(e.sourceid),
                    emulatesPointer: e.flags & Int32(XITouchEmulatingPointer) != 0))
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let e = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            return .gesture(
                ReceivedGesture(
                    kind: .pinch, phase: Self.gesturePhase(evtype - XI_GesturePinchBegin), fingers: Int(e.detail),
                    delta: Point(x: e.delta_x, y: e.delta_y), scale: e.scale, angleDelta: e.delta_angle,
                    cancelled: e.flags & Int32(XIGesturePinchEventCancelled) != 0,
                    root: Point(x: e.root_x, y: e.root_y), window: e.event, sourceDeviceID: Int(e.sourceid)))
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let e = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            return .gesture(
                ReceivedGesture(
                    kind: .swipe, phase: Self.gesturePhase(evtype - XI_GestureSwipeBegin), fingers: Int(e.detail),
                    delta: Point(x: e.delta_x, y: e.delta_y), scale: 1, angleDelta: 0,
                    cancelled: e.flags & Int32(XIGestureSwipeEventCancelled) != 0,
                    root: Point(x: e.root_x, y: e.root_y), window: e.event, sourceDeviceID: Int(e.sourceid)))
        default:
            return nil
        }
    }

    private static func gesturePhase(_ offset: Int32) -> GesturePhase {
        offset == 0 ? .begin : offset == 1 ? .update : .end
    }
}
