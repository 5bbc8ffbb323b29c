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
        let p = s.server.pointer
        let buttons = try OtherDevicePressInStrokeTests.clickInTheMiddleOfAStroke(s, buttons: 6) {
            try p.scroll(vertical: 120)
            try p.scroll(vertical: 120)
        }
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
