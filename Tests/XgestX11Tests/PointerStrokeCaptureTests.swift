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
        #expect(
            capture.source.handBack(pressOf: 3) == .replayed(from: Point(x: 321, y: 123), to: Point(x: 321, y: 123)))
        #expect(capture.source.handBack(pressOf: 3) == .nothingHeld)
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

    /// A drag handed back arrives as the drag it was; one handed back while the button is
    /// still down arrives at its release; a kept press never arrives.
    @Test func aHandedBackDragIsReplayedAsADragAndAHeldOneAtItsRelease() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1000, height: 800, className: "Dragged")
        let capture = try Capture(server: server)
        capture.source.setStrokeTriggers([StrokeTrigger(button: 3, modifiers: nil)])
        capture.display.sync()
        let path = (0...5).map { Point(x: 200 + Double($0 * 40), y: 300 + Double($0 * 5)) }
        try server.pointer.move(x: path[0].x, y: path[0].y)
        try server.pointer.press(button: 3)
        for q in path.dropFirst() { try server.pointer.move(x: q.x, y: q.y) }
        try server.pointer.sync()
        capture.collect()
        #expect(capture.source.handBack(pressOf: 3) == .atRelease)
        #expect(try window.receivedEvents().buttons.isEmpty, "replayed while the button is still down")
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        capture.collect()
        let drag = try window.collectEvents { $0.buttons.count >= 2 }
        #expect(drag.buttons.map(\.isPress) == [true, false])
        #expect(drag.buttons.map(\.root) == [path[0], path[path.count - 1]])
        #expect(drag.motions.filter { $0.state & UInt32(Button3Mask) != 0 }.map(\.root) == Array(path.dropFirst()))

        // Kept (it was a stroke): the application sees nothing of it, and nothing is left held.
        try server.pointer.press(button: 3)
        try server.pointer.move(x: 500, y: 500)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        capture.collect()
        capture.source.keep(pressOf: 3)
        #expect(capture.source.handBack(pressOf: 3) == .nothingHeld)
        #expect(try window.receivedEvents().buttons.isEmpty)
    }
}
