import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// xgest next to a window manager's click-to-focus grabs (Openbox's: a synchronous button
/// grab on every client window, each press replayed to the window once it is focused),
/// which also take the pointer events a touch emulates when xgest hands the touch back.
@Suite struct ClickToFocusTests {
    /// A one-finger tap, then a click of the stroke button, both made before xgest reads
    /// any of it (busy for a moment, stopped, or waiting on a server another client
    /// grabbed): the tap is handed back at its end, the click drew no stroke and is
    /// handed back too. Nothing may stay frozen, and the window gets the tap, then the
    /// click. The tap's reject sent at once, ahead of the answer to the press, left
    /// Openbox's grab frozen with the tap's emulated press, and with it every pointer and
    /// touch event until Openbox was stopped.
    @Test func aTapAndAStrokeButtonClickReadLateLeaveThePointerFree() throws {
        let server = try XorgServer()
        defer { server.stop() }
        var options = WindowManagerProcess.Options()
        options.clickToFocus = true
        let wm = try WindowManagerProcess(server: server, options: options)
        defer { wm.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 600, height: 500, className: "Late")
        // Openbox places the window where it likes: the tap and the click go where it is.
        let tap = try Self.rootPoint(server, window, x: 100, y: 100)
        let click = try Self.rootPoint(server, window, x: 100, y: 300)
        let capture = try Capture(server: server)
        capture.source.setStrokeTriggers([StrokeTrigger(button: 3, modifiers: nil)])
        capture.display.sync()
        let mouse = try server.deviceID(.pointer)
        try server.pointer.move(x: 700, y: 700)
        try server.pointer.sync()
        capture.collect()

        try server.touchscreen.begin(id: 1, at: tap)
        try server.touchscreen.sync()
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        try server.pointer.move(x: click.x, y: click.y)
        try server.pointer.press(button: 3)
        try server.pointer.sync()
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        // Read only now, as the daemon would: the tap is handed back at its end, while the
        // click's press still waits in the queue, its grab holding the pointer.
        capture.collect { e in
            guard case .touch(let t) = e.payload, t.phase == .end else { return }
            capture.source.handBack(device: e.device, touches: [t.id])
        }
        #expect(
            capture.source.handBack(pressOf: 3, device: mouse)
                == .replayed(from: click, to: click))
        capture.collect()

        try server.pointer.move(x: 777, y: 777)
        try server.pointer.sync()
        try server.waitForPointer(at: Point(x: 777, y: 777))
        let events = try window.collectEvents { $0.buttons.count >= 2 }
        #expect(events.touches.map(\.phase) == [.begin, .end], "\(events)")
        #expect(events.buttons.map(\.button) == [3, 3], "\(events)")
        #expect(events.buttons.map(\.isPress) == [true, false], "\(events)")
        // The tap first: its touch events come before the click's press.
        let tapEnd = events.firstIndex { if case .touch(let t) = $0 { t.phase == .end } else { false } }
        let press = events.firstIndex { if case .button = $0 { true } else { false } }
        if let tapEnd, let press {
            #expect(tapEnd < press, "\(events)")
        }
    }

    /// A tap, a click of the stroke button, then a click of button 1, all before xgest
    /// reads any of it: answering the stroke button's press lets the server play the
    /// button-1 click, which activates Openbox's click-to-focus grab, before the tap's
    /// verdict. A reject then replayed the tap's emulated press into that grab, at a time
    /// before the grab's, and Openbox's answer to it was ignored: every pointer and touch
    /// event stayed frozen. The tap is accepted instead (lost, as a tap made while xgest
    /// was late may be), and nothing stays frozen.
    @Test func aTapThenTwoClicksReadLateLeaveThePointerFree() throws {
        let server = try XorgServer()
        defer { server.stop() }
        var options = WindowManagerProcess.Options()
        options.clickToFocus = true
        let wm = try WindowManagerProcess(server: server, options: options)
        defer { wm.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 600, height: 500, className: "Late")
        let tap = try Self.rootPoint(server, window, x: 100, y: 100)
        let click = try Self.rootPoint(server, window, x: 100, y: 300)
        let capture = try Capture(server: server)
        capture.source.setStrokeTriggers([StrokeTrigger(button: 3, modifiers: nil)])
        capture.display.sync()
        let mouse = try server.deviceID(.pointer)
        try server.pointer.move(x: 700, y: 700)
        try server.pointer.sync()
        capture.collect()

        try server.touchscreen.begin(id: 1, at: tap)
        try server.touchscreen.sync()
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        try server.pointer.move(x: click.x, y: click.y)
        for button in [3, 1] {
            try server.pointer.press(button: button)
            try server.pointer.sync()
            try server.pointer.release(button: button)
            try server.pointer.sync()
        }
        capture.collect { e in
            guard case .touch(let t) = e.payload, t.phase == .end else { return }
            capture.source.handBack(device: e.device, touches: [t.id])
        }
        _ = capture.source.handBack(pressOf: 3, device: mouse)
        capture.collect()

        try server.pointer.move(x: 777, y: 777)
        try server.pointer.sync()
        try server.waitForPointer(at: Point(x: 777, y: 777))
    }

    /// Where a point of `window` is on the root window.
    private static func rootPoint(_ server: XorgServer, _ window: TestWindow, x: Int32, y: Int32) throws -> Point {
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        var rx: Int32 = 0
        var ry: Int32 = 0
        var child: UInt = 0
        XTranslateCoordinates(display, window.window, XDefaultRootWindow(display), x, y, &rx, &ry, &child)
        return Point(x: Double(rx), y: Double(ry))
    }
}
