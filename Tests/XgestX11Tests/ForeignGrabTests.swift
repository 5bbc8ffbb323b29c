import Testing
import XgestCore
import XgestTestServer

/// Other clients' grabs that come before xgest's root touch grab: xgest acts only on the
/// touches it owns (docs/x11-notes.md, "Xgest acts only on touches it owns").
@Suite struct ForeignGrabTests {
    static let config = """
        [[gesture]]
        name = "tap2"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "key a"
        """

    /// A two-finger tap, both fingers landing in one frame and lifting in the next.
    static func twoFingerTap(_ ts: Touchscreen, at first: Point, _ second: Point) throws {
        try ts.begin(id: 1, x: first.x, y: first.y)
        try ts.begin(id: 2, x: second.x, y: second.y)
        try ts.sync()
        try ts.end(id: 1, x: first.x, y: first.y)
        try ts.end(id: 2, x: second.x, y: second.y)
        try ts.sync()
    }

    @Test func aTapWhileAMenuGrabsThePointerGoesToTheMenuAndFiresNothing() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let app = try TestWindow(server: s.server, x: 100, y: 100, width: 800, height: 600, className: "Editor")
        var options = TestWindow.Options(x: 1000, y: 100, width: 200, height: 300)
        options.overrideRedirect = true
        let menu = try TestWindow(server: s.server, options: options)
        try menu.grabPointer()
        try Self.twoFingerTap(s.server.touchscreen, at: Point(x: 300, y: 300), Point(x: 400, y: 300))
        // The grab owns the finger that emulates the pointer: the menu gets its click.
        let clicks = try menu.collectEvents { $0.buttons.contains { !$0.isPress } }.buttons
        #expect(clicks.map(\.isPress) == [true, false])
        #expect(clicks.first?.root == Point(x: 300, y: 300))
        #expect(s.daemon.waitForLine(containing: "taken by another client") != nil)
        // The other finger, xgest's, goes back to the application under it, whole.
        let touches = try app.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])
        #expect(touches.first?.root == Point(x: 400, y: 300))
        #expect(!s.daemon.stderrLines.contains { $0.contains("recognized") || $0.contains("action ") })

        // With the menu gone, the same tap is xgest's again: the ordinary case waits for nothing.
        menu.close()
        try Self.twoFingerTap(s.server.touchscreen, at: Point(x: 300, y: 300), Point(x: 400, y: 300))
        #expect(s.daemon.waitForLine(containing: "action         tap2") != nil)
        #expect(try app.receivedEvents().touches.isEmpty)
    }
}
