import Foundation
import Testing
import XgestCore
import XgestTestServer

/// The root window resized with fingers on the touchscreen (`xrandr --fb`, what plugging
/// in or unplugging a monitor does): X maps the glass onto the whole root, so a finger
/// that stays still is reported somewhere else at its next report.
@Suite struct RootResizeTouchTests {
    static let config = """
        [[gesture]]
        name = "zoom"
        kind = "pinch"
        device = "touchscreen"
        fingers = 2
        action = "key F6"
        """

    /// Two still fingers and the root made twice as wide: the right finger's next report
    /// (moved by one pixel of the device) is at twice its place, and the jump fired a pinch
    /// of scale 4 and its action. The resize cancels the gesture, saying why, and the
    /// touches are handed back.
    @Test func stillFingersAcrossARootResizeMakeNoPinch() throws {
        let s = try MonitorSession(config: Self.config, width: 1920, height: 1080)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1920, height: 1080)
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 800, y: 500)
        try ts.begin(id: 2, x: 1200, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "touch-begin") != nil)
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--fb", "3840x1080"]) == 0)
        #expect(s.daemon.waitForLine(containing: "screen changed to 3840x1080") != nil)
        try ts.update(id: 2, x: 1201, y: 500)
        try ts.sync()
        try ts.end(id: 1, x: 800, y: 500)
        try ts.end(id: 2, x: 1201, y: 500)
        try ts.sync()
        // A later touch reaches the window once the daemon has dealt with every one before it.
        _ = try window.receivedEvents()
        // The device's x 400 is the root's 800 now, on the window.
        try ts.begin(id: 3, x: 400, y: 100)
        try ts.sync()
        try ts.end(id: 3, x: 400, y: 100)
        try ts.sync()
        _ = try window.collectEvents { $0.touches.contains { $0.phase == .end && $0.root.y == 100 } }
        let lines = s.daemon.stderrLines
        #expect(!lines.contains { $0.contains("action") && $0.contains("zoom") }, "\(lines)")
        #expect(
            lines.contains {
                $0.contains("zoom")
                    && $0.contains("device cancelled: the root window changed size (1920x1080 to 3840x1080)")
            }, "\(lines)")
    }
}
