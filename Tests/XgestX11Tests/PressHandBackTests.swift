import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A stroke button's press that draws no stroke reaches the application whole and in
/// order, with whatever else was pressed while it was held, however fast it comes.
@Suite struct PressHandBackTests {
    /// Holding the stroke button and clicking another one is no stroke: the application
    /// gets every press and release, in the order made and where each was made.
    @Test func anotherButtonClickedWhileTheStrokeButtonIsHeldReachesTheApplicationInOrder() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        let p = s.server.pointer
        try p.move(x: 400, y: 300)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        try p.move(x: 420, y: 300)
        try p.sync()
        try s.server.waitForPointer(at: Point(x: 420, y: 300))
        try p.press(button: 1)
        try p.release(button: 1)
        try p.move(x: 430, y: 300)
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 4 }.buttons
        #expect(buttons.map(\.button) == [3, 1, 1, 3], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, true, false, false], "\(buttons)")
        #expect(
            buttons.map(\.root) == [
                Point(x: 400, y: 300), Point(x: 420, y: 300), Point(x: 420, y: 300), Point(x: 430, y: 300),
            ], "\(buttons)")
        #expect(s.daemon.stderrLines.allSatisfy { !$0.contains("action ") }, "\(s.daemon.stderrLines)")
    }
}
