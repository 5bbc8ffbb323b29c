import CXgest
import XgestCore

/// Clicks and scroll steps through XTest at the gesture's location.
///
/// The pointer is moved there first (an application delivers a click to the window under
/// the pointer). After a touchpad or mouse gesture it is moved back, so it is not left
/// somewhere the user did not put it. After a touchscreen gesture it stays where the
/// click was: the fingers moved it anyway (pointer emulation puts it under the first
/// finger, not at a multi-finger gesture's centroid), and a move back sent with the
/// press and release reached the application before the release under a click-to-focus
/// window manager. Openbox's synchronous button grab holds the press until it has
/// focused the window; the server then plays the release after the move back, where the
/// pointer was put, and the button never got its click (Qt, Chromium, Firefox).
///
/// The modifier keys the user holds are let go for the buttons and pressed again after
/// them, as for a key combo (``HeldModifiers``): a `scroll` made with Ctrl held (pressed
/// after a stroke's button, which binds `modifiers = []` at the press only) reached the
/// application as Ctrl+wheel, a zoom, and a `click` as a Ctrl+click.
struct PointerActions {
    let display: XDisplay
    /// Whether the pointer goes back where it was after the buttons: false for a
    /// touchscreen gesture's.
    let putsBack: Bool
    /// Keys xgest holds down itself (`key-down`): part of what the bindings send, they
    /// stay down for the buttons (`key-down ctrl`, then `scroll`, zooms).
    let keptKeys: Set<UInt8>

    init(display: XDisplay, putsBack: Bool = true, keptKeys: Set<UInt8> = []) {
        self.display = display
        self.putsBack = putsBack
        self.keptKeys = keptKeys
    }

    /// The highest core button number; the XTest pointer refuses buttons it lacks with BadValue.
    static let maximumButton = 255

    func click(button: Int, at location: Point) -> ActionOutcome {
        guard (1...Self.maximumButton).contains(button) else {
            return .failed(reason: "click \(button): buttons are 1 to \(Self.maximumButton)")
        }
        return press(buttons: [button], at: location, describing: "click \(button)")
    }

    /// Wheel buttons: 4 up, 5 down, 6 left, 7 right, one press and release per step.
    func scroll(_ direction: ScrollDirection, steps: Int, at location: Point) -> ActionOutcome {
        guard steps > 0 else { return .skipped(reason: "scroll \(direction.rawValue): no steps") }
        let button: Int
        switch direction {
        case .up: button = 4
        case .down: button = 5
        case .left: button = 6
        case .right: button = 7
        }
        return press(
            buttons: [Int](repeating: button, count: steps), at: location,
            describing: "scroll \(direction.rawValue) \(steps)")
    }

    private func press(buttons: [Int], at location: Point, describing name: String) -> ActionOutcome {
        let dpy = display.handle
        let screen = XDefaultScreen(dpy)
        guard let (x, y) = location.pixel else { return .failed(reason: "\(name): the gesture has no location") }
        let start = pointerPosition()
        let moves = start.map { $0 != (x, y) } ?? true
        let sent = buttons.map { display.xtestButton(forLogical: $0) }
        var heldModifiers = HeldModifiers(display: display, keysDown: keycodesDown(display).subtracting(keptKeys))
        defer { heldModifiers.close() }
        // Past the AccessX filters, as a combo's keys: under StickyKeys the modifier let go
        // alone latched, and under SlowKeys its press again came after the user's next key.
        var accessX = heldModifiers.keycodes.isEmpty ? nil : AccessXBypass(display: display)
        accessX?.suspend()
        defer { accessX?.end() }
        do {
            try display.checked {
                heldModifiers.release()
                accessX?.clearLatches()
                if moves { XTestFakeMotionEvent(dpy, screen, x, y, 0) }
                for button in sent {
                    XTestFakeButtonEvent(dpy, button, True, 0)
                    XTestFakeButtonEvent(dpy, button, False, 0)
                }
                heldModifiers.pressAgain()
                if moves, putsBack, let start { XTestFakeMotionEvent(dpy, screen, start.x, start.y, 0) }
            }
            return .done
        } catch {
            return .failed(reason: "\(name): \(error)")
        }
    }

    /// The pointer's root position, or nil when it is on another screen.
    private func pointerPosition() -> (x: Int32, y: Int32)? {
        guard let spot = display.pointerSpot(), spot.screen == display.screenNumber else { return nil }
        return (Int32(spot.point.x), Int32(spot.point.y))
    }
}
