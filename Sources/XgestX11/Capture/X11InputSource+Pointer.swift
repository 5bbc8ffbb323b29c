import CXgest
import XgestCore

/// The pointer: raw motion and buttons, the stroke-button grabs, and presses held for a
/// stroke, kept or replayed to the application.
extension X11InputSource {
    func handleRaw(_ evtype: Int32, _ e: XIRawEvent, _ handle: (CapturedEvent) -> Void) {
        if gestureGrabs.grabbed.count < Self.grabbedTypes(touchpadClaims).count,
            usedDevice(e.sourceid, as: .touchpad) != nil
        {
            // The touchpad in use, with a gesture grab another client held: it may be free now.
            retakeGrabs(at: clock.unwrap(UInt32(truncatingIfNeeded: e.time)), handle)
        }
        // A click handed back may wait for a button pressed since it (replayWaiting): any
        // button's release, a touch's emulated one too, may be the one it waits for.
        if evtype == XI_RawButtonRelease, !waitingReplays.isEmpty { replayWaiting() }
        let chorded = noteRawButton(evtype, e)
        // Pointer events a touchscreen emulates are the touches xgest already has.
        guard e.flags & Int32(XIPointerEmulated) == 0, let device = usedDevice(e.sourceid, as: .pointer) else { return }
        let time = clock.unwrap(UInt32(truncatingIfNeeded: e.time))
        // Raw buttons are as the device reported them; X and the bindings speak of them mapped.
        var button = 0
        switch evtype {
        case XI_RawButtonPress: button = buttonMapping.press(Int(e.detail), device: device.id)
        case XI_RawButtonRelease: button = buttonMapping.release(Int(e.detail), device: device.id)
        default: break
        }
        // While a stroke button is held, the grab's own events carry exact positions; a press
        // the grab takes arrives through it too.
        if grabbedButtonsDown[e.deviceid] != nil || otherButtonsDown[e.deviceid] != nil { return }
        if evtype == XI_RawButtonPress, pointerGrabs.grabs(button: button, with: modifiers) {
            strokePressesAwaited[e.deviceid, default: []].insert(button)
            if chorded { strokePressesInChord[e.deviceid, default: []].insert(button) }
            return
        }
        if evtype == XI_RawButtonRelease, strokePressesAwaited[e.deviceid]?.remove(button) != nil {
            if strokePressesAwaited[e.deviceid]?.isEmpty == true { strokePressesAwaited[e.deviceid] = nil }
            // Made with another button down: that button's grab (the application's implicit
            // one) took it, as it should, a rocker click or a chord: no other client holds
            // the stroke button.
            if strokePressesInChord[e.deviceid]?.remove(button) != nil {
                if strokePressesInChord[e.deviceid]?.isEmpty == true { strokePressesInChord[e.deviceid] = nil }
                return
            }
            // Released with the grab's press never come: the grab that activated on the
            // press was another client's (the newer of two passive grabs on the root wins,
            // an active grab takes every press), and this release ends a press xgest never had.
            // A screen locker's grab takes it as it should: nothing to count then.
            if !screenLock.isLocked {
                let inARow = strokePressesTakenInARow[button, default: 0] + 1
                strokePressesTakenInARow[button] = inARow
                handle(.strokePressTaken(button: button, time: time, inARow: inARow))
            }
            return
        }
        // A stroke button's press the server went without XTEST for: the application has it,
        // and no stroke starts from it (a stroke would fire with the application dragging).
        if evtype == XI_RawButtonPress,
            ungrabbedTriggers.contains(where: { $0.button == button && ($0.modifiers ?? modifiers) == modifiers })
        {
            return
        }
        if evtype == XI_RawMotion {
            // Its position is read once the motion read with it is (flushPendingMotion); no
            // recognizer takes motion with no stroke button down, so only a recording asks.
            let (x, y) = XIEventDecoding.rawAxes(e)
            if reportsPointerMotion, x != nil || y != nil {
                pointer.pendingMotion = PointerTracker.PendingMotion(device: device.id, master: e.deviceid, time: time)
            }
            return
        }
        // Mapped to 0: disabled, X delivers nothing of it.
        guard button != 0 else { return }
        let press = evtype == XI_RawButtonPress
        // Where the pointer is (one round trip a click): the raw event does not say.
        let here = display.pointerPosition(master: e.deviceid)
        // Made on another X screen: not this one's. Its release goes with it.
        if press, here == nil {
            pointer.buttonsPressedElsewhere.insert(button)
            return
        }
        if !press, pointer.buttonsPressedElsewhere.remove(button) != nil { return }
        if press, lockedAtGestureStart(handle) {
            buttonsPressedWhileLocked.insert(button)
            return
        }
        if !press, buttonsPressedWhileLocked.remove(button) != nil { return }
        // A release on another screen of a press made on this one ends where the pointer left it.
        if let here { pointer.position = here }
        let payload = InputEvent.Payload.button(
            ButtonSample(button: button, isPress: press, location: pointer.position))
        let target = press ? hitTester.hitTest(pointer.position) : nil
        handle(
            .input(
                InputEvent(time: time, device: device.id, deviceKind: .pointer, payload: payload), startTarget: target))
    }

