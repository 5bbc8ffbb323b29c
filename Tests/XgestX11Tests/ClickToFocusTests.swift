import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// xgest next to a window manager's click-to-focus grabs (Openbox's: a synchronous button
/// grab on every client window, each press replayed to the window once it is focused),
/// which also take the pointer events a touch emulates when xgest hands the touch back.
@Suite struct ClickToFocusTests {
    /// A server with Openbox's click-to-focus bindings, a window, a capture with button 3
    /// as its stroke button, and a one-finger tap on the window followed by clicks of
    /// `buttons`, all made before the capture reads any of it (busy for a moment, stopped,
    /// or waiting on a server another client grabbed). It then reads it all, as the daemon
    /// would: the tap is handed back at its end, the stroke button's press after it.
    struct LateInput {
        let server: XorgServer
        let wm: WindowManagerProcess
        let window: TestWindow
        let click: Point
        let replayed: PressHandBack

        init(clicking buttons: [Int]) throws {
            let server = try XorgServer()
            var options = WindowManagerProcess.Options()
            options.clickToFocus = true
            let wm: WindowManagerProcess
            do { wm = try WindowManagerProcess(server: server, options: options) } catch {
                server.stop()
                throw error
            }
            do {
                (self.server, self.wm) = (server, wm)
                window = try TestWindow(server: server, x: 0, y: 0, width: 600, height: 500, className: "Late")
                (click, replayed) = try Self.makeLateInput(server, window, clicking: buttons)
            } catch {
                wm.stop()
                server.stop()
                throw error
            }
        }

        private static func makeLateInput(_ server: XorgServer, _ window: TestWindow, clicking buttons: [Int]) throws
            -> (Point, PressHandBack)
        {
            // Openbox places the window where it likes: the tap and the clicks go where it is.
            let tap = try ClickToFocusTests.rootPoint(server, window, x: 100, y: 100)
            let click = try ClickToFocusTests.rootPoint(server, window, x: 100, y: 300)
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
            for button in buttons {
                try server.pointer.press(button: button)
                try server.pointer.sync()
                try server.pointer.release(button: button)
                try server.pointer.sync()
            }
            capture.collect { e in
                guard case .touch(let t) = e.payload, t.phase == .end else { return }
                capture.source.handBack(device: e.device, touches: [t.id])
            }
            let replayed = capture.source.handBack(pressOf: 3, device: mouse)
            capture.collect()
            // The capture ends with this scope, before the server is stopped: losing its
            // connection would end the test process, as it ends the daemon.
            return (click, replayed)
        }

        func stop() {
            wm.stop()
            server.stop()
        }

        /// Fails unless the pointer still moves: nothing is left frozen.
        func expectPointerFree() throws {
            try server.pointer.move(x: 777, y: 777)
            try server.pointer.sync()
            try server.waitForPointer(at: Point(x: 777, y: 777))
        }
    }

    /// A tap, then a click of the stroke button: the tap is handed back at its end, the
    /// click drew no stroke and is handed back too. Nothing may stay frozen, and the
    /// window gets the tap, then the click. The tap's reject sent at once, ahead of the
    /// answer to the press, left Openbox's grab frozen with the tap's emulated press, and
    /// with it every pointer and touch event until Openbox was stopped.
    @Test func aTapAndAStrokeButtonClickReadLateLeaveThePointerFree() throws {
        let late = try LateInput(clicking: [3])
        defer { late.stop() }
        #expect(late.replayed == .replayed(from: late.click, to: late.click))
        try late.expectPointerFree()
        let events = try late.window.collectEvents { $0.buttons.count >= 2 }
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

    /// A tap, a click of the stroke button, then a click of button 1: answering the
    /// stroke button's press lets the server play the button-1 click, which activates
    /// Openbox's click-to-focus grab, before the tap's verdict. A reject then replayed the
    /// tap's emulated press into that grab, at a time before the grab's, and Openbox's
    /// answer to it was ignored: every pointer and touch event stayed frozen. The tap is
    /// accepted instead (lost, as a tap made while xgest was late may be), and nothing
    /// stays frozen.
    @Test func aTapThenTwoClicksReadLateLeaveThePointerFree() throws {
        let late = try LateInput(clicking: [3, 1])
        defer { late.stop() }
        try late.expectPointerFree()
    }

    /// A right drag that is no stroke, with a left click made while the right button is
    /// held, under Openbox's click-to-focus grabs: the replayed press activates Openbox's
    /// synchronous grab on the window, which freezes the pointer until Openbox replays
    /// the press. Sent on in one burst, the rest of the drag queued behind the freeze and
    /// reached the window with every motion, and the left click, at the release point.
    /// The window gets each where it was made.
    @Test func aDragHandedBackUnderClickToFocusKeepsItsPath() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        var options = WindowManagerProcess.Options()
        options.clickToFocus = true
        let wm = try WindowManagerProcess(server: s.server, options: options)
        defer { wm.stop() }
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "Dragged")
        let start = try Self.rootPoint(s.server, window, x: 100, y: 200)
        let path = (0...6).map { Point(x: start.x + Double($0 * 40), y: start.y + Double($0 * 2)) }
        let p = s.server.pointer
        try p.move(x: start.x, y: start.y)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        for (i, q) in path.enumerated().dropFirst() {
            try p.move(x: q.x, y: q.y)
            try p.sync()
            if i == 1 { try s.server.waitForPointer(at: q) }
            if i == 3 {
                try p.press(button: 1)
                try p.release(button: 1)
            }
        }
        try p.release(button: 3)
        try p.sync()
        let events = try window.collectEvents { $0.buttons.count >= 4 }
        let buttons = events.buttons
        #expect(buttons.map(\.button) == [3, 1, 1, 3], "\(buttons)")
        #expect(buttons.map(\.root) == [path[0], path[3], path[3], path[6]], "\(buttons)")
        let dragged = events.motions.filter { $0.state & UInt32(Button3Mask) != 0 }.map(\.root)
        #expect(dragged == Array(path.dropFirst()), "motion with button 3 down: \(dragged)")
        #expect(s.daemon.stderrLines.allSatisfy { !$0.contains("action ") }, "\(s.daemon.stderrLines)")
    }

    /// Where a point of `window` is on the root window.
    static func rootPoint(_ server: XorgServer, _ window: TestWindow, x: Int32, y: Int32) throws -> Point {
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        var rx: Int32 = 0
        var ry: Int32 = 0
        var child: UInt = 0
        XTranslateCoordinates(display, window.window, XDefaultRootWindow(display), x, y, &rx, &ry, &child)
        return Point(x: Double(rx), y: Double(ry))
    }
}
