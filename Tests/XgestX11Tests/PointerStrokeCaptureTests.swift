import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// Presses of a stroke button (with its modifiers) are grabbed: xgest sees the whole
/// drag with exact positions, once; other presses stay the application's.
@Suite struct PointerStrokeCaptureTests {
    /// A window under most of the screen, and a capture grabbing button 3 for strokes.
    static func grabbingButton3(_ server: XorgServer, className: String) throws -> (TestWindow, Capture) {
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1000, height: 800, className: className)
        let capture = try Capture(server: server)
        capture.source.setStrokeTriggers([StrokeTrigger(button: 3, modifiers: nil)])
        capture.display.sync()
        return (window, capture)
    }

    @Test func aGrabbedDragIsCapturedOnceWithExactPositions() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (window, capture) = try Self.grabbingButton3(server, className: "Drawn")
        try server.pointer.move(x: 100, y: 100)
        try server.pointer.press(button: 3)
        try server.pointer.sync()
        capture.collect()
        for step in 1...4 { try server.pointer.move(x: 100 + Double(step * 25), y: 100 + Double(step * 10)) }
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        capture.collect()
        let payloads = capture.events.inputs.filter { $0.deviceKind == .pointer }.map(\.payload)
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

    /// A drag made before xgest answers the press (the pointer frozen meanwhile) is queued
    /// by the server and sent on the answer, root positions' whole part all at the last
    /// point: each motion and the release still come where they were made.
    @Test func aDragMadeBeforeThePressIsAnsweredKeepsItsPositions() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (_, capture) = try Self.grabbingButton3(server, className: "Drawn")
        try server.pointer.move(x: 100, y: 100)
        try server.pointer.sync()
        capture.collect()
        let path = (1...4).map { Point(x: 100 + Double($0) * 25.25, y: 100 + Double($0) * 10.5) }
        try server.pointer.press(button: 3)
        for p in path { try server.pointer.move(x: p.x, y: p.y) }
        try server.pointer.release(button: 3)
        // Nothing is read until all of it is in: the answer comes after the whole drag.
        try server.pointer.sync()
        capture.collect()
        let payloads = capture.events.inputs.filter { $0.deviceKind == .pointer }.map(\.payload).dropFirst()
        let expected: [InputEvent.Payload] =
            [.button(ButtonSample(button: 3, isPress: true, location: Point(x: 100, y: 100)))]
            + path.map { .pointerMotion($0) }
            + [.button(ButtonSample(button: 3, isPress: false, location: path[path.count - 1]))]
        #expect(Array(payloads) == expected)
    }

    @Test func aReplayedClickReachesTheApplicationWhereItWasMade() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (window, capture) = try Self.grabbingButton3(server, className: "Clicked")
        let mouse = try server.deviceID(.pointer)
        try server.pointer.move(x: 321, y: 123)
        try server.pointer.press(button: 3)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        capture.collect()
        #expect(try window.receivedEvents().buttons.isEmpty)
        #expect(
            capture.source.handBack(pressOf: 3, device: mouse)
                == .replayed(from: Point(x: 321, y: 123), to: Point(x: 321, y: 123)))
        #expect(capture.source.handBack(pressOf: 3, device: mouse) == .nothingHeld)
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

    /// The grab is on the master pointer, so presses xgest never draws a stroke with (a
    /// touchpad's button, XTest's: xdotool, xgest's own `click`) activate it too: they are
    /// replayed at once, and the application gets them as they were made. A mouse's press
    /// is still xgest's.
    @Test func pressesFromTheTouchpadAndXTestReachTheApplication() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (window, capture) = try Self.grabbingButton3(server, className: "Clicked")
        try server.pointer.move(x: 300, y: 200)
        try server.pointer.sync()
        try server.touchpad.press(button: 3)
        try server.touchpad.sync()
        capture.collect()
        try server.touchpad.release(button: 3)
        try server.touchpad.sync()
        capture.collect()
        let touchpad = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(touchpad.map(\.button) == [3, 3])
        #expect(touchpad.map(\.isPress) == [true, false])
        #expect(touchpad.map(\.root) == [Point(x: 300, y: 200), Point(x: 300, y: 200)])

        let other = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        XTestFakeButtonEvent(other, 3, True, 0)
        XTestFakeButtonEvent(other, 3, False, 0)
        XSync(other, False)
        capture.collect()
        let xtest = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(xtest.map(\.button) == [3, 3])
        #expect(xtest.map(\.isPress) == [true, false])
        let buttons = capture.events.inputs.filter { if case .button = $0.payload { true } else { false } }
        #expect(buttons.isEmpty, "\(buttons)")

        // The mouse's press is still grabbed, and the pointer moves on while it is held.
        try server.pointer.press(button: 3)
        try server.pointer.move(x: 400, y: 250)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        let grabbed = capture.collect().inputs.filter { if case .button = $0.payload { true } else { false } }
        #expect(grabbed.count == 2)
        #expect(try window.receivedEvents().buttons.isEmpty)
    }

    /// A left-handed user swaps the buttons in the master's map (xmodmap) or the mouse's
    /// own (xinput set-button-map): the button the hand uses for strokes is the one the
    /// binding names, whichever the mouse reports, and the other one stays the
    /// application's; put back, the map is followed again.
    @Test func swappedButtonMapsAreFollowed() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (window, capture) = try Self.grabbingButton3(server, className: "Swapped")
        let mouseID = try server.deviceID(.pointer)
        let other = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        let mouse = try #require(XOpenDevice(other, XID(mouseID)))
        defer { XCloseDevice(other, mouse) }

        func buttons(_ events: [CapturedEvent]) -> [ButtonSample] {
            events.inputs.compactMap { if case .button(let b) = $0.payload { b } else { nil } }
        }
        /// Presses and releases what the mouse reports as `reported`, moving in between.
        func click(_ reported: Int, x: Double) throws -> [ButtonSample] {
            try server.pointer.move(x: x, y: 300)
            try server.pointer.press(button: reported)
            try server.pointer.sync()
            var events = capture.collect()
            try server.pointer.move(x: x + 80, y: 300)
            try server.pointer.release(button: reported)
            try server.pointer.sync()
            events += capture.collect()
            return buttons(events)
        }

        for swap in ["master", "device"] {
            var swapped: [UInt8] = [3, 2, 1, 4, 5, 6, 7]
            if swap == "master" {
                swapped += [8, 9, 10]
                #expect(XSetPointerMapping(other, &swapped, Int32(swapped.count)) == MappingSuccess)
            } else {
                #expect(XSetDeviceButtonMapping(other, mouse, &swapped, Int32(swapped.count)) == MappingSuccess)
            }
            XSync(other, False)
            // Reported as 1, mapped to 3: grabbed, a stroke's press and release.
            #expect(try click(1, x: 100).map(\.button) == [3, 3], "\(swap)")
            #expect(try window.receivedEvents().buttons.isEmpty, "\(swap)")
            // Handed back, it reaches the application as the 3 it was, not as XTest's 3
            // put through the map again.
            #expect(
                capture.source.handBack(pressOf: 3, device: mouseID)
                    == .replayed(from: Point(x: 100, y: 300), to: Point(x: 180, y: 300))
            )
            capture.collect()
            let replayed = try window.collectEvents { $0.buttons.count >= 2 }.buttons
            #expect(replayed.map(\.button) == [3, 3], "\(swap)")
            // Reported as 3, mapped to 1: the application's, seen by xgest as 1.
            #expect(try click(3, x: 300).map(\.button) == [1, 1], "\(swap)")
            #expect(try window.collectEvents { $0.buttons.count >= 2 }.buttons.map(\.button) == [1, 1], "\(swap)")
            var identity: [UInt8] = swap == "master" ? Array(1...10) : Array(1...7)
            if swap == "master" {
                #expect(XSetPointerMapping(other, &identity, Int32(identity.count)) == MappingSuccess)
            } else {
                #expect(XSetDeviceButtonMapping(other, mouse, &identity, Int32(identity.count)) == MappingSuccess)
            }
            XSync(other, False)
            #expect(try click(3, x: 500).map(\.button) == [3, 3], "\(swap)")
            #expect(try window.receivedEvents().buttons.isEmpty, "\(swap)")
        }
    }

    /// A drag handed back arrives as the drag it was; one handed back while the button is
    /// still down arrives at its release; a kept press never arrives.
    @Test func aHandedBackDragIsReplayedAsADragAndAHeldOneAtItsRelease() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (window, capture) = try Self.grabbingButton3(server, className: "Dragged")
        let mouse = try server.deviceID(.pointer)
        let path = (0...5).map { Point(x: 200 + Double($0 * 40), y: 300 + Double($0 * 5)) }
        try server.pointer.move(x: path[0].x, y: path[0].y)
        try server.pointer.press(button: 3)
        try server.pointer.sync()
        capture.collect()
        for q in path.dropFirst() { try server.pointer.move(x: q.x, y: q.y) }
        try server.pointer.sync()
        capture.collect()
        #expect(capture.source.handBack(pressOf: 3, device: mouse) == .atRelease)
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
        capture.source.keep(pressOf: 3, device: mouse)
        #expect(capture.source.handBack(pressOf: 3, device: mouse) == .nothingHeld)
        #expect(try window.receivedEvents().buttons.isEmpty)
    }
}
