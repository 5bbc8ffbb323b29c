import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A pointer stroke drawn and not recognized reaches no application: replayed, the drag
/// arrived all at once at the release, and a context menu opened at the replayed press
/// (Qt 5's) took the release, away from where it opened, as a choice the user never saw.
/// `replay-unrecognized-strokes = true` replays it as before. A click, and a press held
/// still, are replayed either way (DaemonShapedStrokeTests).
@Suite struct UnrecognizedStrokeReplayTests {
    static let replayed = "[settings]\nreplay-unrecognized-strokes = true\n\n" + DaemonShapedStrokeTests.config

    /// The core pointer's position and button mask, asked of the server.
    static func pointer(_ server: XorgServer) throws -> (position: Point, mask: UInt32) {
        let d = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(d) }
        let q = queryPointer(d)
        return (Point(x: Double(q.x), y: Double(q.y)), q.mask)
    }

    /// Button 1, which xgest does not grab, clicked where the pointer is: what the window
    /// got before it is all it got of the stroke.
    static func eventsUpToAClickOfButtonOne(_ s: DaemonTests.Session, _ window: TestWindow) throws -> [TestWindowEvent]
    {
        let p = s.server.pointer
        try p.press(button: 1)
        try p.release(button: 1)
        try p.sync()
        return try window.collectEvents { $0.buttons.contains { $0.button == 1 && !$0.isPress } }
    }

    @Test func aStrokeDrawnAndNotRecognizedReachesNoApplication() throws {
        let s = try DaemonTests.Session(config: DaemonShapedStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let straight = Drawn.straight()
        try s.server.drawWithPointer(straight)
        #expect(s.daemon.waitForLine(containing: "(shape not matched: best score below the threshold: ") != nil)
        let line = s.daemon.waitForLine(containing: "press of button 3 handed back: not replayed")
        #expect(
            line?.hasSuffix(
                "not replayed: a stroke drawn and not recognized reaches no application"
                    + " (replay-unrecognized-strokes = true in [settings] replays it)") == true,
            "\(s.daemon.stderrLines.suffix(10))")
        // The grab ended with the release: no button is down, and the pointer is where the
        // user left it.
        let after = try Self.pointer(s.server)
        #expect(after.mask & UInt32(Button1Mask | Button2Mask | Button3Mask) == 0)
        #expect(after.position == straight[straight.count - 1])
        let events = try Self.eventsUpToAClickOfButtonOne(s, window)
        #expect(events.buttons.map(\.button) == [1, 1], "\(events.buttons)")
        #expect(events.motions.allSatisfy { $0.state & UInt32(Button3Mask) == 0 }, "\(events.motions)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("action  ") })

        // The stroke grab is back: a click is replayed where it was made.
        let p = s.server.pointer
        try p.move(x: 555, y: 333)
        try p.press(button: 3)
        try p.release(button: 3)
        try p.sync()
        let click = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(click.map(\.button) == [3, 3])
        #expect(click.map(\.root) == [Point(x: 555, y: 333), Point(x: 555, y: 333)])
    }

    /// Drawn past `stroke-max-duration`: given up while the button is down, it is not
    /// replayed at the release either.
    @Test func aStrokeDrawnPastItsTimeLimitReachesNoApplication() throws {
        let config = DaemonShapedStrokeTests.config.replacingOccurrences(
            of: "button = 3\n", with: "button = 3\nstroke-max-duration = \"500ms\"\n")
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let p = s.server.pointer
        try s.server.drawWithPointer(
            [Point(x: 300, y: 300), Point(x: 340, y: 300), Point(x: 380, y: 310)], release: false)
        #expect(s.daemon.waitForLine(containing: "check-f5 possible → failed (timed out)") != nil)
        #expect(
            s.daemon.waitForLine(
                containing: "press of button 3 handed back, when the button is released: not replayed: a stroke drawn")
                != nil)
        try p.move(x: 420, y: 330)
        try p.release(button: 3)
        try p.sync()
        // Read by the daemon after what it replays at the release, if anything.
        #expect(s.daemon.waitForLine(containing: "button-release") != nil)
        #expect(try Self.pointer(s.server).position == Point(x: 420, y: 330))
        let events = try Self.eventsUpToAClickOfButtonOne(s, window)
        #expect(events.buttons.map(\.button) == [1, 1], "\(events.buttons)")
    }

    /// With `stroke-distance` under the start window's 10 px, a press that got 8 px and
    /// was held still is given up as a press held still, and handed back at its release:
    /// its reach past `stroke-distance` does not make it a stroke drawn.
    @Test func aPressHeldStillShortOfTheStartWindowIsReplayedWhateverTheStrokeDistance() throws {
        let config = DaemonShapedStrokeTests.config.replacingOccurrences(
            of: "button = 3\n", with: "button = 3\nstroke-distance = \"4px\"\n")
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Held")
        let p = s.server.pointer
        try p.move(x: 400, y: 300)
        try p.press(button: 3)
        try p.move(x: 408, y: 300)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "check-f5 possible → failed (too slow)") != nil)
        #expect(s.daemon.waitForLine(containing: "replayed when the button is released") != nil)
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
        #expect(buttons.map(\.root) == [Point(x: 400, y: 300), Point(x: 408, y: 300)])
    }

    /// With the setting, the application gets the drag: pressed where it started, moved
    /// along it with the button down, released at its end.
    @Test func withReplayUnrecognizedStrokesTheDragIsReplayedAsItWasDrawn() throws {
        let s = try DaemonTests.Session(config: Self.replayed)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let straight = Drawn.straight()
        try s.server.drawWithPointer(straight)
        #expect(s.daemon.waitForLine(containing: "(shape not matched: best score below the threshold: ") != nil)
        let drag = try window.collectEvents { $0.buttons.count >= 2 }
        #expect(drag.buttons.map(\.button) == [3, 3])
        #expect(drag.buttons.map(\.isPress) == [true, false])
        #expect(drag.buttons.map(\.root) == [straight[0], straight[straight.count - 1]])
        let dragged = drag.motions.filter { $0.state & UInt32(Button3Mask) != 0 }.map(\.root)
        #expect(dragged == Array(straight.dropFirst()), "motion with button 3 down: \(dragged)")
        #expect(drag.keys.isEmpty)
        #expect(s.daemon.waitForLine(containing: "press of button 3 handed back: replayed from ") != nil)
    }
}
