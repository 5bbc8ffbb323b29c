import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A calibrated touchscreen's rim, which X puts on the external monitor beside the panel,
/// is taken on the panel's right edge: the pixels a gesture there gives its actions and
/// scripts are the panel's last column, not the external monitor's first.
@Suite struct PixelOnTheGesturesMonitorTests {
    static func config(out: String) -> String {
        """
        [[gesture]]
        name = "rim-tap"
        kind = "tap"
        device = "touchscreen"
        action = "exec sh -c 'echo \\"$XGEST_X|$XGEST_TOUCHES\\" >> \(out)'"

        [[gesture]]
        name = "rim-click"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "click 1"
        """
    }

    /// Taken at 1919.9999999999998, a touch printed as 1920 (`XGEST_X`, `XGEST_TOUCHES`,
    /// `--debug`) and clicked at pixel 1920: on the external monitor's window.
    @Test func aTouchOnTheRimIsOnThePanelsLastPixel() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-rim-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let s = try MonitorSession.calibratedPastThePanel(config: Self.config(out: out))
        let (editor, game) = try s.editorAndGame()
        defer {
            editor.close()
            game.close()
        }
        // The device's x 3839 lands at 1967.5 (y 500 a hair above 498, X's pixel 497).
        try tap(s.server, x: 3839, y: 500)
        #expect(s.daemon.waitForLine(containing: "(sh) exited") != nil, "\(s.daemon.stderrLines.suffix(20))")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        #expect(written == "1919.99|1919.99,497.99\n")
        #expect(s.daemon.stderrLines.contains { $0.contains("rim-tap") && $0.contains("at 1919.99,497.99") })
        #expect(!s.daemon.stderrLines.contains { $0.contains("1920,") }, "\(s.daemon.stderrLines.suffix(20))")

        // Two fingers there: the click goes to the editor, at its last column.
        _ = try editor.receivedEvents()
        _ = try game.receivedEvents()
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 3839, y: 400)
        try ts.begin(id: 2, x: 3839, y: 600)
        try ts.sync()
        try ts.end(id: 1, x: 3839, y: 400)
        try ts.end(id: 2, x: 3839, y: 600)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "rim-click: click 1") != nil, "\(s.daemon.stderrLines.suffix(20))")
        let buttons = try editor.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.root.x) == [1919, 1919], "\(buttons)")
        #expect(try game.receivedEvents().buttons.isEmpty)
    }
}
