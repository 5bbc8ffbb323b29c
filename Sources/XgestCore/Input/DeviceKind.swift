/// What xgest uses an input device as.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A direct-touch device (XI touch class, direct mode): touches with positions.
    case touchscreen
    /// A device with an XI 2.4 gesture class: swipe and pinch, no finger positions.
    case touchpad
    /// A pointer without touch or gesture class: motion and buttons.
    case pointer
    case keyboard
}

/// An input device as the core knows it.
public struct DeviceInfo: Hashable, Sendable {
    public var id: Int
    public var name: String
    public var kind: DeviceKind

    public init(id: Int, name: String, kind: DeviceKind) {
        self.id = id
        self.name = name
        self.kind = kind
    }
}
