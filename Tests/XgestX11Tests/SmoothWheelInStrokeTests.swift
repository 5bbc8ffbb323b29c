import Testing
import XgestCore
import XgestTestServer

/// A wheel turned while a stroke button is held, posted as smooth scrolling (valuator
/// motion on a scroll axis, from which the server emulates buttons 4 to 7, as
/// xf86-input-libinput posts every wheel): the grab took the emulated buttons, nobody
/// gave them back, and a stroke drawn meanwhile still fired. It is the mouse's wheel
/// clicked meanwhile, as a wheel posting buttons is: the stroke fails and the notches
/// reach the application with the replayed press, in the order made.
@Suite struct SmoothWheelInStrokeTests {
    @Test func aSmoothWheelTurnedInTheMiddleOfAStrokeReachesTheApplicationInOrder() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Scrolled")
        let p = s.server.pointer
        try p.move(x: 800, y: 400)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        for x in stride(from: 760.0, through: 600, by: -40) { try p.move(x: x, y: 400) }
        try p.sync()
        try s.server.waitForPointer(at: Point(x: 600, y: 400))
        try p.scroll(vertical: 120)
        try p.scroll(vertical: 120)
        for x in stride(from: 560.0, through: 400, by: -40) { try p.move(x: x, y: 400) }
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 6 }.buttons
        #expect(buttons.map(\.button) == [3, 5, 5, 5, 5, 3], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, true, false, true, false, false], "\(buttons)")
        #expect(buttons.first?.root == Point(x: 800, y: 400), "\(buttons)")
        #expect(buttons.dropFirst().dropLast().allSatisfy { $0.root == Point(x: 600, y: 400) }, "\(buttons)")
        #expect(buttons.last?.root == Point(x: 400, y: 400), "\(buttons)")
        // The daemon's account can be read after the window's events: waited for first.
        #expect(
            s.daemon.waitForLine(containing: "possible → failed (wrong button)") != nil, "\(s.daemon.stderrLines)")
        #expect(s.daemon.stderrLines.allSatisfy { !$0.contains("action ") }, "\(s.daemon.stderrLines)")
    }
}
