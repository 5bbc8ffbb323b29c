import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

@Suite struct PointerActionTests {
    /// Destroyed in declaration order: the executor's connection closes before the server stops.
    struct Fixture {
        let executor: X11ActionExecutor
        let display: XDisplay
        let window: TestWindow
        let server: XorgServer

        /// The pointer starts at (10, 10), outside the window.
        init() throws {
            server = try XorgServer()
            window = try TestWindow(server: server, x: 100, y: 100, width: 500, height: 400)
            display = try XDisplay(name: server.displayName)
            executor = X11ActionExecutor(display: display)
            try server.pointer.move(x: 10, y: 10)
            try server.pointer.sync()
            _ = try window.receivedEvents()
        }

        func run(_ action: Action, at location: Point) -> ActionOutcome {
            executor.execute(invocation(action, target: target(window), location: location))
        }
    }

    @Test func clickArrivesAtTheGestureLocationAndThePointerGoesBack() throws {
        let f = try Fixture()
        #expect(f.run(.click(button: 1), at: Point(x: 321, y: 234)) == .done)
        let events = try f.window.receivedEvents()
        let buttons = events.buttons
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.map(\.button) == [1, 1])
        #expect(buttons.allSatisfy { $0.root == Point(x: 321, y: 234) && $0.window == f.window.window })
        // The window saw the pointer arrive before the press.
        #expect(events.motions.first?.root == Point(x: 321, y: 234))
        #expect(pointerPosition(f.display) == Point(x: 10, y: 10))
    }

    /// A touchscreen gesture's click leaves the pointer where it clicked: a move back sent
    /// with the press and release was applied before the release under a click-to-focus
    /// window manager's grab (`TouchscreenClickTests`).
    @Test func aTouchscreenGesturesClickLeavesThePointerWhereItClicked() throws {
        let f = try Fixture()
        var touched = invocation(.click(button: 1), target: target(f.window), location: Point(x: 321.5, y: 234.5))
        touched.deviceKind = .touchscreen
        #expect(f.executor.execute(touched) == .done)
        let buttons = try f.window.receivedEvents().buttons
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.allSatisfy { $0.root == Point(x: 321, y: 234) })
        #expect(pointerPosition(f.display) == Point(x: 321, y: 234))
    }

    /// A drag presses and releases on the pixel a click at the same place would: it went to
    /// the nearest (a centroid at 300.5 pressed at 301, where a click and X use 300).
    @Test func aDragBetweenPixelsPressesOnThePixelAClickWould() throws {
        let f = try Fixture()
        var began = invocation(.drag(button: 1), target: target(f.window), location: Point(x: 300.5, y: 200.5))
        began.state = .began
        var ended = began
        ended.state = .ended
        ended.location = Point(x: 350.7, y: 220.5)
        #expect(f.executor.execute(began) == .done)
        #expect(f.executor.execute(ended) == .done)
        #expect(f.run(.click(button: 3), at: Point(x: 300.5, y: 200.5)) == .done)
        let buttons = try f.window.receivedEvents().buttons
        #expect(
            buttons.map(\.root) == [
                Point(x: 300, y: 200), Point(x: 350, y: 220), Point(x: 300, y: 200), Point(x: 300, y: 200),
            ])
    }

    @Test func rightClickWherePointerAlreadyIsDoesNotMoveIt() throws {
        let f = try Fixture()
        try f.server.pointer.move(x: 200, y: 150)
        try f.server.pointer.sync()
        _ = try f.window.receivedEvents()
        #expect(f.run(.click(button: 3), at: Point(x: 200, y: 150)) == .done)
        let events = try f.window.receivedEvents()
        #expect(events.motions.isEmpty)
        #expect(events.buttons.map(\.button) == [3, 3])
        #expect(events.buttons.allSatisfy { $0.root == Point(x: 200, y: 150) })
        #expect(pointerPosition(f.display) == Point(x: 200, y: 150))
    }

    /// With a left-handed map, `click 3` and `drag 3` still give the application button 3:
    /// XTest's buttons go through the pointer's map like a mouse's.
    @Test func clicksAndDragsKeepTheirButtonUnderALeftHandedMap() throws {
        let f = try Fixture()
        var swapped: [UInt8] = [3, 2, 1, 4, 5, 6, 7, 8, 9, 10]
        #expect(XSetPointerMapping(f.display.handle, &swapped, Int32(swapped.count)) == MappingSuccess)
        f.display.sync()
        #expect(f.run(.click(button: 3), at: Point(x: 300, y: 200)) == .done)
        #expect(f.run(.click(button: 1), at: Point(x: 300, y: 200)) == .done)
        #expect(try f.window.receivedEvents().buttons.map(\.button) == [3, 3, 1, 1])
        var began = invocation(.drag(button: 3), target: target(f.window), location: Point(x: 300, y: 200))
        began.state = .began
        var ended = began
        ended.state = .ended
        ended.location = Point(x: 350, y: 220)
        #expect(f.executor.execute(began) == .done)
        #expect(f.executor.execute(ended) == .done)
        #expect(try f.window.receivedEvents().buttons.map(\.button) == [3, 3])
        #expect(pointerButtons(f.display) & 0x1f00 == 0)
    }

    @Test(arguments: [
        (ScrollDirection.up, UInt32(4)), (.down, 5), (.left, 6), (.right, 7),
    ])
    func scrollPressesTheWheelButtonPerStep(_ direction: ScrollDirection, _ button: UInt32) throws {
        let f = try Fixture()
        #expect(f.run(.scroll(direction, steps: 3), at: Point(x: 400, y: 300)) == .done)
        let buttons = try f.window.receivedEvents().buttons
        #expect(buttons.map(\.button) == [UInt32](repeating: button, count: 6))
        #expect(buttons.map(\.isPress) == [true, false, true, false, true, false])
        #expect(buttons.allSatisfy { $0.root == Point(x: 400, y: 300) })
        #expect(pointerPosition(f.display) == Point(x: 10, y: 10))
    }

    @Test func invalidButtonsAndStepsSendNothing() throws {
        let f = try Fixture()
        #expect(f.run(.click(button: 0), at: Point(x: 300, y: 300)) == .failed(reason: "click 0: buttons are 1 to 255"))
        guard case .skipped = f.run(.scroll(.down, steps: 0), at: Point(x: 300, y: 300)) else {
            Issue.record("a scroll of no steps was not skipped")
            return
        }
        // A button the XTest pointer does not have: the server's BadValue becomes the reason.
        guard case .failed(let reason) = f.run(.click(button: 200), at: Point(x: 300, y: 300)) else {
            Issue.record("click 200 did not fail")
            return
        }
        #expect(reason.hasPrefix("click 200: X protocol error: BadValue"))
        #expect(try f.window.receivedEvents().buttons.isEmpty)
        #expect(pointerPosition(f.display) == Point(x: 10, y: 10))
    }

    /// Ctrl the user holds (pressed after a stroke's button, which a `modifiers = []`
    /// binding checks at the press only) went into the buttons: `scroll` reached the
    /// application as Ctrl+wheel, a zoom, and `click` as a Ctrl+click. It is let go for
    /// the buttons and pressed again after them, as for a key combo.
    @Test func heldControlDoesNotLeakIntoAClickOrAScroll() throws {
        let f = try Fixture()
        try f.window.focus()
        let ctrl = keycode(f.display, "Control_L")
        try f.server.keyboard.press(keycode: ctrl)
        try f.server.keyboard.sync()
        _ = try f.window.receivedEvents()

        #expect(f.run(.scroll(.down, steps: 2), at: Point(x: 400, y: 300)) == .done)
        #expect(f.run(.click(button: 1), at: Point(x: 400, y: 300)) == .done)
        let events = try f.window.receivedEvents()
        #expect(events.buttons.map(\.button) == [5, 5, 5, 5, 1, 1], "\(events.buttons)")
        #expect(events.buttons.allSatisfy { modifierBits($0.state) & controlMask == 0 }, "\(events.buttons)")
        // Let go before each action's buttons and pressed again after them.
        #expect(events.keys.map(\.keycode) == [ctrl, ctrl, ctrl, ctrl], "\(events.keys)")
        #expect(events.keys.map(\.isPress) == [false, true, false, true], "\(events.keys)")
        // Still held, as the user holds it.
        #expect(keysDown(f.display) == [ctrl])
        try f.server.keyboard.release(keycode: ctrl)
        try f.server.keyboard.sync()
        #expect(keysDown(f.display).isEmpty)
    }

    /// Ctrl that xgest holds itself (`key-down ctrl`) is part of what the bindings send:
    /// it stays on the scroll.
    @Test func aControlHeldByKeyDownStaysOnTheScroll() throws {
        let f = try Fixture()
        let ctrl = KeyCombo(keysyms: ["Control_L"])
        #expect(f.executor.execute(invocation(.keyDown(ctrl))) == .done)
        #expect(f.run(.scroll(.up, steps: 1), at: Point(x: 400, y: 300)) == .done)
        #expect(f.executor.execute(invocation(.keyUp(ctrl))) == .done)
        let buttons = try f.window.receivedEvents().buttons
        #expect(buttons.map(\.button) == [4, 4], "\(buttons)")
        #expect(buttons.allSatisfy { modifierBits($0.state) & controlMask == controlMask }, "\(buttons)")
        #expect(keysDown(f.display).isEmpty)
    }
}
