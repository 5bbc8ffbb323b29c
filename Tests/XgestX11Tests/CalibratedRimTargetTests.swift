import Foundation
import Testing
import XgestTestServer

/// A calibrated touchscreen's matrix scales the glass past the laptop panel, and the
/// server clamps that overhang to the root only: on the side the panel shares with the
/// external monitor, the glass's rim lands on that monitor. The touch is on the panel's
/// edge, and so is its window.
@Suite struct CalibratedRimTargetTests {
    static let config =
        MonitorTests.edgeConfig + """

            [[app]]
            class = "Game"
            disable = ["edge-right"]
            """

    /// An editor on the panel, a game on the external monitor, whose `[[app]]` section
    /// disables the edge swipe. A swipe in from the glass's rim, which X puts at 1967 on the
    /// external monitor, was judged by the game's rules (and, without them, fired on the
    /// game); it is the editor's, the window under the point on the panel's edge.
    @Test func aSwipeFromTheRimIsTheWindowsOnThePanel() throws {
        let s = try MonitorSession.calibratedPastThePanel(config: Self.config)
        let (editor, game) = try s.editorAndGame()
        defer {
            editor.close()
            game.close()
        }
        // The device's x 3838 lands at 1966.95, on the external monitor.
        try swipe(s.server, fromX: 3838, toX: 3200)
        #expect(s.daemon.waitForLine(containing: "action         edge-right") != nil)
        // A global binding's key goes to the focused window: the gesture's own line names
        // the window it ran on.
        let began = s.daemon.stderrLines.first { $0.contains("gesture edge-right edge began") }
        #expect(began?.contains("class=Editor") == true, "\(s.daemon.stderrLines.suffix(30))")
        #expect(!s.daemon.stderrLines.contains { $0.contains("disabled in class \"Game\"") })
    }
}
