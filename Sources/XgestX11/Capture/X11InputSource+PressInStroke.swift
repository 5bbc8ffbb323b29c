import CXgest
import XgestCore

/// Presses made while a mouse's stroke button is held, which the stroke grab takes: the
/// application gets them back with the stroke's press, in the order made.
extension X11InputSource {
    /// The mouse an event of a stroke grab is from, nil for another device's (a touchpad's
    /// button, XTest, a touch's emulated press). A smooth wheel's notch (xf86-input-libinput
    /// posts a wheel as motion on a scroll axis, from which the server emulates buttons 4
    /// to 7 flagged `XIPointerEmulated`) made while a stroke button is held is the mouse's
    /// wheel clicked meanwhile, as a wheel posting buttons is: the stroke fails and the
    /// notch is replayed with it. Without a stroke button down it is no stroke's.
    func grabbedMouse(_ e: XIDeviceEvent) -> XIDevice? {
        guard let mouse = usedDevice(e.sourceid, as: .pointer) else { return nil }
        if e.flags & Int32(XIPointerEmulated) == 0 { return mouse }
        guard grabbedButtonsDown[e.deviceid] != nil, Self.wheelButtons.contains(Int(e.detail)) else { return nil }
        return mouse
    }

    /// The buttons X makes of a wheel: 4 and 5 up and down, 6 and 7 left and right.
    static let wheelButtons = 4...7
}

/// A button as the slave device that pressed it numbers it.
struct DeviceButton: Hashable {
    var source: Int32
    var button: Int
}

extension X11InputSource {
    /// Whether a stroke grab is under way: a replay now would go to it.
    var strokeGrabUnderWay: Bool { !grabbedButtonsDown.isEmpty || !otherButtonsDown.isEmpty }

    /// Takes a press, or its release, of another device than a mouse (a touchpad's button,
    /// XTest's: xdotool, xgest's own `click` and `scroll`; a touch's emulated press) made
    /// while a mouse holds a stroke button: the grab of that button takes it, and no
    /// answer replays it (only the press that activated a grab can be), so it reached no
    /// one. It joins the held press, as a button of the mouse clicked meanwhile: the
    /// stroke fails ("wrong button") and it is replayed with the press, in the order
    /// made, where it was made. Returns false for what is not such a press's: the press
    /// that activated the grab, whose answer replays it, and motion.
    func joinsHeldPress(_ e: XIDeviceEvent, _ handle: (CapturedEvent) -> Void) -> Bool {
        let other = DeviceButton(source: e.sourceid, button: Int(e.detail))
        let at = Point(x: e.root_x, y: e.root_y)
        let time = clock.unwrap(UInt32(truncatingIfNeeded: e.time))
        switch e.evtype {
        case XI_ButtonPress:
            guard let mouse = heldPresses.first(where: { $0.value.master == e.deviceid && !$0.value.isReleased })?.key
            else { return false }
            // Every press is answered; the grab is active, so this changes nothing.
            pointerGrabs.allow(.keep, device: e.deviceid, time: e.time)
            otherButtonsDown[e.deviceid, default: []].insert(other)
            heldPresses[mouse]?.pressed(other.button, at: at)
            handle(.pressJoinedHeldPress(device: mouse, button: other.button, from: sourceName(e), time: time))
            joinedButton(other.button, isPress: true, at: at, mouse: mouse, time: time, handle)
            return true
        case XI_ButtonRelease:
            guard otherButtonsDown[e.deviceid]?.remove(other) != nil else { return false }
            if otherButtonsDown[e.deviceid]?.isEmpty == true { otherButtonsDown[e.deviceid] = nil }
            guard let mouse = heldPresses.first(where: { $0.value.master == e.deviceid })?.key else {
                replayWaiting()
                return true
            }
            heldPresses[mouse]?.released(other.button, at: at)
            endIfReleased(heldPressOf: mouse)
            joinedButton(other.button, isPress: false, at: at, mouse: mouse, time: time, handle)
            return true
        default:
            return false
        }
    }

    /// The engine has a joined button as the mouse's: another button clicked during a
    /// stroke fails it, and the mouse's sequence lasts until that button is up too.
    private func joinedButton(
        _ button: Int, isPress: Bool, at p: Point, mouse: Int, time: EventTime, _ handle: (CapturedEvent) -> Void
    ) {
        let sample = ButtonSample(button: button, isPress: isPress, location: p)
        handle(
            .input(
                InputEvent(time: time, device: mouse, deviceKind: .pointer, payload: .button(sample)), startTarget: nil)
        )
    }

    /// What made a press the stroke grab took, for the trace.
    private func sourceName(_ e: XIDeviceEvent) -> String {
        let name = devices[Int(e.sourceid)]?.name ?? "device \(e.sourceid)"
        if e.flags & Int32(XIPointerEmulated) != 0 { return "\(name) (emulated)" }
        if usedDevice(e.sourceid, as: .touchpad) != nil { return "the touchpad \(name)" }
        return name
    }
}
