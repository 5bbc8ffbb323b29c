import CXgest

/// Modifier keys the user holds while a combo is sent, so that they can be let go for
/// the combo and pressed again after it: a gesture made with Super held must send
/// `ctrl+alt+Right`, not `super+ctrl+alt+Right`.
///
/// Why the releases go to the keyboard that holds the key, not to the XTest keyboard:
/// the server keeps key state per slave device, and the master's modifiers follow the
/// slaves' events. A release faked on the XTest keyboard for a key held on another
/// keyboard does clear the master's modifier, but the XTest keyboard then believes the
/// key is down once it is "pressed again"; its next press of that modifier counts as an
/// autorepeat, which the server drops for modifiers, and a later `ctrl+a` arrives as a
/// plain `a` (seen on Xorg 21.1). Releasing and re-pressing on the holding device
/// (XTestFakeDeviceKeyEvent) keeps every device's state as it was.
///
/// A key of the combo itself that the user holds (t, while `key ctrl+t` runs) is let go
/// the same way but not pressed again: the server drops a press of a key the master has
/// down already, so the application got a release of t and never Ctrl+T, and pressing it
/// again afterwards would type it a second time. The user's key counts as released, as
/// the combo's own release of it says; its physical release later is dropped.
///
/// Only held keys are handled; locks (Caps Lock, Num Lock) stay as they are, since
/// applications match shortcuts without them and toggling them would be visible.
///
/// One race remains: if the user lets go of the key in the microseconds between the
/// release and the re-press, the server drops that physical release (the key is
/// already up) and the re-press leaves the modifier logically down until the key is
/// pressed and released again.
struct HeldModifiers {
    struct Held {
        var device: UnsafeMutablePointer<XDevice>
        /// Modifier keys: let go, then pressed again.
        var keycodes: [UInt8]
        /// Keys of the combo: let go only.
        var comboKeys: [UInt8] = []
    }

    private(set) var held: [Held] = []
    private let display: XDisplay

    var keycodes: [UInt8] { held.flatMap(\.keycodes) }

    /// Finds the modifier keys that are down and the keyboards holding them, each
    /// keyboard's keys judged by its own keymap (``ModifierKeys``). Costs nothing when no
    /// key is down (the usual case), a few round trips per keyboard holding one when one is.
    init(display: XDisplay, keysDown: Set<UInt8>, comboKeys: Set<UInt8> = []) {
        self.display = display
        guard !keysDown.isEmpty else { return }
        for deviceID in Self.slaveKeyboards(display) {
            guard let device = XOpenDevice(display.handle, XID(deviceID)) else { continue }
            let down = DeviceState.read(device, display: display).keys.intersection(keysDown)
            let modifiers = down.isEmpty ? [] : ModifierKeys.among(down, deviceID: deviceID, display: display)
            let ownKeys = down.intersection(comboKeys).subtracting(modifiers)
            if modifiers.isEmpty && ownKeys.isEmpty {
                XCloseDevice(display.handle, device)
            } else {
                held.append(Held(device: device, keycodes: modifiers.sorted(), comboKeys: ownKeys.sorted()))
            }
        }
    }

    /// Queues a release of every held modifier key and combo key on its own keyboard.
    func release() {
        for h in held {
            for keycode in h.keycodes + h.comboKeys {
                XTestFakeDeviceKeyEvent(display.handle, h.device, UInt32(keycode), False, nil, 0, 0)
            }
        }
    }

    /// Queues a press of every modifier key `release()` let go of, on the same keyboard.
    func pressAgain() {
        for h in held {
            for keycode in h.keycodes {
                XTestFakeDeviceKeyEvent(display.handle, h.device, UInt32(keycode), True, nil, 0, 0)
            }
        }
    }

    /// Closes the XI 1 device handles.
    mutating func close() {
        for h in held { XCloseDevice(display.handle, h.device) }
        held.removeAll()
    }

    /// The slave keyboards attached to the core keyboard (the master paired with this
    /// client's pointer), the XTest keyboard among them.
    private static func slaveKeyboards(_ display: XDisplay) -> [Int32] {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display.handle, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(devices) }
        let all = UnsafeBufferPointer(start: devices, count: Int(count))
        var pointer: Int32 = 0
        let master: Int32? =
            XIGetClientPointer(display.handle, Window(0), &pointer) != 0
            ? all.first { $0.deviceid == pointer }?.attachment : nil
        return all.filter { $0.use == XISlaveKeyboard && (master == nil || $0.attachment == master) }.map(\.deviceid)
    }
}