    /// Reports the raw motion read since the last report, at the pointer's position read
    /// from the server: one round trip for all the motion read together. A raw event
    /// carries its device's values, not where the pointer is, and they do not give it: an
    /// absolute device's span every X screen, devices declaring relative axes post absolute
    /// positions on them (VNC servers', Xephyr's), and XTest moves and warps move the
    /// pointer with no event of a device xgest reads. Motion on another X screen is not
    /// reported. Returns whether it asked the server.
    @discardableResult
    func flushPendingMotion(_ handle: (CapturedEvent) -> Void) -> Bool {
        guard let m = pointer.pendingMotion else { return false }
        pointer.pendingMotion = nil
        guard let p = display.pointerPosition(master: m.master) else { return true }
        pointer.position = p
        handle(
            .input(
                InputEvent(time: m.time, device: m.device, deviceKind: .pointer, payload: .pointerMotion(p)),
                startTarget: nil))
        return true
    }

    /// Events of an active stroke-button grab: the press, motion with root positions, the release.
    func handleGrabbedPointer(_ e: XIDeviceEvent, _ handle: (CapturedEvent) -> Void) {
        // Every press is answered: the one that activated the grab froze the pointer, and an
        // answer to any other (the grab already active, nothing frozen) has no effect.
        let isPress = e.evtype == XI_ButtonPress
        guard let device = grabbedMouse(e) else {
            // A touchpad's button, XTest, a touch's emulated press: never a stroke, but
            // one made while a mouse holds a stroke button is that press's.
            if joinsHeldPress(e, handle) { return }
            guard isPress else { return }
            pointerGrabs.allow(.replay, device: e.deviceid, time: e.time)
            // Only this press's own grab replays it: with a stroke button already down, the
            // answer does nothing.
            if grabbedButtonsDown.isEmpty, usedDevice(e.sourceid, as: .touchpad) != nil {
                let time = clock.unwrap(UInt32(truncatingIfNeeded: e.time))
                handle(.touchpadPressHandedBack(button: Int(e.detail), time: time))
            }
            // Replayed, the press took the grab it activated with it.
            replayWaiting()
            return
        }
        let time = clock.unwrap(UInt32(truncatingIfNeeded: e.time))
        noteModifiers(UInt32(bitPattern: e.mods.effective), time: time, handle)
        if e.root != display.root || strokesLeftScreen.contains(e.deviceid) {
            grabbedElsewhere(e, device, time: time, handle)
            return
        }
        let location = grabbedLocation(e, device)
        pointer.position = location
        let payload: InputEvent.Payload
        var target: HitTarget?
        switch e.evtype {
        case XI_ButtonPress:
            let pressed = Int(e.detail)
            if strokePressesAwaited[e.deviceid]?.remove(pressed) != nil,
                strokePressesAwaited[e.deviceid]?.isEmpty == true
            {
                strokePressesAwaited[e.deviceid] = nil
            }
            if strokePressesInChord[e.deviceid]?.remove(pressed) != nil,
                strokePressesInChord[e.deviceid]?.isEmpty == true
            {
                strokePressesInChord[e.deviceid] = nil
            }
            if let taken = strokePressesTakenInARow.removeValue(forKey: pressed) {
                handle(.strokePressFreed(button: pressed, time: time, afterTaken: taken))
            }
            if lockedAtGestureStart(handle) {
                // Not a stroke behind a locker: the press goes back as it was made.
                pointerGrabs.allow(.replay, device: e.deviceid, time: e.time)
                buttonsPressedWhileLocked.insert(Int(e.detail))
                handle(.handedBackWhileLocked("press of button \(e.detail)", time: time))
                replayWaiting()
                return
            }
            pointerGrabs.allow(.keep, device: e.deviceid, time: e.time)
            let button = Int(e.detail)
            grabbedButtonsDown[e.deviceid, default: []].insert(button)
            // Another button pressed while one is held is part of the same press: the
            // application gets both back in the order made.
            if let held = heldPresses[device.id], !held.isReleased {
                heldPresses[device.id]?.pressed(button, at: location)
            } else {
                heldPresses[device.id] = HeldPress(
                    button: button, at: location, over: topLevel(at: location),
                    modifiers: UInt32(bitPattern: e.mods.effective),
                    buttonsDownBefore: XIEventDecoding.coreButtonsDown(e.buttons), master: e.deviceid)
            }
            payload = .button(ButtonSample(button: button, isPress: true, location: location))
            target = hitTester.hitTest(location)
        case XI_ButtonRelease:
            let button = Int(e.detail)
            if heldPresses[device.id]?.buttonsDown == [button], isReleasedByLeaving() {
                // The server let go of the button of a device leaving its master: the press
                // goes with it, and the device's going cancels the gesture, as it does while
                // the button is down.
                heldPresses[device.id] = nil
                grabbedButtonsDown[e.deviceid] = nil
                replayWaiting()
                return
            }
            grabbedButtonsDown[e.deviceid]?.remove(button)
            if grabbedButtonsDown[e.deviceid]?.isEmpty == true { grabbedButtonsDown[e.deviceid] = nil }
            heldPresses[device.id]?.released(button, at: location)
            endIfReleased(heldPressOf: device.id)
            if buttonsPressedWhileLocked.remove(button) != nil { return }
            payload = .button(ButtonSample(button: button, isPress: false, location: location))
        default:
            heldPresses[device.id]?.moved(to: location)
            payload = .pointerMotion(location)
        }
        handle(
            .input(
                InputEvent(time: time, device: device.id, deviceKind: .pointer, payload: payload), startTarget: target))
    }

