import CXgest
import XgestCore

/// A pointer button held through a gesture (`drag`): pressed where the gesture begins,
/// the pointer moved with it, released where it ends. Unlike a click, the pointer is not
/// put back afterwards: a drag leaves it where the dragged thing was dropped.
struct PointerDrag {
    let display: XDisplay
    /// The XTest button down, if a drag is in progress: the number sent, which the
    /// pointer's map turns into the binding's button (``XDisplay/xtestButton(forLogical:)``),
    /// and which its release must send again.
    private(set) var heldButton: Int?

    init(display: XDisplay) { self.display = display }

    /// Moves the pointer for one phase of the gesture, pressing at its begin and releasing
    /// at its end. A second drag while one is held moves the held one: one pointer can
    /// drag one thing.
    mutating func follow(button: Int, state: GestureState, at location: Point) -> ActionOutcome {
        guard (1...PointerActions.maximumButton).contains(button) else {
            return .failed(reason: "drag \(button): buttons are 1 to \(PointerActions.maximumButton)")
        }
        // Touch positions have sub-pixel precision; the pointer goes to the pixel a click
        // there would press on (it went to the nearest, 1520.5 to 1521 where a click used 1520).
        guard let (x, y) = location.pixel else {
            _ = releaseHeld()
            return .failed(reason: "drag \(button): the gesture has no location")
        }
        let dpy = display.handle
        let press: Bool
        let release: Bool
        switch state {
        case .began:
            press = heldButton == nil
            release = false
        case .changed, .possible:
            press = false
            release = false
        case .ended, .recognized:
            press = false
            release = true
        case .cancelled, .failed:
            // Released where the pointer is: a cancelled gesture's last point is not a drop.
            return releaseHeld()
        }
        let sent = press ? display.xtestButton(forLogical: button) : 0
        do {
            try display.checked {
                XTestFakeMotionEvent(dpy, XDefaultScreen(dpy), x, y, 0)
                if press { XTestFakeButtonEvent(dpy, sent, True, 0) }
            }
            if press { heldButton = Int(sent) }
        } catch {
            // The motion or the press failed; whatever is held is let go rather than left down.
            _ = releaseHeld()
            return .failed(reason: "drag \(button): \(error)")
        }
        return release ? releaseHeld() : .done
    }

    /// Releases the held button, if any.
    mutating func releaseHeld() -> ActionOutcome {
        guard let button = heldButton else { return .skipped(reason: "drag: no button held") }
        heldButton = nil
        do {
            try display.checked { _ = XTestFakeButtonEvent(display.handle, UInt32(button), False, 0) }
            return .done
        } catch {
            return .failed(reason: "drag \(button): release: \(error)")
        }
    }
}
