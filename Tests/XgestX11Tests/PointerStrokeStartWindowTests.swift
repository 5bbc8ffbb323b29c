import Foundation
import Testing
import XgestCore
import XgestTestServer

/// The pointer's start window (a press that does not get 10 px from where it was made
/// within 300 ms is a click) set in `[settings]`: `pointer-stroke-start-window` and
/// `pointer-stroke-start-distance`. Without them the keys are unknown and the daemon does
/// not start.
@Suite struct PointerStrokeStartWindowTests {
    static func config(_ settings: String) -> String {
        """
        [settings]
        \(settings)

        [[gesture]]
        name = "check-f5"
        kind = "stroke"
        device = "pointer"
        shape = "check"
        button = 3
        action = "key F5"
        """
    }

    /// A press held still for 500 ms, then drawn into a check mark: a stroke within a 2 s
    /// window, where the default's 300 ms gave it up as a press held still.
    @Test func aLongerWindowTakesAStrokeDrawnAfterAPause() throws {
        let s = try DaemonTests.Session(config: Self.config("pointer-stroke-start-window = \"2s\""))
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        let points = Drawn.check(from: Point(x: 400, y: 300))
        let p = s.server.pointer
        try p.move(x: 400, y: 300)
        try p.press(button: 3)
        try p.sync()
        // The pause the window is for: time passing, not a wait for the server.
        usleep(500_000)
        for (k, q) in points.dropFirst().enumerated() {
            try p.move(x: q.x, y: q.y)
            try p.sync()
            if k == 0 { try s.server.waitForPointer(at: q) }
        }
        try p.release(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "action         check-f5") != nil, "\(s.daemon.stderrLines)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("failed (too slow)") })
        let f5 = s.keycode("F5")
        let keys = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f5 } }
        #expect(keys.buttons.isEmpty, "the stroke's button events reached the application")
    }

    /// A press that gets 20 px and stays there: under a 40 px start distance it is given up
    /// as held still and handed back at its release, where the default's 10 px took it as
    /// a stroke drawn (and, not recognized, kept from the application).
    @Test func aLongerStartDistanceHandsBackAShortDragHeldStill() throws {
        let s = try DaemonTests.Session(config: Self.config("pointer-stroke-start-distance = \"40px\""))
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Held")
        let p = s.server.pointer
        try p.move(x: 400, y: 300)
        try p.press(button: 3)
        try p.sync()
        try p.move(x: 420, y: 300)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "check-f5 possible → failed (too slow)") != nil)
        #expect(s.daemon.waitForLine(containing: "replayed when the button is released") != nil)
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.map(\.root) == [Point(x: 400, y: 300), Point(x: 420, y: 300)])
    }
}
