import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A hand-set matrix that maps the touchscreen wholly off the root: X clamps every touch
/// onto the root's edge, and xgest takes the touches there, and says why.
@Suite struct OffScreenTouchscreenTests {
    /// The glass's x from 2880 to 3840, past a root 1920 wide.
    static func mapOffTheRightOfTheScreen(_ server: XorgServer) throws {
        #expect(
            try runOnDisplay(
                server, "/usr/bin/xinput",
                ["set-prop", "xgest-touchscreen", "Coordinate Transformation Matrix"]
                    + ["0.5", "0", "1.5", "0", "1", "0", "0", "0", "1"]) == 0)
    }

    /// x from 2880 to 3840 on a root 1920 wide: X puts every touch at its right edge. xgest
    /// took them at the nearest point of the unreachable rectangle (x 2880, its left
    /// edge), hit-tested there and gave that to the action; it said nothing of the matrix.
    @Test func touchesOfAMatrixOffTheScreenAreTakenWhereXPutsThem() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-off-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let config = """
            [[gesture]]
            name = "off-tap"
            kind = "tap"
            device = "touchscreen"
            action = "exec sh -c 'echo \\"$XGEST_X\\" >> \(out)'"
            """
        let s = try MonitorSession(
            config: config, width: 1920, height: 1080,
            before: Self.mapOffTheRightOfTheScreen)
        let warning = s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen: its coordinate transformation")
        #expect(
            warning?.hasSuffix(
                "matrix maps it off the screen (960x1080+2880+0 of a 1920x1080+0+0 root): X clamps every touch onto "
                    + "the screen's edge, on the line from 1920,0 to 1920,1080, where xgest takes them, on the monitor "
                    + "there (`xinput map-to-output` maps it to a monitor)") == true, "\(warning ?? "no warning")")
        try tap(s.server, x: 300, y: 500)
        #expect(s.daemon.waitForLine(containing: "(sh) exited") != nil, "\(s.daemon.stderrLines.suffix(20))")
        let x = try String(contentsOfFile: out, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(Double(x).map { $0 > 1919 && $0 < 1920 } == true, "XGEST_X=\(x)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("2880,") }, "\(s.daemon.stderrLines.suffix(20))")
        let devices = try runXgest(["devices"], environment: environment(display: s.server.displayName))
        let line = devices.out.split(separator: "\n").first { $0.contains("xgest-touchscreen") } ?? ""
        #expect(line.contains("its coordinate transformation matrix maps it off the screen"), "\(devices.out)")
    }
}
