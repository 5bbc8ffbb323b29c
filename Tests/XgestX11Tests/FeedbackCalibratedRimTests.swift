import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A calibrated touchscreen's glass reaches past the laptop panel, and X puts the rim's
/// touches on the external monitor beside it: a stroke there runs on the panel, and its
/// trail and label are drawn there too, as the recognizer takes its points.
@Suite struct FeedbackCalibratedRimTests {
    static let config = """
        [feedback]
        label-duration = "10s"

        [[gesture]]
        name = "finger-check"
        kind = "stroke"
        device = "touchscreen"
        shape = "check"
        action = "key F6"
        """

    /// The device's point that ``calibrateTouchscreenPastThePanel(_:)`` puts at `p` of the
    /// root (x = 0.525 x′ − 48, y = 1.05 y′ − 27 on the 3840×1080 root).
    static func device(_ p: Point) -> Point { Point(x: (p.x + 48) / 0.525, y: (p.y + 27) / 1.05) }

    /// A check whose last three points X puts past the panel's right edge (1920), up to
    /// 1960 on the external monitor: trail and label were drawn there, the label to the
    /// right of the raw end, on the monitor the user was not drawing on.
    @Test func aStrokeEndingOnTheRimIsDrawnAndLabelledOnThePanel() throws {
        let s = try MonitorSession.calibratedPastThePanel(config: Self.config)
        let watch = try ScreenWatch(server: s.server)
        let path = Drawn.check(from: Point(x: 1660, y: 500))
        let end = path[path.count - 1]
        #expect(end.x > 1950)
        try s.server.drawWithFinger(path.map(Self.device))
        #expect(s.daemon.waitForLine(containing: "feedback label: finger-check") != nil)
        // The trail ends on the panel's last column, the label to its left.
        let panelEnd = Point(x: 1918, y: end.y)
        let onPanel = Point(x: 1899, y: end.y + 16)
        #expect(watch.wait { $0.pixel(panelEnd) == FeedbackTests.trailPixel }, "no trail at the panel's edge")
        #expect(watch.wait { $0.pixel(onPanel) == FeedbackTests.labelPixel }, "no label on the panel")
        // Nothing of either past the trail's half width on the external monitor.
        let external = watch.pixels(x: 1924, y: Int(end.y) - 60, width: 200, height: 200)
        let drawn = external.joined().filter { $0 == FeedbackTests.trailPixel || $0 == FeedbackTests.labelPixel }.count
        #expect(drawn == 0, "pixels of the trail or label on the external monitor")
    }
}
