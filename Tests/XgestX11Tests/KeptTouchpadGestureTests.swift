import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// While xgest keeps a touchpad gesture, the master pointer's other input still reaches the
/// applications: only the gesture's own events are taken.
@Suite struct KeptTouchpadGestureTests {
    /// A window under the pointer at (400, 400) and a capture keeping 3-finger swipes.
    static func keepingSwipes(_ server: XorgServer) throws -> (TestWindow, Capture) {
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600)
        let set = BindingSet(
            bindings: [TouchpadGrabTests.binding("three", .swipe, fingers: 3, direction: .left)], apps: [])
        let capture = try Capture(server: server, touchpadClaims: TouchpadClaims(set))
        try server.pointer.move(x: 400, y: 400)
        try server.pointer.sync()
        _ = try window.receivedEvents()
        return (window, capture)
    }

    /// Begins a 3-finger swipe and lets xgest answer its begin (it keeps it).
    static func beginSwipe(_ server: XorgServer, _ capture: Capture) throws {
        try server.touchpad.swipe(.begin, fingers: 3)
        try server.touchpad.swipe(.update, fingers: 3, dx: -30)
        try server.touchpad.sync()
        capture.collect()
    }

    static func endSwipe(_ server: XorgServer, _ capture: Capture) throws {
        try server.touchpad.swipe(.update, fingers: 3, dx: -30)
        try server.touchpad.swipe(.end, fingers: 3)
        try server.touchpad.sync()
        capture.collect()
    }

    static func buttons(_ events: [TestWindowEvent]) -> [String] {
        events.buttons.map { "\($0.isPress ? "press" : "release") \($0.button) at \($0.root.x),\($0.root.y)" }
    }

    @Test func aMouseClickAndMotionDuringAKeptSwipeReachTheWindow() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (window, capture) = try Self.keepingSwipes(server)
        try Self.beginSwipe(server, capture)
        try server.pointer.press(button: 1)
        try server.pointer.release(button: 1)
        try server.pointer.move(x: 420, y: 410)
        try server.pointer.sync()
        try Self.endSwipe(server, capture)

        let swipe = TouchpadGrabTests.touchpadInputs(capture.events)
        #expect(swipe.count == 4, "the swipe is xgest's, whole")
        let events = try window.receivedEvents()
        #expect(TouchpadGrabTests.gestures(events).isEmpty)
        #expect(Self.buttons(events) == ["press 1 at 400.0,400.0", "release 1 at 400.0,400.0"])
        #expect(events.motions.map(\.root) == [Point(x: 420, y: 410)])
    }

    /// The touchpad's own button, and a press made during the swipe and let go after it:
    /// the window gets each press with its release.
    @Test func aTouchpadClickAndAPressOutlastingTheSwipeReachTheWindowWhole() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (window, capture) = try Self.keepingSwipes(server)
        try Self.beginSwipe(server, capture)
        try server.touchpad.press(button: 3)
        try server.touchpad.release(button: 3)
        try server.touchpad.sync()
        try server.pointer.press(button: 1)
        try server.pointer.sync()
        try Self.endSwipe(server, capture)
        try server.pointer.release(button: 1)
        try server.pointer.sync()

        #expect(TouchpadGrabTests.touchpadInputs(capture.events).count == 4)
        #expect(
            Self.buttons(try window.receivedEvents()) == [
                "press 3 at 400.0,400.0", "release 3 at 400.0,400.0", "press 1 at 400.0,400.0",
                "release 1 at 400.0,400.0",
            ])
    }

    /// xgest's own click, run when the swipe is recognized, reaches the window while the
    /// swipe goes on.
    @Test func aClickRunDuringAKeptSwipeReachesTheWindow() throws {
        let s = try DaemonTests.Session(
            config: """
                [[gesture]]
                name = "clicker"
                kind = "swipe"
                device = "touchpad"
                fingers = 3
                begin-action = "click 1"
                action = "key b"
                """)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 800, height: 600)
        try s.server.pointer.move(x: 400, y: 400)
        try s.server.pointer.sync()
        let pad = s.server.touchpad
        try pad.swipe(.begin, fingers: 3)
        for _ in 0..<3 { try pad.swipe(.update, fingers: 3, dx: -30) }
        try pad.sync()
        // The swipe's end is not sent yet.
        let during = try window.collectEvents { $0.buttons.count >= 2 }
        #expect(Self.buttons(during) == ["press 1 at 400.0,400.0", "release 1 at 400.0,400.0"])
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        #expect(s.daemon.waitForLine(containing: "key b") != nil)
        #expect(TouchpadGrabTests.gestures(try window.receivedEvents()).isEmpty)
    }
}
