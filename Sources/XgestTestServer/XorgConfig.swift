/// The xorg.conf of a test server: the dummy video driver with one fixed-size screen and
/// four inputtest devices, nothing hot-plugged and nothing that blanks or switches VTs.
struct XorgConfig {
    var screenWidth: Int
    var screenHeight: Int
    var depth = 24
    /// Directory holding one inputtest socket per device.
    var socketDirectory: String

    func socketPath(for kind: InputTestDeviceKind) -> String { socketDirectory + "/" + kind.socketFileName }

    var text: String {
        let mode = "\(screenWidth)x\(screenHeight)"
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
            "Section \"Device\"",
            "    Identifier \"xgest-dummy\"",
            "    Driver \"dummy\"",
            "    VideoRam \(videoRamKilobytes)",
            "EndSection",
            "Section \"Monitor\"",
            "    Identifier \"xgest-monitor\"",
            "    HorizSync 5.0 - 1000.0",
            "    VertRefresh 5.0 - 200.0",
            "    Modeline \(modeline)",
            "EndSection",
            "Section \"Screen\"",
            "    Identifier \"xgest-screen\"",
            "    Device \"xgest-dummy\"",
            "    Monitor \"xgest-monitor\"",
            "    DefaultDepth \(depth)",
            "    SubSection \"Display\"",
            "        Depth \(depth)",
            "        Modes \"\(mode)\"",
            "        Virtual \(screenWidth) \(screenHeight)",
            "    EndSubSection",
            "EndSection",
        ]
        for kind in InputTestDeviceKind.allCases {
            lines += [
                "Section \"InputDevice\"",
                "    Identifier \"\(kind.xiName)\"",
                "    Driver \"inputtest\"",
                "    Option \"SocketPath\" \"\(socketPath(for: kind))\"",
                "    Option \"DeviceType\" \"\(kind.driverDeviceType)\"",
            ]
            if kind == .touchscreen { lines.append("    Option \"TouchCount\" \"10\"") }
            lines.append("EndSection")
        }
        lines += [
            "Section \"ServerLayout\"",
            "    Identifier \"xgest-layout\"",
            "    Screen \"xgest-screen\"",
            "    InputDevice \"\(InputTestDeviceKind.touchscreen.xiName)\"",
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

    /// Enough for a 32-bit framebuffer of the screen, with headroom, in KiB.
    private var videoRamKilobytes: Int { max(32768, screenWidth * screenHeight * 4 / 1024 * 2) }

    /// The dummy driver's default pixel clock limit: a mode above it is dropped, and the
    /// server falls back to a built-in 1400×1050 mode whose CRTC confines every pointer
    /// and touch to that corner.
    private static let dummyMaxClockMHz = 300

    /// A CVT-style mode line; the dummy driver accepts any timings within the monitor ranges
    /// and its clock limit (wide screens are refreshed at 30 Hz to stay under it).
    private var modeline: String {
        let hTotal = screenWidth + screenWidth / 3
        let vTotal = screenHeight + screenHeight / 25 + 3
        let refreshHz = hTotal * vTotal * 60 / 1_000_000 < Self.dummyMaxClockMHz ? 60 : 30
        let clockMHz = Double(hTotal * vTotal * refreshHz) / 1_000_000
        let hs = screenWidth + 48
        let vs = screenHeight + 3
        return
            "\"\(screenWidth)x\(screenHeight)\" \(clockMHz) \(screenWidth) \(hs) \(hs + 32) \(hTotal) "
            + "\(screenHeight) \(vs) \(vs + 5) \(vTotal) -hsync +vsync"
    }
}
