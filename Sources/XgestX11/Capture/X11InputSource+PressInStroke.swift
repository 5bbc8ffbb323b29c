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
