import Testing
import XgestCore
import XgestTestServer

/// A finger that lands while the fingers of a sequence just handed back are down goes to
/// the application with them (docs/state-machines/touchscreen.md, "Fingers landing after a
/// hand-back"): a three-finger tap whose fingers came too slowly ran the one-finger tap's
/// action with its last finger, while the window had the first two.
@Suite struct LateFingerHandBackTests {
    static let config = """
        [[gesture]]
        name = "tap1"
        kind = "tap"
        device = "touchscreen"
        action = "exec true"

        [[gesture]]
        name = "tap3"
        kind = "tap"
        device = "touchscreen"
        fingers = 3
        action = "exec true"
        """

    /// The first finger is held by the one-finger tap past the three-finger tap's landing
    /// window; the second fails the one-finger tap and both are handed back; the third,
    /// landing while they are down, follows them.
    @Test func aLateThirdFingerOfAThreeFingerTapReachesTheWindowAndRunsNoOneFingerTap() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 600, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "tap3 possible → failed (too few fingers") != nil)
        try ts.begin(id: 2, x: 660, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil)
        try ts.begin(id: 3, x: 720, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "(joins touches handed back)") != nil, "\(s.daemon.stderrLines)")
        for (id, x) in [(1, 600.0), (2, 660), (3, 720)] { try ts.end(id: UInt32(id), x: x, y: 500) }
        try ts.sync()
        let touches = try window.collectEvents { $0.touches.filter { $0.phase == .end }.count == 3 }.touches
        #expect(touches.filter { $0.phase == .begin }.count == 3, "\(touches)")
        #expect(touches.filter { $0.phase == .end }.count == 3, "\(touches)")
        // A tap after it reaches the window and fires: the engine took the lifts of the
        // fingers handed back, so nothing holds it.
        try ts.begin(id: 4, x: 900, y: 500)
        try ts.sync()
        try ts.end(id: 4, x: 900, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         tap1") != nil)
        #expect(
            s.daemon.stderrLines.filter { $0.contains("action         tap1") }.count == 1, "\(s.daemon.stderrLines)")
    }

    /// The lift of a handed-back finger reaches the engine from the raw touch end (the
    /// server ends the touch for xgest at the reject): a tap right after it is a gesture
    /// of its own.
    @Test func aTapRightAfterHandedBackFingersLiftedIsRecognized() throws {
        let s = try DaemonTests.Session(config: Self.config)
        _ = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 600, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "tap3 possible → failed (too few fingers") != nil)
        try ts.begin(id: 2, x: 660, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil)
        #expect(s.daemon.waitForLines { $0.filter { $0.contains("(handed back)") }.count == 2 })
        try ts.end(id: 1, x: 600, y: 500)
        try ts.end(id: 2, x: 660, y: 500)
        try ts.sync()
        // Both lifts, as the engine is told of them: ends with no note, after the two it
        // gave the touches at the reject.
        #expect(
            s.daemon.waitForLines {
                $0.filter { $0.contains("touch-end") && !$0.contains("(handed back)") }.count == 2
            }, "\(s.daemon.stderrLines)")
        // Within the 100 ms a finger landing would join them were they still down.
        try ts.begin(id: 3, x: 900, y: 500)
        try ts.sync()
        try ts.end(id: 3, x: 900, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         tap1") != nil, "\(s.daemon.stderrLines)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("joins touches handed back") })
    }

    /// The lift of each finger handed back is told where that finger was. The end the server
    /// sends xgest at the reject is made where the pointer is, the first finger's spot for
    /// every finger, and the lifts were all told there.
    @Test func eachHandedBackFingerLiftsWhereItWas() throws {
        let s = try DaemonTests.Session(config: Self.config)
        _ = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 600, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "tap3 possible → failed (too few fingers") != nil)
        try ts.begin(id: 2, x: 660, y: 520)
        try ts.sync()
        #expect(s.daemon.waitForLines { $0.filter { $0.contains("(handed back)") }.count == 2 })
        try ts.end(id: 1)
        try ts.end(id: 2)
        try ts.sync()
        #expect(
            s.daemon.waitForLines {
                $0.filter { $0.contains("touch-end") && !$0.contains("(handed back)") }.count == 2
            }, "\(s.daemon.stderrLines)")
        let lifts = s.daemon.stderrLines.filter { $0.contains("touch-end") && !$0.contains("(handed back)") }
        #expect(lifts.contains { $0.contains("touch 1 at 600,500") }, "\(lifts)")
        #expect(lifts.contains { $0.contains("touch 2 at 660,520") }, "\(lifts)")
    }
}