    /// An event of a stroke grab from another X screen: the grab follows the pointer there,
    /// and its events come with that screen's root and positions, which read as this
    /// screen's made a stroke going right across into one going left. The first ends the
    /// stroke (``CapturedEvent/leftScreen(device:time:)``): the daemon cancels it, which
    /// hands its press back, replayed on this screen up to where the pointer left it, once
    /// the buttons are up. Until then nothing of it is this screen's, even back on it.
    private func grabbedElsewhere(
        _ e: XIDeviceEvent, _ device: XIDevice, time: EventTime, _ handle: (CapturedEvent) -> Void
    ) {
        let button = Int(e.detail)
        switch e.evtype {
        case XI_ButtonPress:
            // The grab is already active (only a press on this screen activates it): the
            // answer changes nothing, but every press gets one.
            pointerGrabs.allow(.keep, device: e.deviceid, time: e.time)
            grabbedButtonsDown[e.deviceid, default: []].insert(button)
        case XI_ButtonRelease:
            grabbedButtonsDown[e.deviceid]?.remove(button)
            if grabbedButtonsDown[e.deviceid]?.isEmpty == true { grabbedButtonsDown[e.deviceid] = nil }
            if let last = heldPresses[device.id]?.last { heldPresses[device.id]?.released(button, at: last) }
        default:
            break
        }
        let left = strokesLeftScreen.insert(e.deviceid).inserted
        if grabbedButtonsDown[e.deviceid] == nil { strokesLeftScreen.remove(e.deviceid) }
        // Given up for leaving, not for what it drew: replayed up to where it left.
        heldPresses[device.id]?.leftScreen = true
        if left { handle(.leftScreen(device: device.id, time: time)) }
        endIfReleased(heldPressOf: device.id)
    }

