import CXgest
import Testing
import XgestCore
import XgestTestServer

/// A press of another device than the mouse (a touchpad's tap or clickpad click, XTest's:
/// xdotool, xgest's own `click`) made while the mouse holds a stroke button: the grab of
/// that button took it and nobody gave it back, so the application never got it, nor got
/// it with the replay of a stroke that failed. It joins the held press as the mouse's
/// other button would: the stroke fails and the application gets every press and
/// release, in the order made.
@Suite struct OtherDevicePressInStrokeTests {
    /// Draws the start of a stroke that would fire (`back`, to the left), then `click`,
    /// then the rest of it; returns the window's buttons once it has `buttons` of them
    /// (the stroke's press and release, and what `click` made).
    static func clickInTheMiddleOfAStroke(
        _ s: DaemonTests.Session, buttons: Int = 4, _ click: () throws -> Void
    ) throws -> [ReceivedButton] {
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        let p = s.server.pointer
        try p.move(x: 800, y: 400)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        for x in stride(from: 760.0, through: 600, by: -40) { try p.move(x: x, y: 400) }
        try p.sync()
        try s.server.waitForPointer(at: Point(x: 600, y: 400))
        try click()
        for x in stride(from: 560.0, through: 400, by: -40) { try p.move(x: x, y: 400) }
        try p.release(button: 3)
        try p.sync()
        return try window.collectEvents { $0.buttons.count >= buttons }.buttons
    }

    private static func expectClickedInOrder(_ buttons: [ReceivedButton], _ s: DaemonTests.Session) {
        #expect(buttons.map(\.button) == [3, 1, 1, 3], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, true, false, false], "\(buttons)")
        #expect(
            buttons.map(\.root) == [
                Point(x: 800, y: 400), Point(x: 600, y: 400), Point(x: 600, y: 400), Point(x: 400, y: 400),
            ], "\(buttons)")
        // The window's events can come before the daemon's account of them is read from
        // its stderr: waited for, then nothing must have fired before it.
        #expect(
            s.daemon.waitForLine(containing: "back possible → failed (wrong button)") != nil,
            "\(s.daemon.stderrLines)")
        #expect(s.daemon.stderrLines.allSatisfy { !$0.contains("action ") }, "\(s.daemon.stderrLines)")
    }

    @Test func aTouchpadClickInTheMiddleOfAStrokeReachesTheApplicationInOrder() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let buttons = try Self.clickInTheMiddleOfAStroke(s) {
            try s.server.touchpad.press(button: 1)
            try s.server.touchpad.release(button: 1)
            try s.server.touchpad.sync()
        }
        Self.expectClickedInOrder(buttons, s)
        #expect(
            s.daemon.waitForLine(containing: "press of button 1 by the touchpad") != nil, "\(s.daemon.stderrLines)")
    }

    @Test func anXTestClickInTheMiddleOfAStrokeReachesTheApplicationInOrder() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let other = try #require(XOpenDisplay(s.server.displayName))
        defer { XCloseDisplay(other) }
        let buttons = try Self.clickInTheMiddleOfAStroke(s) {
            XTestFakeButtonEvent(other, 1, True, 0)
            XTestFakeButtonEvent(other, 1, False, 0)
            XSync(other, False)
        }
        Self.expectClickedInOrder(buttons, s)
    }

    /// The touchpad's button held past the mouse's release: the grab lasts until it is up
    /// too, and the replay waits for it, each release where and when it was made.
    @Test func aTouchpadButtonHeldPastTheStrokeButtonIsReplayedWithIt() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        let p = s.server.pointer
        let touchpad = s.server.touchpad
        try p.move(x: 500, y: 300)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        try p.move(x: 520, y: 300)
        try p.sync()
        try s.server.waitForPointer(at: Point(x: 520, y: 300))
        try touchpad.press(button: 1)
        try touchpad.sync()
        try p.release(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "replayed when the button is released") != nil)
        try touchpad.release(button: 1)
        try touchpad.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 4 }.buttons
        #expect(buttons.map(\.button) == [3, 1, 3, 1], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, true, false, false], "\(buttons)")
        #expect(buttons.first?.root == Point(x: 500, y: 300), "\(buttons)")
        #expect(buttons.dropFirst().allSatisfy { $0.root == Point(x: 520, y: 300) }, "\(buttons)")
        // The grab is over: a mouse's click is xgest's again, and replayed as a click.
        try p.click(button: 3, x: 700, y: 300)
        try p.sync()
        let click = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(click.map(\.button) == [3, 3], "\(click)")
        #expect(click.map(\.root) == [Point(x: 700, y: 300), Point(x: 700, y: 300)], "\(click)")
    }
}
