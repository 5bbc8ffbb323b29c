import CXgest
import XgestCore

/// Gives an application the press xgest held back: a grabbed press that did not become a
/// stroke is replayed through XTest as the user made it: pressed where they pressed, moved
/// along their path, with any other button clicked meanwhile, released where they released
/// (a click stays a click, a drag arrives as a drag), then the pointer goes back. The
/// stroke buttons' passive grabs are lifted meanwhile, or the replayed press would be
/// grabbed again. After each press the rest waits until the pointer is not frozen by a
/// grab the press activated (``XDisplay/awaitPointerNotFrozen(probe:)``): a window
/// manager's click-to-focus grab.
struct PressReplayer {
    /// Motion events replayed in all, at most: enough for an application to follow a
    /// drag's shape (a selection, a menu item passed over), few enough that a long drag
    /// is replayed in well under a millisecond.
    static let maximumMotionEvents = 64

    let display: XDisplay
    let grabs: PointerGrabs

    /// Replays `held` unless a grab the user's next press activated is already under way:
    /// that grab would take the replayed events (docs/x11-notes.md, "A replay waits for a
    /// grab already taken"), so nothing is sent and false is returned. `modifiersNow` is
    /// the keyboard's core state: the modifiers held at the press and not now are held
    /// through XTest for the press (``ReplayModifiers``).
    func replay(_ held: HeldPress, returnTo current: PointerSpot, modifiersNow: UInt32) -> Bool {
        grabs.suspend()
        // After the round trip, a press the server grabbed before the grabs were lifted is
        // in the queue: grabbed presses are the only device presses xgest selects.
        guard !display.holdsQueued(XI_ButtonPress) else {
            grabs.resume()
            return false
        }
        let dpy = display.handle
        let motions = held.steps.count { if case .motion = $0 { true } else { false } }
        let stride = max(1, (motions + PressReplayer.maximumMotionEvents - 1) / PressReplayer.maximumMotionEvents)
        var motion = 0
        var at = held.start
        // The button the application had: XTest's goes through the pointer's map (a round
        // trip to read it, once per button).
        var sent: [Int: UInt32] = [:]
        func xtestButton(_ b: Int) -> UInt32 {
            if let known = sent[b] { return known }
            let mapped = display.xtestButton(forLogical: b)
            sent[b] = mapped
            return mapped
        }
        move(to: at)
        var modifierKeys = ReplayModifiers.keycodes(
            atPress: held.modifiers, now: modifiersNow, held: grabs.modifierMap.heldBits, display: display)
        // Past the user's AccessX filters (``AccessXBypass``): under StickyKeys the modifier
        // pressed and released around the click latched, and the user's next key came with
        // it; under SlowKeys its press came after the click's.
        var accessX = modifierKeys.isEmpty ? nil : AccessXBypass(display: display)
        accessX?.suspend()
        func releaseModifierKeys() {
            for keycode in modifierKeys.reversed() { XTestFakeKeyEvent(dpy, UInt32(keycode), False, 0) }
            modifierKeys.removeAll()
            accessX?.end()
            accessX = nil
        }
        // No key xgest pressed stays down, whichever way this ends.
        defer { releaseModifierKeys() }
        for keycode in modifierKeys { XTestFakeKeyEvent(dpy, UInt32(keycode), True, 0) }
        // A press may activate another client's synchronous grab (a window manager's
        // click-to-focus grab), which freezes the pointer until that client answers: what
        // is sent meanwhile reaches the application at the pointer's position at the
        // answer. The event after a press waits for that (it alone is queued, and the
        // pointer is where it puts it), and the rest follows it.
        var pressSent = false
        func send(_ event: () -> Void) {
            guard pressSent else { return event() }
            pressSent = false
            _ = display.awaitPointerNotFrozen(probe: event)
        }
        for (index, step) in held.steps.enumerated() {
            switch step {
            case .press(let b, let p):
                if p != at { send { move(to: p) } }
                at = p
                let button = xtestButton(b)
                send { XTestFakeButtonEvent(dpy, button, True, 0) }
                // The press, the first step, has them; the rest goes with the keyboard as it is.
                releaseModifierKeys()
                pressSent = true
            case .release(let b, let p):
                if p != at { send { move(to: p) } }
                at = p
                let button = xtestButton(b)
                // A click's release, the last event with the pointer staying there: it keeps
                // its position behind a freeze, and goes with the grabs' return, as the
                // application's next press should find them back.
                if index == held.steps.count - 1, current == PointerSpot(screen: display.screenNumber, point: at) {
                    pressSent = false
                }
                send { XTestFakeButtonEvent(dpy, button, False, 0) }
            case .motion(let p):
                motion += 1
                // Sampled: a press or release still moves to its own point first.
                if motion % stride == 0 {
                    send { move(to: p) }
                    at = p
                }
            }
        }
        if current != PointerSpot(screen: display.screenNumber, point: at) { send { move(to: current) } }
        // The replay must be processed before the grabs come back.
        grabs.resume()
        return true
    }

    /// To the pixel X put the pointer on: it truncates a fractional position (an absolute
    /// device's, an accelerated mouse's), so rounding would move a press at x 959.6 onto
    /// pixel 960, into the next window. On the watched X screen, named: the pointer may be
    /// on another one (a stroke that left the screen), where XTest's "current screen"
    /// would put the press.
    private func move(to p: Point) {
        move(to: PointerSpot(screen: display.screenNumber, point: p))
    }

    private func move(to spot: PointerSpot) {
        XTestFakeMotionEvent(display.handle, Int32(spot.screen), Self.pixel(spot.point.x), Self.pixel(spot.point.y), 0)
    }

    private static func pixel(_ v: Double) -> Int32 {
        Int32(v.isFinite ? min(max(v.rounded(.down), -32768), 32767) : 0)
    }
}