    /// Where a grabbed event happened, from its own axes. The press that activates a grab
    /// freezes the pointer until xgest answers it; what the mouse does meanwhile is queued
    /// and sent on the answer with root_x and root_y whole part taken from the pointer's
    /// latest position (only the fraction is the event's own), so a stroke's first points
    /// would all land at one place. The axes are the event's own. One the event leaves out
    /// has not moved: from the last grabbed event, or for the press that activated the grab
    /// (never queued, so its root position is right) from there.
    private func grabbedLocation(_ e: XIDeviceEvent, _ device: XIDevice) -> Point {
        let (x, y) = XIEventDecoding.deviceAxes(e)
        let unmoved = grabbedButtonsDown[e.deviceid] == nil ? Point(x: e.root_x, y: e.root_y) : pointer.position
        return pointer.location(x: x, y: y, range: device.absoluteRange, unmoved: unmoved)
    }

    /// Whether a release that would end `device`'s held press is the server's, made as the
    /// device is disabled or floated (`xinput disable`, `xinput float`): the server sends
    /// it while doing so, just before the hierarchy change, both within the one request, so
    /// after a round trip the change is in the queue if it is coming (docs/x11-notes.md,
    /// "A device leaving its master releases its buttons first"). One round trip a stroke.
    private func isReleasedByLeaving() -> Bool {
        display.sync()
        return display.holdsQueued(XI_HierarchyChanged)
    }

    /// Grabs exactly these stroke triggers (button and modifiers), releasing the others;
    /// none on a server without XTEST, where a press that draws no stroke could not be
    /// given back: the application would lose it (see ``strokesOff``).
    public func setStrokeTriggers(_ triggers: Set<StrokeTrigger>) {
        pointerGrabs.set(display.hasXTest ? triggers : [])
        ungrabbedTriggers = display.hasXTest ? [] : triggers
    }

    /// Why pointer strokes are off on this display, said once at start; nil when they work.
    public var strokesOff: String? {
        display.hasXTest
            ? nil
            : "the X server \(display.name) has no XTEST extension: pointer strokes are off (a press that"
                + " draws no stroke could not be given back to the application), and key, click, scroll and"
                + " drag actions fail"
    }

    /// Keeps the held press of `button` by `device`: it was a stroke, the application never sees it.
    public func keep(pressOf button: Int, device: Int) {
        if heldPresses[device]?.button == button { heldPresses[device] = nil }
    }

    /// Hands the held press of `button` by `device` back to the application under it,
    /// replayed as the user made it (a click as a click, a drag as a drag, another button
    /// clicked meanwhile as that click). While a button is still down the replay waits for
    /// the last release.
    ///
    /// A press the user drew into a stroke that no binding took is not replayed, unless
    /// ``drawnPresses`` says so (``isDrawnStroke(_:)``).
    public func handBack(pressOf button: Int, device: Int) -> PressHandBack {
        guard var held = heldPresses[device], held.button == button else { return .nothingHeld }
        if let gone = held.windowGone, held.isReleased {
            heldPresses[device] = nil
            return .windowGone(gone)
        }
        let drawn = isDrawnStroke(held)
        guard held.isReleased else {
            held.atRelease = drawn ? .discarded : .replayed
            heldPresses[device] = held
            return drawn ? .strokeNotReplayedAtRelease : .atRelease
        }
        heldPresses[device] = nil
        // Its release ended the grab the press activated: the application saw none of it.
        if drawn { return .strokeNotReplayed }
        return replay(held) ? .replayed(from: held.start, to: held.last) : .afterTheNextPress
    }

    /// Whether `held`, handed back now, is a stroke the user drew that no binding took:
    /// it got as far from where it was made as ``drawnPresses`` says (the trail was
    /// showing), and was given up for its drawing, not for another button pressed or the
    /// pointer leaving the X screen. Measured at the verdict: a press given up while still
    /// a click (other modifiers, held still past the start window) stays one, wherever the
    /// user then drags it.
    func isDrawnStroke(_ held: HeldPress) -> Bool {
        guard case .discarded(let pastPx) = drawnPresses else { return false }
        return held.reach >= pastPx && !held.leftScreen && !held.pressedOtherButton
    }

