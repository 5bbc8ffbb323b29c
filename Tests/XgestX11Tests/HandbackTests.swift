import Testing
import XgestCore
import XgestTestServer

/// Touches no binding can take reach the application early and whole, under the shipped
/// config plus a bound three-finger touchscreen swipe: each binding gives them up on
/// evidence (a finger moving alone, the landing window's end), not when the fingers lift.
@Suite struct HandbackTests {
    static let threeFingerSwipe = """

        [[gesture]]
        name = "three-finger-swipe"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "left"
        action = "exec true"

        """

    static func session() throws -> DaemonTests.Session {
        try DaemonTests.Session(config: try TouchpadDaemonTests.shippedConfig() + threeFingerSwipe)
    }

    /// A symmetric pinch does not move the fingers' centre, so only the fingers' own
    /// motion tells the bindings it is not theirs. It is handed back while both fingers are
    /// down: the application gets both fingers' replayed histories, then both live.
    @Test func aFastPinchReachesTheApplicationWithBothFingersLiveAtOnce() throws {
        let s = try Self.session()
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 625, y: 500)
        try ts.begin(id: 2, x: 775, y: 500)
        try ts.sync()
        var half = 75.0
        for _ in 1...3 {
            half += 6
            try ts.update(id: 1, x: 700 - half, y: 500)
            try ts.update(id: 2, x: 700 + half, y: 500)
            try ts.sync()
        }
        // Handed back on the evidence of the motion, before any finger lifts.
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil)
        let early = try window.collectEvents { e in e.touches.filter { $0.phase == .begin }.count == 2 }.touches
        #expect(early.filter { $0.phase == .begin }.count == 2, "\(early)")
        #expect(!early.contains { $0.phase == .end })
        for _ in 1...5 {
            half += 12
            try ts.update(id: 1, x: 700 - half, y: 500)
            try ts.update(id: 2, x: 700 + half, y: 500)
            try ts.sync()
        }
        try ts.end(id: 1, x: 700 - half, y: 500)
        try ts.end(id: 2, x: 700 + half, y: 500)
        try ts.sync()
        let touches =
            early + (try window.collectEvents { e in e.touches.filter { $0.phase == .end }.count == 2 }.touches)
        // Both fingers begin before either ends, and the spread reaches its end in the application.
        let lastBegin = try #require(touches.lastIndex { $0.phase == .begin })
        let firstEnd = try #require(touches.firstIndex { $0.phase == .end })
        #expect(lastBegin < firstEnd)
        let ids = Set(touches.map(\.id))
        #expect(ids.count == 2)
        for id in ids {
            let mine = touches.filter { $0.id == id }
            #expect(mine.first?.phase == .begin)
            #expect(mine.last?.phase == .end)
            #expect(mine.filter { $0.phase == .update }.count == 8, "\(mine)")
        }
    }

    /// Two fingers scrolling side by side in a window with a pinch binding never change
    /// their spread: the binding held them until a finger lifted, and the application got
    /// one finger's whole history, then the other's (a one-finger fling where it would
    /// not have scrolled). They are handed back while both are down.
    @Test func aTwoFingerScrollOverAPinchBindingReachesTheApplicationWhileItsFingersAreDown() throws {
        let s = try DaemonTests.Session(
            config: """
                [[app]]
                class = "Editor"
                [[app.gesture]]
                name = "zoom-in"
                kind = "pinch"
                device = "touchscreen"
                direction = "out"
                action = "exec true"

                """)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 650, y: 600)
        try ts.begin(id: 2, x: 750, y: 600)
        try ts.sync()
        for step in 1...4 {
            try ts.update(id: 1, x: 650, y: 600 - 8 * Double(step))
            try ts.update(id: 2, x: 750, y: 600 - 8 * Double(step))
            try ts.sync()
        }
        #expect(s.daemon.waitForLine(containing: "fingers moved together") != nil)
        let early = try window.collectEvents { e in e.touches.filter { $0.phase == .begin }.count == 2 }.touches
        #expect(early.filter { $0.phase == .begin }.count == 2, "\(early)")
        try ts.end(id: 1, x: 650, y: 568)
        try ts.end(id: 2, x: 750, y: 568)
        try ts.sync()
        let touches =
            early + (try window.collectEvents { e in e.touches.filter { $0.phase == .end }.count == 2 }.touches)
        let lastBegin = try #require(touches.lastIndex { $0.phase == .begin })
        let firstEnd = try #require(touches.firstIndex { $0.phase == .end })
        #expect(lastBegin < firstEnd, "\(touches)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("action") && $0.contains("zoom-in") })
    }

    /// A finger resting alone is handed back when the 50 ms landing window ends, while it
    /// is still down: a toolkit's long-press timer starts then, not at the lift.
    @Test func aStillFingerReachesTheApplicationWhileItIsDown() throws {
        let s = try Self.session()
        // At its start the daemon says what each touchscreen binding holds, and where not.
        #expect(
            s.daemon.stderrLines.contains {
                $0.contains(
                    #"three-finger-swipe: touchscreen, except in class "steam_app_*" windows: holds one- to two-finger"#
                        + " touches up to 50 ms after each landing, 200 ms in all (less if they move 4 px)")
            }, "\(s.daemon.stderrLines)")
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 700, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil)
        let down = try window.collectEvents { $0.touches.contains { $0.phase == .begin } }.touches
        #expect(down.map(\.phase) == [.begin])
        try ts.end(id: 1, x: 700, y: 500)
        try ts.sync()
        let up = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(up.map(\.phase) == [.end])
    }

    /// A finger that moves farther than `finger-landing-movement` (1 mm: 3.8 px on the
    /// test server's 96 dpi monitor) while a two-finger tap waits for the second finger is a
    /// drag: it is handed back at that motion, not at the landing window's end (400 ms
    /// here, so no timer can be first), and a motion within the slop keeps it held.
    @Test func aFingerMovingPastTheLandingSlopIsHandedBackAtThatMotion() throws {
        let s = try DaemonTests.Session(
            config: """
                [[gesture]]
                name = "two-tap"
                kind = "tap"
                device = "touchscreen"
                fingers = 2
                hold-touches = "400ms"
                action = "exec true"
                """)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 700, y: 500)
        try ts.sync()
        try ts.update(id: 1, x: 703, y: 500)
        try ts.sync()
        try ts.update(id: 1, x: 705, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil)
        // The tap fails at the 5 px motion itself: its trace line follows that motion's,
        // with the same event time.
        let lines = s.daemon.stderrLines
        let motion = lines.firstIndex { $0.contains("touch-update") && $0.contains("touch 1 at 705,500") }
        let failure = lines.firstIndex { $0.contains("transition two-tap possible → failed (too few fingers)") }
        #expect(motion != nil && failure == motion.map { $0 + 1 }, "\(lines)")
        if let motion, let failure {
            #expect(lines[failure].prefix(12) == lines[motion].prefix(12), "\(lines)")
        }
        let down = try window.collectEvents { $0.touches.contains { $0.phase == .begin } }.touches
        #expect(down.first?.phase == .begin)
        try ts.end(id: 1, x: 705, y: 500)
        try ts.sync()
        let up = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(up.last?.phase == .end)
    }

    /// The bound swipe still fires, and not one of its touches reaches the application.
    @Test func theBoundThreeFingerSwipeFiresAndLeaksNothing() throws {
        let s = try Self.session()
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        try s.swipeLeft()
        #expect(s.daemon.waitForLine(containing: "action         three-finger-swipe") != nil)
        #expect(s.daemon.waitForLine(containing: "ownership accept") != nil)
        // A tap after it reaches the window: everything before it was delivered, and no
        // touch of the swipe was among it.
        let touches = try s.tap(x: 300, y: 300, id: 9, reaching: window)
        #expect(touches.map(\.root) == [Point(x: 300, y: 300), Point(x: 300, y: 300)], "\(touches)")
    }

    /// With no touchscreen binding, xgest does not grab touches: the application gets each
    /// touch straight from the server, by the time the driver's sync returns.
    @Test func withNoTouchscreenBindingTouchesAreNotGrabbed() throws {
        let s = try DaemonTests.Session(
            config: """
                [[gesture]]
                kind = "swipe"
                device = "touchpad"
                fingers = 3
                direction = "left"
                action = "desktop next"
                """)
        #expect(s.daemon.stderrLines.contains { $0.contains("touches not grabbed") }, "\(s.daemon.stderrLines)")
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 800, height: 600, className: "Editor")
        try s.server.touchscreen.begin(id: 1, x: 300, y: 300)
        try s.server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.map(\.phase) == [.begin])
        try s.server.touchscreen.end(id: 1, x: 300, y: 300)
        try s.server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.map(\.phase) == [.end])
    }
}
