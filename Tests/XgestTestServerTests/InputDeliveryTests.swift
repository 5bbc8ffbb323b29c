import Testing
import XgestCore
import XgestTestServer

@Suite struct InputDeliveryTests {
    @Test func touchSequenceArrivesWithIdsAndRootCoordinatesToThePixel() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 200, y: 100, width: 800, height: 600)
        #expect(try window.receivedEvents().isEmpty)

        try server.touchscreen.begin(id: 7, x: 300, y: 250)
        try server.touchscreen.begin(id: 9, x: 500, y: 400)
        try server.touchscreen.update(id: 7, x: 310, y: 260)
        try server.touchscreen.update(id: 9, x: 480, y: 390)
        try server.touchscreen.end(id: 7)
        try server.touchscreen.end(id: 9, x: 470, y: 385)
        try server.touchscreen.sync()

        let events = try window.receivedEvents()
        // A window that selects touches gets no emulated button events for them, but the
        // server moves the pointer to where the emulating touch begins, and that core
        // MotionNotify (button state 0) does arrive, before the TouchBegin.
        #expect(events.buttons.isEmpty)
        #expect(events.motions.map(\.root) == [Point(x: 300, y: 250)])
        #expect(events.first.map { if case .motion = $0 { true } else { false } } == true)
        let touches = events.touches
        try #require(touches.count == 6)
        #expect(touches.map(\.phase) == [.begin, .begin, .update, .update, .end, .end])
        // The server assigns its own touch ids; each feeder touch keeps one id throughout.
        let first = touches[0].id
        let second = touches[1].id
        #expect(first != second)
        #expect(touches.map(\.id) == [first, second, first, second, first, second])
        #expect(
            touches.map(\.root) == [
                Point(x: 300, y: 250), Point(x: 500, y: 400), Point(x: 310, y: 260), Point(x: 480, y: 390),
                Point(x: 310, y: 260), Point(x: 470, y: 385),
            ])
        #expect(touches.allSatisfy { $0.window == window.window })
        let touchscreenID = try server.deviceID(.touchscreen)
        #expect(touches.allSatisfy { $0.sourceDeviceID == touchscreenID })
        #expect(touches[0].emulatesPointer)
        #expect(!touches[1].emulatesPointer)
        // Nothing is left over for the next read.
        #expect(try window.receivedEvents().isEmpty)
    }

    /// A second touchscreen, asked for: a device of its own on the core pointer, whose first
    /// touch emulates the pointer too, while the first touchscreen's is down.
    @Test func aSecondTouchscreenSendsTouchesOfItsOwn() throws {
        var options = XorgServer.Options()
        options.secondTouchscreen = true
        let server = try XorgServer(options: options)
        let second = try #require(server.secondTouchscreen)
        #expect(server.deviceKinds.contains(.secondTouchscreen))
        let window = try TestWindow(server: server, x: 200, y: 100, width: 800, height: 600)
        try server.touchscreen.begin(id: 1, x: 300, y: 250)
        try server.touchscreen.sync()
        try second.begin(id: 1, x: 500, y: 400)
        try second.sync()
        try second.end(id: 1)
        try second.sync()
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        let touches = try window.collectEvents { $0.touches.count >= 4 }.touches
        let (first, other) = (try server.deviceID(.touchscreen), try server.deviceID(.secondTouchscreen))
        #expect(first != other)
        #expect(touches.map(\.sourceDeviceID) == [first, other, other, first], "\(touches)")
        #expect(touches.map(\.phase) == [.begin, .begin, .end, .end], "\(touches)")
        #expect(touches.allSatisfy { $0.emulatesPointer }, "\(touches)")
        #expect(
            touches.map(\.root) == [
                Point(x: 300, y: 250), Point(x: 500, y: 400), Point(x: 500, y: 400), Point(x: 300, y: 250),
            ])
    }

    /// Without asking, a server has the four devices only.
    @Test func aServerHasNoSecondTouchscreenUnlessAskedFor() throws {
        let server = try XorgServer()
        #expect(server.secondTouchscreen == nil)
        #expect(server.deviceKinds == InputTestDeviceKind.always)
        #expect(throws: TestServerError.self) { try server.device(.secondTouchscreen) }
        #expect(throws: TestServerError.self) { try server.deviceID(.secondTouchscreen) }
    }

    @Test func touchOutsideTheWindowDoesNotArrive() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 200, y: 100, width: 100, height: 100)
        try server.touchscreen.begin(id: 1, x: 1000, y: 900)
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.isEmpty)
    }

    @Test func keyPressArrivesWithTheKeycode() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 300, height: 300)
        try window.focus()
        try server.keyboard.press(keycode: 37)  // Control_L
        try server.keyboard.press(keycode: 38)  // a
        try server.keyboard.release(keycode: 38)
        try server.keyboard.release(keycode: 37)
        try server.keyboard.sync()
        let keys = try window.receivedEvents().keys
        #expect(keys.map(\.keycode) == [37, 38, 38, 37])
        #expect(keys.map(\.isPress) == [true, true, false, false])
        // "a" pressed and released with Control held (ControlMask 0x4), button bits ignored.
        #expect(keys[1].state & 0xff == 0x4)
        #expect(keys[0].state & 0xff == 0)
        #expect(keys.allSatisfy { $0.window == window.window })
    }

    @Test func pointerClickArrivesAtThePosition() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 100, y: 100, width: 500, height: 400)
        try server.pointer.click(button: 1, x: 321, y: 234)
        try server.pointer.sync()
        let events = try window.receivedEvents()
        let buttons = events.buttons
        try #require(buttons.count == 2)
        #expect(buttons[0].isPress && !buttons[1].isPress)
        #expect(buttons.allSatisfy { $0.button == 1 && $0.root == Point(x: 321, y: 234) })
        #expect(buttons[1].state & 0x100 != 0)  // Button1Mask held at the release

        try server.pointer.move(x: 400, y: 300)
        try server.pointer.press(button: 3)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        let later = try window.receivedEvents()
        #expect(later.motions.last?.root == Point(x: 400, y: 300))
        #expect(later.buttons.map(\.button) == [3, 3])
        #expect(later.buttons.allSatisfy { $0.root == Point(x: 400, y: 300) })
    }

    @Test func syncBeforeAnyInputReturns() throws {
        let server = try XorgServer()
        for kind in server.deviceKinds { try server.device(kind).sync() }
    }

    @Test func syncRecordsTheReplyTime() throws {
        let server = try XorgServer()
        let before = monotonicNanoseconds()
        try server.pointer.move(x: 10, y: 10)
        try server.pointer.sync()
        let after = monotonicNanoseconds()
        #expect(server.pointer.lastSyncReplyNanoseconds >= before)
        #expect(server.pointer.lastSyncReplyNanoseconds <= after)
    }
}
