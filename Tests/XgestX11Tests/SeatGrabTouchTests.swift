import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// Touches on a window whose application holds a seat grab (`gdk_seat_grab`, as a game or
/// a modal dialog takes one: every pointing device, owner events), under a window manager
/// with click-to-focus grabs.
@Suite struct SeatGrabTouchTests {
    static let config = """
        [[gesture]]
        name = "tap3"
        kind = "tap"
        device = "touchscreen"
        fingers = 3
        action = "key F5"
        """

    /// The grab owns a tap on its window first, has all of it (GTK gets the press and
    /// release), and passes it on when it ends; handed on by xgest, the tap went to the
    /// window manager's click grab on the frame, and as the application quit the X server
    /// crashed (SIGSEGV in IsParent, 3 runs of 3), taking the session and this test's
    /// connection with it. The tap is accepted and ends there, no binding fires, and the
    /// server lives on.
    @Test func aTapOnAWindowHoldingASeatGrabLeavesTheServerRunningWhenItsApplicationQuits() throws {
        let s = try DaemonTests.Session(config: Self.config)
        var options = WindowManagerProcess.Options()
        options.clickToFocus = true
        let wm = try WindowManagerProcess(server: s.server, options: options)
        defer { _ = wm.stop() }
        let game = try GTK3Probe(
            display: s.server.displayName, x: 100, y: 100, width: 300, height: 200,
            script: GTK3Probe.probes.appendingPathComponent("gtk3_seat_grab_probe.py").path)
        #expect(game.waitFor { $0.contains("grab success") }, "\(game.output)")
        let at = Point(x: Double(game.frame.x + 100), y: Double(game.frame.y + 100))
        try s.server.touchscreen.begin(id: 1, at: at)
        try s.server.touchscreen.sync()
        try s.server.touchscreen.end(id: 1)
        try s.server.touchscreen.sync()
        // GTK has the tap, through its grab, as the press and release of its emulated pointer.
        #expect(game.waitFor { $0.contains("button release") }, "\(game.output)")
        game.stop()
        // The grab's end passes the touch on to xgest, which keeps it.
        #expect(
            s.daemon.waitForLine(containing: "came to xgest only after it ended, passed on by another client's grab")
                != nil, "\(s.daemon.stderrLines)")
        // The application's quit is processed before a connection made after it.
        let display = XOpenDisplay(s.server.displayName)
        #expect(display != nil, "the X server is gone")
        if let display {
            XSync(display, False)
            XCloseDisplay(display)
        }
        #expect(s.server.isRunning)
        #expect(!s.daemon.stderrLines.contains { $0.contains("action ") }, "\(s.daemon.stderrLines)")
    }
}
