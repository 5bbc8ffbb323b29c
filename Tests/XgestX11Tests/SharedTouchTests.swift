import Foundation
import Testing
import XgestCore
import XgestTestServer

/// `cancels-touches = false` on the real server: the application gets the touches whole
/// and at once, and the binding still follows them to the end (through raw touch events,
/// since the touches are no longer xgest's).
@Suite struct SharedTouchTests {
    static let config = """
        [[gesture]]
        name = "scribble"
        kind = "pan"
        device = "touchscreen"
        cancels-touches = false
        action = "key F5"
        """

    @Test func aSharedPanRunsItsActionAndTheWindowGetsEveryTouchEvent() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1200, height: 800)
        try window.focus()
        _ = try window.receivedEvents()
        #expect(s.daemon.waitForLine(containing: "scribble: touchscreen: holds nothing") != nil)
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 400, y: 300)
        try ts.sync()
        // The application has the touch before it moves: nothing held it.
        let begun = try window.collectEvents { $0.touches.contains { $0.phase == .begin } }
        #expect(begun.touches.map(\.phase) == [.begin])
        for step in 1...8 {
            try ts.update(id: 1, x: 400 + Double(step * 20), y: 300 + Double(step))
            try ts.sync()
        }
        try ts.end(id: 1, x: 560, y: 308)
        try ts.sync()
        // xgest followed the touch to its end: the pan ended where the finger lifted.
        #expect(s.daemon.waitForLine(containing: "gesture scribble pan ended") != nil)
        let ended = s.daemon.stderrLines.first { $0.contains("gesture scribble pan ended") } ?? ""
        #expect(ended.contains("translation=160,8"), "\(ended)")
        #expect(s.daemon.stderrLines.contains { $0.contains("ownership reject touchscreen") && $0.hasSuffix("shared") })
        // The action ran, and the window got the whole sequence: begin, every update, end.
        let events = try window.collectEvents { e in
            e.touches.contains { $0.phase == .end } && e.keys.contains { !$0.isPress }
        }
        let touches = events.touches
        #expect(touches.map(\.phase) == [.update, .update, .update, .update, .update, .update, .update, .update, .end])
        #expect(touches.last?.root == Point(x: 560, y: 308))
        #expect(events.keys.map(\.keycode) == [s.keycode("F5"), s.keycode("F5")])
    }
}
