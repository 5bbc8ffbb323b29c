import Testing
import XgestCore
import XgestTestServer

/// A client selecting touch events for every device (XIAllDevices, as on-screen keyboards
/// such as onboard do) gets the slave device's deliveries as well as the master's: xgest's
/// grab holds both (docs/x11-notes.md, "Clients selecting slave devices").
@Suite struct SlaveSelectionTests {
    @Test func aGestureOverAWindowSelectingEveryDeviceDoesNotReachItAndAHandedBackTapDoes() throws {
        let s = try DaemonTests.Session(config: ForeignGrabTests.config)
        var options = TestWindow.Options(x: 100, y: 100, width: 800, height: 600)
        options.selectsAllDevices = true
        let keyboard = try TestWindow(server: s.server, options: options)
        try ForeignGrabTests.twoFingerTap(s.server.touchscreen, at: Point(x: 300, y: 300), Point(x: 400, y: 300))
        #expect(s.daemon.waitForLine(containing: "action         tap2") != nil)
        #expect(s.daemon.waitForLine(containing: "ownership accept") != nil)
        #expect(try keyboard.receivedEvents().touches.isEmpty, "the window got touches of the tap xgest took")

        // A one-finger tap no binding takes is the window's, whole, from both devices.
        let touches = try s.tap(x: 300, y: 300, reaching: keyboard)
        #expect(touches.first?.phase == .begin)
        #expect(touches.first?.root == Point(x: 300, y: 300))
        #expect(touches.last?.phase == .end)
    }
}
