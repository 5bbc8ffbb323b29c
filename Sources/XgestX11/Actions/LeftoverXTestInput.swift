import CXgest

/// Keys and buttons an earlier run left down on the XTest devices when the daemon starts:
/// a run killed (SIGKILL, the OOM killer, a crash) in the middle of a `key-down` or a
/// `drag` left them there, since the server keeps an XTest device's state after its
/// client is gone, and no I/O error handler runs in a killed process (``XTestHeldInput``
/// covers only a cut connection). Left down, a Ctrl came with everything the user typed,
/// and the next combo's press of it counted as a repeat and was dropped.
///
/// Only what that run's ``HeldInputFile`` lists is released, and only if it is still down:
/// another XTest client (a VNC user's Shift, xdotool, an on-screen keyboard) holds its own
/// keys there. Only the XTest devices of the master this client's input goes to are looked
/// at: those are the ones xgest's XTest requests press keys and buttons on.
enum LeftoverXTestInput {
    /// Releases what an earlier run listed and is still down, and clears the keymap rows it
    /// listed (``LeftoverKeymapRows``); a line saying what, or nil when nothing was left.
    static func release(_ display: XDisplay) -> String? {
        let listed = HeldInputFile.takeLeftover()
        guard !listed.keycodes.isEmpty || !listed.buttons.isEmpty || !listed.rows.isEmpty else { return nil }
        let dpy = display.handle
        var keys: [UInt8] = []
        var buttons: [Int] = []
        if !listed.keycodes.isEmpty || !listed.buttons.isEmpty, let devices = xtestDevices(display) {
            if let id = devices.keyboard {
                keys = DeviceState.read(id, display: display).keys.intersection(listed.keycodes).sorted()
            }
            if let id = devices.pointer {
                buttons = DeviceState.read(id, display: display).buttons.intersection(listed.buttons).sorted()
            }
        }
        // Named before their rows are cleared, and released before: a key released on an
        // empty row comes up as NoSymbol.
        let names = keys.map { keyName($0, display: display) } + buttons.map { "button \($0)" }
        for keycode in keys { XTestFakeKeyEvent(dpy, UInt32(keycode), False, 0) }
        for button in buttons { XTestFakeButtonEvent(dpy, UInt32(button), False, 0) }
        let cleared = LeftoverKeymapRows.clear(listed.rows, display: display)
        XSync(dpy, False)
        let byEarlierRun = "by an earlier run that did not stop cleanly"
        switch (names.isEmpty, cleared.isEmpty) {
        case (true, true):
            return nil
        case (false, true):
            return "released " + names.joined(separator: ", ") + " left down on the XTest devices " + byEarlierRun
        case (true, false):
            return LeftoverKeymapRows.describe(cleared) + ", left mapped in the keymap " + byEarlierRun
        case (false, false):
            return "released " + names.joined(separator: ", ") + " left down on the XTest devices, and "
                + LeftoverKeymapRows.describe(cleared) + " left mapped in the keymap, " + byEarlierRun
        }
    }

    /// The keysym's name of `keycode` (its first level), else the keycode.
    private static func keyName(_ keycode: UInt8, display: XDisplay) -> String {
        let keysym = XkbKeycodeToKeysym(display.handle, KeyCode(keycode), 0, 0)
        guard keysym != 0, let name = XKeysymToString(keysym) else { return "keycode \(keycode)" }
        return String(cString: name)
    }
}

/// The keys and buttons down on one slave device (XI 1 QueryDeviceState; XI 2 has no
/// such query).
struct DeviceState {
    var keys: Set<UInt8> = []
    var buttons: Set<Int> = []

    static func read(_ id: Int32, display: XDisplay) -> DeviceState {
        guard let device = XOpenDevice(display.handle, XID(id)) else { return DeviceState() }
        defer { XCloseDevice(display.handle, device) }
        return read(device, display: display)
    }

    static func read(_ device: UnsafeMutablePointer<XDevice>, display: XDisplay) -> DeviceState {
        var result = DeviceState()
        guard let state = XQueryDeviceState(display.handle, device) else { return result }
        defer { XFreeDeviceState(state) }
        guard var item = state.pointee.data.map({ UnsafeMutableRawPointer($0) }) else { return result }
        for _ in 0..<Int(state.pointee.num_classes) {
            let header = item.assumingMemoryBound(to: XInputClass.self).pointee
            if Int32(header.`class`) == KeyClass {
                var keys = item.assumingMemoryBound(to: XKeyState.self).pointee.keys
                result.keys = setBits(of: &keys, below: 256).reduce(into: []) { $0.insert(UInt8($1)) }
            } else if Int32(header.`class`) == ButtonClass {
                let buttonState = item.assumingMemoryBound(to: XButtonState.self).pointee
                var bits = buttonState.buttons
                // Bit 0 stands for no button.
                result.buttons = Set(setBits(of: &bits, below: Int(buttonState.num_buttons) + 1).filter { $0 > 0 })
            }
            guard header.length > 0 else { break }
            item += Int(header.length)
        }
        return result
    }

    /// The numbers of the bits set in a C bit array, below `limit`.
    private static func setBits<T>(of array: inout T, below limit: Int) -> [Int] {
        withUnsafeBytes(of: &array) { bytes in
            (0..<min(limit, bytes.count * 8)).filter { bytes[$0 / 8] & (1 << UInt8($0 % 8)) != 0 }
        }
    }
}
