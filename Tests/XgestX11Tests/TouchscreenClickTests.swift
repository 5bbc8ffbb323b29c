import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// `click` bound to touchscreen gestures, under `xgest run`, reaching real windows whole.
@Suite struct TouchscreenClickTests {
    static let twoFingerTap = """
        [[gesture]]
        name = "two-tap"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "click 1"
        """

    static let longPressMenu = """
        [[gesture]]
        name = "menu"
        kind = "long-press"
        device = "touchscreen"
        long-press-duration = "100ms"
        action = "click 3"
        """

    /// A server with Openbox's click-to-focus grabs, which hold each press until Openbox
    /// has focused the window and replay it then.
    final class ClickToFocus {
        let server: XorgServer
        let wm: WindowManagerProcess

        init() throws {
            let server = try XorgServer()
            var options = WindowManagerProcess.Options()
            options.clickToFocus = true
            do { wm = try WindowManagerProcess(server: server, options: options) } catch {
                server.stop()
                throw error
            }
            self.server = server
        }

        deinit {
            wm.stop()
            server.stop()
        }
    }

    /// A two-finger tap, the fingers `apart` pixels above and below `centroid`.
    static func tapTwoFingers(_ server: XorgServer, around centroid: Point, apart: Double) throws {
        let ts = server.touchscreen
        let below = Point(x: centroid.x, y: centroid.y + apart / 2)
        let above = Point(x: centroid.x, y: centroid.y - apart / 2)
        try ts.begin(id: 1, at: below)
        try ts.begin(id: 2, at: above)
        try ts.sync()
        try ts.end(id: 1, at: below)
        try ts.end(id: 2, at: above)
        try ts.sync()
    }

    /// The pointer emulated the first finger, below the centroid the click is made at. The
    /// move back there, sent with the press and release, was applied while Openbox held
    /// the press: the release reached the window where the first finger was.
    @Test func aTwoFingerTapsClickUnderClickToFocusIsReleasedWhereItIsPressed() throws {
        let wm = try ClickToFocus()
        let window = try TestWindow(server: wm.server, x: 0, y: 0, width: 600, height: 500, className: "Editor")
        let daemon = try TouchpadDaemonTests.Daemon(server: wm.server, config: Self.twoFingerTap)
        let centroid = try ClickToFocusTests.rootPoint(wm.server, window, x: 300, y: 200)
        _ = try window.receivedEvents()
        try Self.tapTwoFingers(wm.server, around: centroid, apart: 160)
        #expect(daemon.waitFor("two-tap: click 1"), "\(daemon.process.stderrLines)")
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.isPress) == [true, false], "\(buttons)")
        #expect(buttons.allSatisfy { $0.button == 1 && $0.root == centroid }, "\(buttons)")
        // The pointer stays where the click was: the fingers moved it anyway.
        let display = try XDisplay(name: wm.server.displayName)
        #expect(pointerPosition(display) == centroid)
    }

    /// Qt 5's button under the centroid, the first finger on the list below it: the
    /// release went to the list and the button never clicked.
    @Test func qtsButtonClicksAtATwoFingerTapUnderClickToFocus() throws {
        let wm = try ClickToFocus()
        let probe = try GTK3Probe.qt5(on: wm.server)
        defer { probe.stop() }
        let button = try ToolkitTouchTests.part(probe, "button")
        let list = try ToolkitTouchTests.part(probe, "list")
        let daemon = try TouchpadDaemonTests.Daemon(server: wm.server, config: Self.twoFingerTap)
        // The first finger 20 px into the list, the second 20 px into the button.
        let below = Double(list.y + 20)
        let above = Double(button.y + 20)
        let centroid = Point(x: button.center.x, y: (below + above) / 2)
        #expect(Int(centroid.y) < list.y, "the centroid is on the button")
        try Self.tapTwoFingers(wm.server, around: centroid, apart: below - above)
        #expect(daemon.waitFor("two-tap: click 1"), "\(daemon.process.stderrLines)")
        #expect(probe.waitFor { $0.contains("clicked") }, "\(probe.output)")
    }

    /// A long press's right click, the documented context menu binding: sent while the
    /// finger was down, it came with the button 1 the server holds for the finger, and Qt 5
    /// dropped its release.
    @Test func qtGetsALongPressRightClickWhole() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let probe = try GTK3Probe.qt5(on: server)
        defer { probe.stop() }
        let zoom = try ToolkitTouchTests.part(probe, "zoom")
        let daemon = try TouchpadDaemonTests.Daemon(server: server, config: Self.longPressMenu)
        let (x, y) = zoom.center
        let ts = server.touchscreen
        try ts.begin(id: 1, x: x, y: y)
        try ts.sync()
        #expect(daemon.waitFor("ownership accept"), "\(daemon.process.stderrLines)")
        // A person's finger stays a while after the press fires: the lift comes after the
        // daemon has read a later update of the finger, so after it sent its verdict (a
        // lift the server takes first: EmulatedButtonTests).
        try ts.update(id: 1, x: x + 1, y: y)
        try ts.sync()
        #expect(daemon.waitFor("touch-update"), "\(daemon.process.stderrLines)")
        try ts.end(id: 1, x: x + 1, y: y)
        try ts.sync()
        #expect(daemon.waitFor("menu: click 3"), "\(daemon.process.stderrLines)")
        #expect(try probe.syncThroughMotion(server, x: zoom.x + 11, y: zoom.y + 7), "\(probe.output)")
        let buttons = probe.output.filter { $0.hasPrefix("button ") }
        #expect(
            buttons == ["button press right", "button release right"],
            "\(probe.output) \(daemon.process.stderrLines.joined(separator: "\n"))")
    }
}
