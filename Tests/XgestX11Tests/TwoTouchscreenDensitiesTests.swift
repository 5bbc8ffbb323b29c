import Testing
import XgestCore
import XgestTestServer

/// A laptop panel of 12.4 px/mm and a touch monitor of 96 dpi, each with its own
/// touchscreen: one density converted every millimetre setting, that of the lowest device
/// id's monitor, so a tap moving 10 px (0.8 mm on the panel) failed `moved too far` on one
/// of them. Each touchscreen's gestures are now judged at its own monitor's density.
@Suite struct TwoTouchscreenDensitiesTests {
    static let config = """
        [[gesture]]
        name = "tap"
        kind = "tap"
        device = "touchscreen"
        action = "exec true"
        """

    /// A tap whose finger moves 10 px on the screen between its landing and its lift, at
    /// `x` on the screen; device coordinates span the root, and each touchscreen's matrix
    /// halves them onto its monitor.
    static func tapMoving10Pixels(_ ts: Touchscreen, screenX: Double, monitorX: Double) throws {
        let deviceX = (screenX - monitorX) * 2
        try ts.begin(id: 1, x: deviceX, y: 500)
        try ts.sync()
        try ts.update(id: 1, x: deviceX + 20, y: 500)
        try ts.sync()
        try ts.end(id: 1, x: deviceX + 20, y: 500)
        try ts.sync()
    }

    @Test func eachTouchscreenIsJudgedAtItsOwnMonitorsDensity() throws {
        let s = try MonitorSession(
            config: Self.config, secondTouchscreen: true,
            before: { server in
                // 1920 px over 155 mm and 1080 over 87: 12.4 px/mm.
                try setTwoMonitors(server, laptopMillimeters: "155x1080/87")
                try mapTouchscreenToLeftHalf(server)
                #expect(
                    try runOnDisplay(
                        server, "/usr/bin/xinput",
                        ["set-prop", "xgest-touchscreen-2", "Coordinate Transformation Matrix"]
                            + ["0.5", "0", "0.5", "0", "1", "0", "0", "0", "1"]) == 0)
            })
        #expect(s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen is mapped to laptop") != nil)
        #expect(s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen-2 is mapped to external") != nil)
        let panel = s.daemon.waitForLine(
            containing: "millimetres are converted at touchscreen xgest-touchscreen's monitor laptop")
        #expect(panel?.contains("12.4") == true, "\(s.daemon.stderrLines)")
        // The panel's touchscreen gave the base density: its line says it covers every device
        // not named on a line of its own, not "the other devices", as if it were not one.
        #expect(panel?.hasSuffix(" for the gestures of every device not named above") == true, "\(panel ?? "none")")
        let external = s.daemon.waitForLine(
            containing: "millimetres are converted at touchscreen xgest-touchscreen-2's monitor external")
        #expect(external?.contains("3.78") == true, "\(s.daemon.stderrLines)")
        let second = try #require(s.server.secondTouchscreen)

        // 10 px is 0.8 mm on the panel, under the 1.6 mm `tap-movement`: a tap.
        try Self.tapMoving10Pixels(s.server.touchscreen, screenX: 500, monitorX: 0)
        #expect(s.daemon.waitForLine(containing: "action         tap") != nil, "\(s.daemon.stderrLines)")
        // 10 px is 2.6 mm on the external monitor: not a tap.
        try Self.tapMoving10Pixels(second, screenX: 2420, monitorX: 1920)
        #expect(s.daemon.waitForLine(containing: "tap possible → failed (moved too far)") != nil)
        // And the panel's again, after the external one's: each sequence gets its own.
        try Self.tapMoving10Pixels(s.server.touchscreen, screenX: 600, monitorX: 0)
        #expect(waitForLines(s.daemon, containing: "action         tap", count: 2), "\(s.daemon.stderrLines)")
    }
}
