import CXgest
import XgestCore
import XgestXlib

/// Lets go of the button 1 the X server leaves down on a master pointer after it took
/// xgest's verdict on a touch it emulated the pointer with only once that touch had ended
/// (a tap, decided at the lift; a long press fired as its finger lifted, whose end reached
/// the server before the verdict). The server (21.1) presses button 1 on the master for
/// that touch and takes it back at the TouchEnd only when no touch grab still holds the
/// touch; the TouchEnd it makes at the verdict skips the release while the grab is a
/// listener. The master keeps button 1 down in every later event's state, mouse buttons'
/// included, until a touch of the same touchscreen next follows another device's event,
/// when the server copies the touchscreen's own state (nothing down) to the master. Qt 5
/// loses the releases of the other buttons meanwhile (docs/x11-notes.md, "Button bits can
/// stay in the core state after touches").
///
/// xgest makes that copy happen now: a motion of no distance from the master's XTest
/// pointer, then one from the touchscreen, both through XTest. Applications see motion
/// events where the pointer already is, and no button.
extension X11InputSource {
    func clearEmulatedButton(touchscreen: Int, master: Int32) {
        makeLastSlave(touchscreen, of: master)
    }

    /// Makes the server copy `device`'s classes and state to `master` now: a motion of no
    /// distance from the master's XTest pointer, then one from the device. The server copies
    /// them when a master's events come from another slave than the last one.
    func makeLastSlave(_ device: Int, of master: Int32) {
        let xtestPointer = devices.values.first {
            $0.use == .slavePointer && $0.attachment == Int(master) && $0.name.hasSuffix(" XTEST pointer")
        }
        guard hasXTest, let xtestPointer, let slave = devices[device] else { return }
        display.moveNowhere(device: xtestPointer.id, name: xtestPointer.name, copying: device)
        display.moveNowhere(device: device, name: slave.name, copying: device)
    }
}

extension XDisplay {
    /// Queues an XTest relative motion of zero on one slave device: the master's last slave
    /// becomes that device, and the pointer stays where it is. No round trip: the request
    /// names the device by its id alone (XOpenDevice, a round trip each, made the repair
    /// that goes before a tap's keys cost two). A device gone meanwhile (its master
    /// removed, the hierarchy event not read yet) is a BadDevice filed apart for `--debug`.
    fileprivate func moveNowhere(device id: Int, name: String, copying slave: Int) {
        var device = XDevice(device_id: XID(id), num_classes: 0, classes: nil)
        var axes: [Int32] = [0, 0]
        let request = DeviceRequest(device: id, deviceName: name, kind: .stateCopyMotion(slave: slave))
        naming(request) { _ = XTestFakeDeviceMotionEvent(handle, &device, True, 0, &axes, 2, 0) }
    }
}
