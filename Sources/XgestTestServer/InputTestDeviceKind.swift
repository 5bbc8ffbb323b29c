/// The four virtual devices every test server has, one per inputtest driver instance.
public enum InputTestDeviceKind: String, CaseIterable, Hashable, Sendable {
    /// A direct-touch screen (DeviceType "Touch", TouchCount 10).
    case touchscreen
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
        case .pointer: return "xgest-pointer"
        case .touchpad: return "xgest-touchpad"
        case .keyboard: return "xgest-keyboard"
        }
    }

    /// The inputtest driver's DeviceType option.
    var driverDeviceType: String {
        switch self {
        case .touchscreen: return "Touch"
        case .pointer: return "PointerAbsolute"
        case .touchpad: return "PointerGesture"
        case .keyboard: return "Keyboard"
        }
    }

    var socketFileName: String { rawValue + ".sock" }
}
