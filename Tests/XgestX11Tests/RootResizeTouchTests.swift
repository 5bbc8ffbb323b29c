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
        // The device's x 400 is the root's 800 after the resize, on the window.
        try holdTwoStillFingers(
            on: s.server, window: window,
            across: { () throws in
                #expect(s.daemon.waitForLine(containing: "touch-begin") != nil)
                #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--fb", "3840x1080"]) == 0)
                #expect(s.daemon.waitForLine(containing: "screen changed to 3840x1080") != nil)
            }, laterTouchAtX: 400)
        let lines = s.daemon.stderrLines
        #expect(!lines.contains { $0.contains("action") && $0.contains("zoom") }, "\(lines)")
        #expect(
            lines.contains {
                $0.contains("zoom")
                    && $0.contains("device cancelled: the root window changed size (1920x1080 to 3840x1080)")
            }, "\(lines)")
    }
}