    /// The held press of `device` may have had its last button released: one handed back
    /// meanwhile goes as decided then; either way, presses waiting for the grab to end go
    /// now. A stroke given up while drawn (timed out) is still replayed when another
    /// button was pressed before the release: that click is the application's.
    func endIfReleased(heldPressOf device: Int) {
        guard let held = heldPresses[device], held.isReleased, let fate = held.atRelease else {
            return replayWaiting()
        }
        heldPresses[device] = nil
        switch fate {
        case .replayed:
            _ = replay(held)
        case .discarded where held.pressedOtherButton:
            _ = replay(held)
        case .discarded:
            replayWaiting()
        }
    }

    /// Replays `held` after the presses waiting before it; false when it waits too.
    func replay(_ held: HeldPress) -> Bool {
        waitingReplays.append(held)
        replayWaiting()
        return waitingReplays.isEmpty
    }

    /// Replays the presses waiting for a grab to end, in the order they were made, unless
    /// a grab is under way: it would take them.
    func replayWaiting() {
        guard !strokeGrabUnderWay else { return }
        guard !waitingReplays.isEmpty else { return }
        let replayer = PressReplayer(display: display, grabs: pointerGrabs)
        // The pointer goes back where it is, on whichever X screen; the keyboard's modifiers
        // now, against those of each press.
        let state = display.pointerState()
        let back = state.spot ?? PointerSpot(screen: display.screenNumber, point: pointer.position)
        let buttonsDown = XIEventDecoding.coreButtons(state.modifiers)
        while let next = waitingReplays.first {
            if let gone = next.windowGone {
                waitingReplays.removeFirst()
                pressNotReplayed?(next.button, gone)
                continue
            }
            // A button pressed since the press and still down (a left click a millisecond
            // after a right click handed back): replayed now, the press would come inside
            // that click, the pointer moved along its path and back with the button held,
            // a drag the user never made. It waits for that button's release, as for a
            // grab's; a button already down at the press was the user's chord and is not
            // waited for.
            guard buttonsDown.isSubset(of: next.buttonsDownBefore) else { return }
            guard replayer.replay(next, returnTo: back, modifiersNow: state.modifiers) else { return }
            waitingReplays.removeFirst()
        }
    }
}

/// Where the pointer is on a server of several X screens: the screen and the position on it.
struct PointerSpot: Equatable {
    var screen: Int
    var point: Point
}

extension XDisplay {
    /// The core pointer's screen and position there, whichever screen it is on. One round trip.
    func pointerSpot() -> PointerSpot? { pointerState().spot }

    /// ``pointerSpot()``, with the core state's key and button mask. One round trip.
    func pointerState() -> (spot: PointerSpot?, modifiers: UInt32) {
        var rootReturn: Window = 0
        var child: Window = 0
        var rx: Int32 = 0
        var ry: Int32 = 0
        var wx: Int32 = 0
        var wy: Int32 = 0
        var mask: UInt32 = 0
        _ = XQueryPointer(handle, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &mask)
        guard let screen = (0..<screenCount).first(where: { XRootWindow(handle, Int32($0)) == rootReturn }) else {
            return (nil, mask)
        }
        return (PointerSpot(screen: screen, point: Point(x: Double(rx), y: Double(ry))), mask)
    }

    /// The master pointer's position: one round trip, at start-up.
    func pointerPosition() -> Point? {
        var masters: Int32 = 0
        guard let list = XIQueryDevice(handle, XIAllMasterDevices, &masters) else { return nil }
        defer { XIFreeDeviceInfo(list) }
        for i in 0..<Int(masters) where list[i].use == XIMasterPointer {
            if let p = pointerPosition(master: list[i].deviceid) { return p }
        }
        return nil
    }

    /// Where the server has this master pointer: its sprite, as the windows see it; nil
    /// when it is on another X screen than the watched one. One round trip.
    func pointerPosition(master: Int32) -> Point? {
        var rootReturn: Window = 0
        var child: Window = 0
        var rx = 0.0
        var ry = 0.0
        var wx = 0.0
        var wy = 0.0
        var buttons = XIButtonState()
        var mods = XIModifierState()
        var group = XIGroupState()
        let ok = XIQueryPointer(
            handle, master, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &buttons, &mods, &group)
        if let m = buttons.mask { XFree(m) }
        return ok != 0 ? Point(x: rx, y: ry) : nil
    }
}
