/// The virtual devices of a test server, one per inputtest driver instance: the four every
/// server has (``always``), and a second touchscreen on request
/// (``XorgServer/Options/secondTouchscreen``).
public enum InputTestDeviceKind: String, CaseIterable, Hashable, Sendable {
    /// A direct-touch screen (DeviceType "Touch", TouchCount 10).
    case touchscreen
    /// Another direct-touch screen like the first, attached to the core pointer too: two
    /// touchscreens whose pointer-emulating touches go through one master.
    case secondTouchscreen
    /// An absolute pointer, the server's CorePointer (DeviceType "PointerAbsolute").
    case pointer
    /// A relative pointer with an XI 2.4 gesture class (DeviceType "PointerGesture").
    case touchpad
    /// The server's CoreKeyboard (DeviceType "Keyboard").
    case keyboard

    /// The XInput device name (the xorg.conf Identifier), as XIQueryDevice reports it.
    public var xiName: String {
        switch self {
        case .touchscreen: return "xgest-touchscreen"
        case .secondTouchscreen: return "xgest-touchscreen-2"
        case .pointer: return "xgest-pointer"
        case .touchpad: return "xgest-touchpad"
        case .keyboard: return "xgest-keyboard"
        }
    }

    /// The inputtest driver's DeviceType option.
    var driverDeviceType: String {
        switch self {
        case .touchscreen, .secondTouchscreen: return "Touch"
        case .pointer: return "PointerAbsolute"
        case .touchpad: return "PointerGesture"
        case .keyboard: return "Keyboard"
        }
    }

    var socketFileName: String { rawValue + ".sock" }

    /// The devices every test server has.
    public static let always: [Self] = [.touchscreen, .pointer, .touchpad, .keyboard]

    /// Whether the driver is given a TouchCount (10, the touches a hand or two make).
    var isTouchscreen: Bool { driverDeviceType == "Touch" }
}
