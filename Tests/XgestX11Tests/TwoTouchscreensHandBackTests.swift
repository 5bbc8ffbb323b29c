import Testing
import XgestCore
import XgestTestServer

/// Two touchscreens on the core pointer under Openbox's click-to-focus grabs: a touch of one
/// handed back while xgest holds the other's undecided. Each touchscreen emulates the
/// pointer with its first touch, and the server hands such touches to the window manager's
/// grab oldest first: the second one's touch, rejected at once and lifted before the first
/// was decided, reached no window (docs/x11-notes.md, "A touch handed back while an older
/// one emulating the pointer is held").
@Suite struct TwoTouchscreensHandBackTests {
    static let config = """
        [[gesture]]
        name = "hold"
        kind = "long-press"
        device = "touchscreen"
        long-press-duration = "300ms"
        action = "exec true"
        """

    /// A daemon on a server with two touchscreens, Openbox with its click-to-focus
    /// bindings, and two windows apart.
    final class TwoScreens {
        let session: DaemonTests.Session
        let wm: WindowManagerProcess
        let left: TestWindow
        let right: TestWindow
        let second: Touchscreen
        let secondID: Int

        init() throws {
            var serverOptions = XorgServer.Options()
            serverOptions.secondTouchscreen = true
            session = try DaemonTests.Session(config: TwoTouchscreensHandBackTests.config, serverOptions: serverOptions)
            var options = WindowManagerProcess.Options()
            options.clickToFocus = true
            wm = try WindowManagerProcess(server: session.server, options: options)
            // Small enough for Openbox to place them apart.
            left = try TestWindow(server: session.server, x: 0, y: 0, width: 600, height: 600, className: "Left")
            right = try TestWindow(server: session.server, x: 1000, y: 0, width: 600, height: 600, className: "Right")
            second = try #require(session.server.secondTouchscreen)
            secondID = try session.server.deviceID(.secondTouchscreen)
        }

        deinit { wm.stop() }

        /// A finger of the first touchscreen down on the left window, held by the long
        /// press; a tap of the second one on the right window, handed back at once, lifted
        /// while the first finger is still undecided. Returns where each touched.
        func tapTheSecondDuringTheFirstsHold() throws -> (held: Point, tapped: Point) {
            let held = try ClickToFocusTests.rootPoint(session.server, left, x: 300, y: 300)
            let tapped = try ClickToFocusTests.rootPoint(session.server, right, x: 300, y: 300)
            let ts = session.server.touchscreen
            try ts.begin(id: 1, at: held)
            try ts.sync()
            #expect(session.daemon.waitForLine(containing: "touch-begin") != nil)
            try second.begin(id: 1, at: tapped)
            try second.sync()
            #expect(
                session.daemon.waitForLine(containing: "ownership reject touchscreen device=\(secondID)") != nil,
                "\(session.daemon.stderrLines)")
            try second.end(id: 1)
            try second.sync()
            return (held, tapped)
        }
    }

    /// The first finger lifted before its long press: both touches are handed back, and each
    /// window gets its own, whole.
    @Test func aTapOnTheSecondReachesItsWindowWhenTheFirstIsHandedBack() throws {
        let s = try TwoScreens()
        let (held, tapped) = try s.tapTheSecondDuringTheFirstsHold()
        try s.session.server.touchscreen.end(id: 1)
        try s.session.server.touchscreen.sync()
        let right = try s.right.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(right.map(\.phase) == [.begin, .end], "\(right)")
        #expect(right.allSatisfy { $0.sourceDeviceID == s.secondID }, "\(right)")
        #expect(right.first?.root == tapped, "\(right)")
        let left = try s.left.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(left.map(\.phase) == [.begin, .end], "\(left)")
        #expect(left.first?.root == held, "\(left)")
        #expect(!s.session.daemon.stderrLines.contains { $0.contains("action         hold") })
    }

    /// The first finger kept by its long press: the tap on the second goes to its window
    /// once the first is accepted, and the left window gets nothing.
    @Test func aTapOnTheSecondReachesItsWindowWhenTheFirstIsKept() throws {
        let s = try TwoScreens()
        let (_, tapped) = try s.tapTheSecondDuringTheFirstsHold()
        #expect(
            s.session.daemon.waitForLine(containing: "action         hold") != nil, "\(s.session.daemon.stderrLines)")
        let right = try s.right.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(right.map(\.phase) == [.begin, .end], "\(right)")
        #expect(right.first?.root == tapped, "\(right)")
        try s.session.server.touchscreen.end(id: 1)
        try s.session.server.touchscreen.sync()
        #expect(try s.left.receivedEvents().touches.isEmpty)
    }
}
