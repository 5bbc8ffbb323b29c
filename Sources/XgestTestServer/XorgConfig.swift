/// The xorg.conf of a test server: the dummy video driver with one fixed-size screen (or
/// two, the second right of the first: separate X screens, `:N.0` and `:N.1`) and an
/// inputtest device of each of `devices`, nothing hot-plugged and nothing that blanks or
/// switches VTs.
struct XorgConfig {
    var screenWidth: Int
    var screenHeight: Int
    /// The second X screen's size, or nil for one screen.
    var secondScreen: (width: Int, height: Int)?
    var depth = 24
    /// The inputtest devices it has.
    var devices = InputTestDeviceKind.always
    /// Directory holding one inputtest socket per device.
    var socketDirectory: String

    func socketPath(for kind: InputTestDeviceKind) -> String { socketDirectory + "/" + kind.socketFileName }

    var text: String {
        var lines: [String] = [
            "Section \"ServerFlags\"",
            // No udev hotplug: a CI runner's real devices must not join the test server.
            "    Option \"AutoAddDevices\" \"false\"",
            "    Option \"AutoEnableDevices\" \"false\"",
            "    Option \"AutoAddGPU\" \"false\"",
            "    Option \"DontVTSwitch\" \"true\"",
            "    Option \"BlankTime\" \"0\"",
            "    Option \"StandbyTime\" \"0\"",
            "    Option \"SuspendTime\" \"0\"",
            "    Option \"OffTime\" \"0\"",
            "EndSection",
        ]
        lines += screenSections(index: 0, width: screenWidth, height: screenHeight)
        if let second = secondScreen { lines += screenSections(index: 1, width: second.width, height: second.height) }
        for kind in devices {
            lines += [
                "Section \"InputDevice\"",
                "    Identifier \"\(kind.xiName)\"",
                "    Driver \"inputtest\"",
                "    Option \"SocketPath\" \"\(socketPath(for: kind))\"",
                "    Option \"DeviceType\" \"\(kind.driverDeviceType)\"",
            ]
            if kind.isTouchscreen { lines.append("    Option \"TouchCount\" \"10\"") }
            lines.append("EndSection")
        }
        lines += ["Section \"ServerLayout\"", "    Identifier \"xgest-layout\"", "    Screen 0 \"xgest-screen0\""]
        if secondScreen != nil { lines.append("    Screen 1 \"xgest-screen1\" RightOf \"xgest-screen0\"") }
        lines += [
            "    InputDevice \"\(InputTestDeviceKind.touchscreen.xiName)\""
        ]
        // Attached to the core pointer as the first is, and added right after it.
        if devices.contains(.secondTouchscreen) {
            lines.append("    InputDevice \"\(InputTestDeviceKind.secondTouchscreen.xiName)\"")
        }
        lines += [
            "    InputDevice \"\(InputTestDeviceKind.pointer.xiName)\" \"CorePointer\"",
            "    InputDevice \"\(InputTestDeviceKind.touchpad.xiName)\" \"SendCoreEvents\"",
            "    InputDevice \"\(InputTestDeviceKind.keyboard.xiName)\" \"CoreKeyboard\"",
            "EndSection",
            // GLX quadruples the server's memory (19 MB → 77 MB) and slows the start.
            "Section \"Module\"",
            "    Disable \"glx\"",
            "EndSection",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One X screen's Device, Monitor and Screen sections: a dummy device each, since a
    /// device drives one screen.
    private func screenSections(index: Int, width: Int, height: Int) -> [String] {
        let mode = "\(width)x\(height)"
        return [
            "Section \"Device\"",
            "    Identifier \"xgest-dummy\(index)\"",
            "    Driver \"dummy\"",
            "    VideoRam \(Self.videoRamKilobytes(width: width, height: height))",
            "EndSection",
            "Section \"Monitor\"",
            "    Identifier \"xgest-monitor\(index)\"",
            "    HorizSync 5.0 - 1000.0",
            "    VertRefresh 5.0 - 200.0",
            "    Modeline \(Self.modeline(width: width, height: height))",
            "EndSection",
            "Section \"Screen\"",
            "    Identifier \"xgest-screen\(index)\"",
            "    Device \"xgest-dummy\(index)\"",
            "    Monitor \"xgest-monitor\(index)\"",
            "    DefaultDepth \(depth)",
            "    SubSection \"Display\"",
            "        Depth \(depth)",
            "        Modes \"\(mode)\"",
            "        Virtual \(width) \(height)",
            "    EndSubSection",
            "EndSection",
        ]
    }

    /// Enough for a 32-bit framebuffer of the screen, with headroom, in KiB.
    private static func videoRamKilobytes(width: Int, height: Int) -> Int { max(32768, width * height * 4 / 1024 * 2) }

    /// The dummy driver's default pixel clock limit: a mode above it is dropped, and the
    /// server falls back to a built-in 1400×1050 mode whose CRTC confines every pointer
    /// and touch to that corner.
    private static let dummyMaxClockMHz = 300

    /// A CVT-style mode line; the dummy driver accepts any timings within the monitor ranges
    /// and its clock limit (wide screens are refreshed at 30 Hz to stay under it).
    private static func modeline(width: Int, height: Int) -> String {
        let hTotal = width + width / 3
        let vTotal = height + height / 25 + 3
        let refreshHz = hTotal * vTotal * 60 / 1_000_000 < dummyMaxClockMHz ? 60 : 30
        let clockMHz = Double(hTotal * vTotal * refreshHz) / 1_000_000
        let hs = width + 48
        let vs = height + 3
        return
            "\"\(width)x\(height)\" \(clockMHz) \(width) \(hs) \(hs + 32) \(hTotal) "
            + "\(height) \(vs) \(vs + 5) \(vTotal) -hsync +vsync"
    }
}
