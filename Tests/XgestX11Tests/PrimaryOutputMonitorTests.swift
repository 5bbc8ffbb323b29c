import Foundation
import Testing
import XgestCore
import XgestTestServer

/// `monitor = "primary"` when `xrandr --setmonitor` replaced the primary output's
/// monitor: RandR then marks no monitor primary, and the primary monitor is the one
/// showing the primary output (as Qt takes it), not the first listed.
@Suite struct PrimaryOutputMonitorTests {
    static let config = """
        [[gesture]]
        name = "edge-right-primary"
        kind = "edge"
        device = "touchscreen"
        direction = "right"
        monitor = "primary"
        action = "key F5"
        """

    /// DUMMY0 the primary output, `external` (no output) set, then `laptop` over DUMMY0.
    static func replaceThePrimaryOutputsMonitor(_ server: XorgServer) throws {
        #expect(try runOnDisplay(server, "/usr/bin/xrandr", ["--output", "DUMMY0", "--primary"]) == 0)
        #expect(
            try runOnDisplay(
                server, "/usr/bin/xrandr", ["--setmonitor", "external", "1920/508x1080/286+1920+0", "none"])
                == 0)
        #expect(
            try runOnDisplay(server, "/usr/bin/xrandr", ["--setmonitor", "laptop", "1920/340x1080/190+0+0", "DUMMY0"])
                == 0)
    }

    /// DUMMY0 is the primary output; `external` (no output) is set before `laptop`, which
    /// takes DUMMY0, so RandR lists `external` first, neither marked primary: xgest called
    /// `external` primary, and an edge swipe on the laptop panel's right edge failed.
    @Test func theMonitorShowingThePrimaryOutputIsPrimary() throws {
        let s = try MonitorSession(
            config: Self.config,
            before: Self.replaceThePrimaryOutputsMonitor)
        #expect(s.daemon.waitForLine(containing: "monitor laptop (primary)") != nil, "\(s.daemon.stderrLines)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("monitor external (primary)") })
        try swipe(s.server, fromX: 1915, toX: 1600)
        #expect(
            s.daemon.waitForLine(containing: "action         edge-right-primary") != nil,
            "\(s.daemon.stderrLines.suffix(20))")
    }
}
