import Testing
import XgestTestServer

/// A window manager may keep an application's frame mapped a while after the application
/// quit (a busy Openbox kept one for minutes). Its description stayed cached as the dead
/// application's, since nothing about the frame changed: `[[app]]` bindings of that
/// application kept matching over the empty frame.
@Suite struct EmptyFrameTests {
    static let config = """
        [[app]]
        class = "Doomed"
        [[app.gesture]]
        name = "doomed-tap"
        kind = "tap"
        device = "touchscreen"
        action = "key F6"
        """

    @Test func anEmptiedFrameIsNoLongerItsDeadApplication() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(
            server: s.server, x: 100, y: 100, width: 800, height: 600, className: "Doomed", framed: true)
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 400, y: 400)
        try ts.sync()
        try ts.end(id: 1, x: 400, y: 400)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         doomed-tap") != nil, "\(s.daemon.stderrLines)")

        try window.destroyClientOnly()
        let before = s.daemon.stderrLines.count
        try ts.begin(id: 2, x: 400, y: 400)
        try ts.sync()
        try ts.end(id: 2, x: 400, y: 400)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil, "\(s.daemon.stderrLines)")
        let later = s.daemon.stderrLines.dropFirst(before)
        let begin = later.first { $0.contains("touch-begin") }
        #expect(begin != nil && !(begin ?? "").contains("class=Doomed"), "\(later)")
        #expect(!later.contains { $0.contains("action         doomed-tap") }, "\(later)")
    }
}
