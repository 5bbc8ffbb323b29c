import CXgest

/// The XTest keyboard and pointer attached to the masters paired with this client's
/// pointer: the devices XTestFakeKeyEvent and XTestFakeButtonEvent press on. Nil when the
/// server lists no device.
func xtestDevices(_ display: XDisplay) -> (keyboard: Int32?, pointer: Int32?)? {
    var count: Int32 = 0
    guard let list = XIQueryDevice(display.handle, XIAllDevices, &count) else { return nil }
    defer { XIFreeDeviceInfo(list) }
    let all = UnsafeBufferPointer(start: list, count: Int(count))
    var pointer: Int32 = 0
    guard XIGetClientPointer(display.handle, Window(0), &pointer) != 0,
        let keyboard = all.first(where: { $0.deviceid == pointer })?.attachment
    else { return nil }
    func slave(_ use: Int32, of master: Int32, named suffix: String) -> Int32? {
        all.first { d in
            d.use == use && d.attachment == master && d.name.map { String(cString: $0).hasSuffix(suffix) } == true
        }?.deviceid
    }
    return (
        slave(XISlaveKeyboard, of: keyboard, named: " XTEST keyboard"),
        slave(XISlavePointer, of: pointer, named: " XTEST pointer")
    )
}

/// The XTest keyboard of the master this client's input goes to. Its keymap, not the
/// core keyboard's, says what a key xgest presses types: with per-device layouts
/// (`setxkbmap -device`, an InputClass XkbLayout for one keyboard), the core keyboard has
/// the map of the keyboard used last, and the master takes the XTest keyboard's at
/// xgest's press.
func xtestKeyboardID(_ display: XDisplay) -> Int32? {
    xtestDevices(display)?.keyboard ?? nil
}
