import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// The keys of an `[[app]]` binding are for the window its gesture started on. Its first
/// key gives that window the keyboard and the later ones go where the focus is; once the
/// window is destroyed or unmapped, the focus goes to another application, which got them
/// (a terminal's Ctrl+W closing a tab in whatever took the focus), each said done "on" the
/// closed window. They fail now, and a `key-down` is still let go of at the end.
@Suite struct AppKeyWindowGoneTests {
    /// A global two-finger tap typing F5: once its key is at the focused window, any key
    /// the gesture sent before it would be there too.
    static let mark = """

        [[gesture]]
        name = "mark"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "key F5"
        """

    /// AppA at the left, AppB at the right with the focus, and the pointer over AppA.
    static func windows(_ s: DaemonTests.Session) throws -> (a: TestWindow, b: TestWindow) {
        let a = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "AppA")
        let b = try TestWindow(server: s.server, x: 900, y: 0, width: 800, height: 600, className: "AppB")
        try b.focus()
        _ = try a.receivedEvents()
        _ = try b.receivedEvents()
        try s.server.pointer.move(x: 400, y: 300)
        try s.server.pointer.sync()
        return (a, b)
    }

    /// A touchpad's frame, 80 a second: one binding's steps less than 8 ms apart are
    /// dropped by design, so each update that is a step comes a frame after the last.
    static let frameMicroseconds: UInt64 = 12_500

    /// `send`s `count` touchpad frames, a frame apart, then syncs.
    static func frames(_ s: DaemonTests.Session, _ count: Int, _ send: (Int) throws -> Void) throws {
        for n in 0..<count {
            let due = monotonicMicroseconds() + Self.frameMicroseconds
            try send(n)
            try s.server.touchpad.sync()
            let now = monotonicMicroseconds()
            if due > now { usleep(UInt32(due - now)) }
        }
    }

    /// The keys `window` got up to the F5 of a global tap after the gesture.
    static func keysUpToMark(_ s: DaemonTests.Session, _ window: TestWindow) throws -> [ReceivedKey] {
        try RecordReplayTests.tap2(s.server, x: 1200, y: 300)
        let f5 = s.keycode("F5")
        return try window.collectEvents { $0.keys.contains { $0.keycode == f5 && !$0.isPress } }.keys
    }

    @Test func aRepeatingPinchsStepsFailOnceItsWindowIsDestroyed() throws {
        let s = try DaemonTests.Session(
            config: """
                [[app]]
                class = "AppA"
                [[app.gesture]]
                name = "a-zoom"
                kind = "pinch"
                device = "touchpad"
                fingers = 2
                direction = "out"
                repeat = true
                action = "key a"
                reverse-action = "key b"
                """ + Self.mark)
        let (a, b) = try Self.windows(s)
        let pad = s.server.touchpad
        try pad.pinch(.begin, fingers: 2, scale: 1)
        try Self.frames(s, 1) { _ in try pad.pinch(.update, fingers: 2, scale: 1.3) }
        #expect(s.daemon.waitForLine(containing: "action         a-zoom") != nil)
        let first = try a.collectEvents { $0.keys.contains { !$0.isPress } }.keys
        #expect(first.map(\.keycode) == [s.keycode("a"), s.keycode("a")], "\(s.daemon.stderrLines.suffix(5))")
        // The application quits; the focus goes back to B, as a window manager gives it.
        try a.destroy()
        try b.focus()
        // Each frame a step: 1.3 × 1.25 is 1.625, × 1.25 again 2.03.
        try Self.frames(s, 2) { n in try pad.pinch(.update, fingers: 2, scale: [1.7, 2.1][n]) }
        try pad.pinch(.end, fingers: 2, scale: 2.1)
        try pad.sync()
        #expect(s.daemon.waitForLine(containing: "pinch-end") != nil)
        #expect(waitForLines(s.daemon, containing: "action         a-zoom", count: 2))
        let steps = s.daemon.stderrLines.filter { $0.contains("action         a-zoom") }
        #expect(steps.first?.contains("key a on AppA -> done") == true, "\(steps)")
        #expect(
            steps.count > 1
                && steps.dropFirst().allSatisfy { $0.contains("key a on AppA -> failed: key a: window gone") },
            "\(steps)")
        let keys = try Self.keysUpToMark(s, b)
        #expect(keys.map(\.keycode) == [s.keycode("F5"), s.keycode("F5")], "\(keys)")
    }

    /// A switcher: Alt held from the begin, a Tab per step. Its window hidden mid-gesture,
    /// the Tabs fail, and the Alt is let go of at the end all the same.
    @Test func aSwitchersTabsFailOnceItsWindowIsUnmappedAndItsAltIsLetGo() throws {
        let s = try DaemonTests.Session(
            config: """
                [[app]]
                class = "AppA"
                [[app.gesture]]
                name = "a-switch"
                kind = "swipe"
                device = "touchpad"
                fingers = 3
                direction = "right"
                repeat = true
                begin-action = "key-down alt"
                action = "key Tab"
                """ + Self.mark)
        let (a, b) = try Self.windows(s)
        let pad = s.server.touchpad
        try pad.swipe(.begin, fingers: 3)
        try Self.frames(s, 4) { _ in try pad.swipe(.update, fingers: 3, dx: 60) }
        #expect(waitForLines(s.daemon, containing: "action         a-switch", count: 2))
        let tab = s.keycode("Tab")
        #expect(try a.collectEvents { $0.keys.contains { $0.keycode == tab && !$0.isPress } }.keys.count >= 3)
        let before = s.daemon.stderrLines.filter { $0.contains("action         a-switch") }.count
        try a.unmap()
        try b.focus()
        try Self.frames(s, 4) { _ in try pad.swipe(.update, fingers: 3, dx: 60) }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        #expect(s.daemon.waitForLine(containing: "swipe-end") != nil)
        #expect(s.daemon.waitForLine(containing: "key-up alt on AppA -> done") != nil)
        let steps = s.daemon.stderrLines.filter { $0.contains("action         a-switch") }
        let late = steps.dropFirst(before)
        #expect(late.contains { $0.contains("key Tab on AppA -> failed: key Tab: window unmapped") }, "\(steps)")
        #expect(!late.contains { $0.contains("key Tab on AppA -> done") }, "\(steps)")
        #expect(late.last?.contains("key-up alt on AppA -> done") == true, "\(steps)")
        let keys = try Self.keysUpToMark(s, b)
        #expect(!keys.contains { $0.keycode == tab }, "\(keys)")
        let watcher = try XDisplay(name: s.server.displayName)
        #expect(keysDown(watcher).isEmpty)
    }
}
