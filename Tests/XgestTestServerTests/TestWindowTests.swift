import CXgest
import Testing
import XgestCore
import XgestTestServer

@Suite struct TestWindowTests {
    @Test func plainWindowHasItsPropertiesAndGeometry() throws {
        let server = try XorgServer()
        var options = TestWindow.Options(x: 40, y: 50, width: 300, height: 200)
        options.instanceName = "navigator"
        options.className = "Firefox"
        options.title = "Grüße — test"
        options.processID = 4242
        let window = try TestWindow(server: server, options: options)
        #expect(window.frame == nil)
        #expect(window.topLevel == window.window)

        let probe = try #require(XOpenDisplay(server.displayName))
        let root = XDefaultRootWindow(probe)
        #expect(parent(of: window.window, probe) == root)
        #expect(geometryOnRoot(window.window, probe) == [40, 50, 300, 200])
        #expect(classHint(window.window, probe) == ["navigator", "Firefox"])
        #expect(stringProperty(window.window, "_NET_WM_NAME", probe) == "Grüße — test")
        #expect(stringProperty(window.window, "WM_NAME", probe) == "Grüße — test")
        #expect(cardinals(window.window, "_NET_WM_PID", probe) == [4242])
        #expect(cardinals(window.window, "WM_STATE", probe).isEmpty)

        try window.setTitle("renamed")
        #expect(stringProperty(window.window, "_NET_WM_NAME", probe) == "renamed")
        XCloseDisplay(probe)
        server.stop()
    }

    @Test func framedWindowLooksLikeAReparentingWindowManagerMadeIt() throws {
        let server = try XorgServer()
        var options = TestWindow.Options(x: 100, y: 120, width: 400, height: 300)
        options.framed = true
        options.titleBarHeight = 20
        let window = try TestWindow(server: server, options: options)
        let frame = try #require(window.frame)

        let probe = try #require(XOpenDisplay(server.displayName))
        let root = XDefaultRootWindow(probe)
        #expect(parent(of: frame, probe) == root)
        #expect(parent(of: window.window, probe) == frame)
        #expect(geometryOnRoot(frame, probe) == [100, 100, 400, 320])
        #expect(geometryOnRoot(window.window, probe) == [100, 120, 400, 300])
        #expect(cardinals(window.window, "WM_STATE", probe) == [1, 0])
        #expect(cardinals(frame, "WM_STATE", probe).isEmpty)
        #expect(classHint(window.window, probe) == ["xgest-test", "XgestTest"])
        XCloseDisplay(probe)

        // Touches in the client area go to the client window.
        try server.touchscreen.begin(id: 1, x: 150, y: 200)
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        let touches = try window.receivedEvents().touches
        #expect(touches.count == 2)
        #expect(touches.allSatisfy { $0.window == window.window })
        server.stop()
    }

    @Test func windowWithoutPropertiesHasNone() throws {
        let server = try XorgServer()
        var options = TestWindow.Options(x: 0, y: 0, width: 10, height: 10)
        options.instanceName = nil
        options.className = nil
        options.title = nil
        options.processID = nil
        let window = try TestWindow(server: server, options: options)
        let probe = try #require(XOpenDisplay(server.displayName))
        #expect(classHint(window.window, probe) == nil)
        #expect(stringProperty(window.window, "WM_NAME", probe) == nil)
        #expect(cardinals(window.window, "_NET_WM_PID", probe).isEmpty)
        XCloseDisplay(probe)
        server.stop()
    }

