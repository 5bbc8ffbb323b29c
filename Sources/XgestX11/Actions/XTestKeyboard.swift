import CXgest

/// The XTest keyboard of the master this client's input goes to: the device
/// XTestFakeKeyEvent presses keys on. Nil when the server lists none.
///
/// Its keymap, not the core keyboard's, says what a key xgest presses types: with
/// per-device layouts (`setxkbmap -device`, an InputClass XkbLayout for one keyboard),
/// the core keyboard has the map of the keyboard used last, and the master takes the XTest
/// keyboard's at xgest's press.
func xtestKeyboardID(_ display: XDisplay) -> Int32? {
    var count: Int32 = 0
    guard let list = XIQueryDevice(display.handle, XIAllDevices, &count) else { return nil }
    defer { XIFreeDeviceInfo(list) }
    let all = UnsafeBufferPointer(start: list, count: Int(count))
    var pointer: Int32 = 0
    guard XIGetClientPointer(display.handle, Window(0), &pointer) != 0,
        let keyboard = all.first(where: { $0.deviceid == pointer })?.attachment
    else { return nil }
    return all.first { d in
        d.use == XISlaveKeyboard && d.attachment == keyboard
            && d.name.map { String(cString: $0).hasSuffix(" XTEST keyboard") } == true
    }?.deviceid
}
