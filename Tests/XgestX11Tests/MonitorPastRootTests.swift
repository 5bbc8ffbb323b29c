import Foundation
import Testing
import XgestTestServer

/// A monitor reaching past the root (`xrandr --setmonitor` lets one, and keeps it when
/// `--fb` shrinks the root): its gestures run on its part on the root.
@Suite struct MonitorPastRootTests {
    static let config = """
        [[gesture]]
        name = "edge-left"
        kind = "edge"
        device = "touchscreen"
        direction = "left"
        action = "key F4"
        """

    /// A monitor from x = -200: a swipe in from the root's left side was "not at the
    /// screen edge", the monitor's edge lying off the root. It is the edge, and `--debug`
    /// says what the gestures run on.
    @Test func theRootsSideIsTheEdgeOfAMonitorPastIt() throws {
        let s = try MonitorSession(
            config: Self.config,
            before: { server in
                let set = try runOnDisplay(
                    server, "/usr/bin/xrandr", ["--setmonitor", "neg", "1920/508x1080/286+-200+0", "DUMMY0"])
                #expect(set == 0)
            })
        #expect(
            s.daemon.waitForLine(
                containing: "monitor neg (primary): 1920x1080-200+0, 508x286 mm, past the root: its gestures run on "
                    + "1720x1080+0+0") != nil, "\(s.daemon.stderrLines)")
        try swipe(s.server, fromX: 2, toX: 300)
        #expect(
            s.daemon.waitForLine(containing: "action         edge-left") != nil, "\(s.daemon.stderrLines.suffix(20))")
    }
}