    @Test func destroyedWindowVanishesAndGetsNoMoreInput() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 500, height: 500)
        let probe = try #require(XOpenDisplay(server.displayName))
        #expect(topLevelWindows(probe).contains(window.window))
        try window.destroy()
        #expect(!topLevelWindows(probe).contains(window.window))
        XCloseDisplay(probe)

        try server.touchscreen.begin(id: 1, x: 100, y: 100)
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.isEmpty)
        server.stop()
    }

    @Test func closedWindowThrowsInsteadOfCrashing() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 50, height: 50)
        window.close()
        #expect(throws: TestServerError.self) { try window.receivedEvents() }
        server.stop()
        window.close()
    }

    @Test func stoppingTheServerClosesItsWindowsFirst() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 50, height: 50)
        server.stop()
        // The connection was closed before Xorg went away, so no fatal Xlib I/O error.
        #expect(throws: TestServerError.self) { try window.receivedEvents() }
    }

    @Test func touchpadGesturesReachTheWindowUnderThePointer() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 600)
        try server.pointer.move(x: 400, y: 300)
        try server.pointer.sync()
        try server.touchpad.swipe(.begin, fingers: 3)
        try server.touchpad.swipe(.update, fingers: 3, dx: 12, dy: -3)
        try server.touchpad.swipe(.end, fingers: 3, cancelled: true)
        try server.touchpad.pinch(.begin, fingers: 2)
        try server.touchpad.pinch(.update, fingers: 2, dx: 1, dy: 2, scale: 0.9, angleDelta: 5)
        try server.touchpad.pinch(.end, fingers: 2, scale: 0.8)
        try server.touchpad.sync()
        let gestures = try window.receivedEvents().compactMap { event -> ReceivedGesture? in
            if case .gesture(let g) = event { return g } else { return nil }
        }
        try #require(gestures.count == 6)
        #expect(gestures.map(\.kind) == [.swipe, .swipe, .swipe, .pinch, .pinch, .pinch])
        #expect(gestures.map(\.phase) == [.begin, .update, .end, .begin, .update, .end])
        #expect(gestures.map(\.fingers) == [3, 3, 3, 2, 2, 2])
        #expect(gestures[1].delta == Point(x: 12, y: -3))
        #expect(!gestures[1].cancelled && gestures[2].cancelled)
        #expect(abs(gestures[4].scale - 0.9) < 0.0001)
        #expect(abs(gestures[4].angleDelta - 5) < 0.0001)
        #expect(gestures.allSatisfy { $0.root == Point(x: 400, y: 300) && $0.window == window.window })
        let touchpadID = try server.deviceID(.touchpad)
        #expect(gestures.allSatisfy { $0.sourceDeviceID == touchpadID })
    }
}

// MARK: probes on a separate connection

private func parent(of window: UInt, _ display: OpaquePointer) -> UInt {
    var root: UInt = 0
    var parent: UInt = 0
    var children: UnsafeMutablePointer<UInt>?
    var count: UInt32 = 0
    XQueryTree(display, window, &root, &parent, &children, &count)
    if let children { XFree(children) }
    return parent
}

private func topLevelWindows(_ display: OpaquePointer) -> [UInt] {
    var root: UInt = 0
    var parent: UInt = 0
    var children: UnsafeMutablePointer<UInt>?
    var count: UInt32 = 0
    XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count)
    guard let children else { return [] }
    defer { XFree(children) }
    return Array(UnsafeBufferPointer(start: children, count: Int(count)))
}

/// [x, y, width, height] with x and y on the root window.
private func geometryOnRoot(_ window: UInt, _ display: OpaquePointer) -> [Int] {
    var attributes = XWindowAttributes()
    XGetWindowAttributes(display, window, &attributes)
    var x: Int32 = 0
    var y: Int32 = 0
    var child: UInt = 0
    XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
    return [Int(x), Int(y), Int(attributes.width), Int(attributes.height)]
}

private func classHint(_ window: UInt, _ display: OpaquePointer) -> [String]? {
    var hint = XClassHint()
    guard XGetClassHint(display, window, &hint) != 0 else { return nil }
    defer {
        if let n = hint.res_name { XFree(n) }
        if let c = hint.res_class { XFree(c) }
    }
    return [hint.res_name.map { String(cString: $0) } ?? "", hint.res_class.map { String(cString: $0) } ?? ""]
}

private func property(_ window: UInt, _ name: String, _ display: OpaquePointer) -> (format: Int32, bytes: [UInt8])? {
    var type: UInt = 0
    var format: Int32 = 0
    var count: UInt = 0
    var after: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    let atom = XInternAtom(display, name, 0)
    guard XGetWindowProperty(display, window, atom, 0, 1024, 0, 0, &type, &format, &count, &after, &data) == Success,
        let data, type != 0
    else { return nil }
    defer { XFree(data) }
    let unit = format == 32 ? MemoryLayout<Int>.size : Int(format / 8)
    return (format, Array(UnsafeBufferPointer(start: data, count: Int(count) * unit)))
}

private func stringProperty(_ window: UInt, _ name: String, _ display: OpaquePointer) -> String? {
    property(window, name, display).map { String(decoding: $0.bytes, as: UTF8.self) }
}

private func cardinals(_ window: UInt, _ name: String, _ display: OpaquePointer) -> [Int] {
    guard let p = property(window, name, display), p.format == 32 else { return [] }
    return p.bytes.withUnsafeBytes { Array($0.bindMemory(to: Int.self)) }
}
