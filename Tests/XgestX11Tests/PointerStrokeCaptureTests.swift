import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// Presses of a stroke button (with its modifiers) are grabbed: xgest sees the whole
/// drag with exact positions, once; other presses stay the application's.
@Suite struct PointerStrokeCaptureTests {
    @Test func aGrabbedDragIsCapturedOnceWithExactPositions() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1000, height: 800, className: "Drawn")
        let capture = try Capture(server: server)
        capture.source.setStrokeTriggers([StrokeTrigger(button: 3, modifiers: nil)])
        capture.display.sync()
        try server.pointer.move(x: 100, y: 100)
        try server.pointer.press(button: 3)
        for step in 1...4 { try server.pointer.move(x: 100 + Double(step * 25), y: 100 + Double(step * 10)) }
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        let payloads = capture.collect().inputs.filter { $0.deviceKind == .pointer }.map(\.payload)
        var expected: [InputEvent.Payload] = [
            .pointerMotion(Point(x: 100, y: 100)),
            .button(ButtonSample(button: 3, isPress: true, location: Point(x: 100, y: 100))),
        ]
        for step in 1...4 {
            let p = Point(x: 100 + Double(step * 25), y: 100 + Double(step * 10))
            expected.append(.pointerMotion(p))
        }
        expected.append(.button(ButtonSample(button: 3, isPress: false, location: Point(x: 200, y: 140))))
        #expect(payloads == expected)
        // Grabbed: the application saw none of it.
        #expect(try window.receivedEvents().buttons.isEmpty)
        // A press of another button is not grabbed.
        try server.pointer.press(button: 1)
        try server.pointer.release(button: 1)
        try server.pointer.sync()
        capture.collect()
        #expect(try window.receivedEvents().buttons.map(\.button) == [1, 1])
    }

    @Test func aReplayedClickReachesTheApplicationWhereItWasMade() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1000, height: 800, className: "Clicked")
        let capture = try Capture(server: server)
        capture.source.setStrokeTriggers([StrokeTrigger(button: 3, modifiers: nil)])
        capture.display.sync()
        try server.pointer.move(x: 321, y: 123)
        try server.pointer.press(button: 3)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        capture.collect()
        #expect(try window.receivedEvents().buttons.isEmpty)
        capture.source.replayClick(button: 3, at: Point(x: 321, y: 123))
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.map(\.root) == [Point(x: 321, y: 123), Point(x: 321, y: 123)])
        // The grab is back: the next press is xgest's again.
        try server.pointer.press(button: 3)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        #expect(capture.collect().inputs.filter { if case .button = $0.payload { true } else { false } }.count == 2)
        #expect(try window.receivedEvents().buttons.isEmpty)
    }
}
