import XgestCore

/// One XInput device as the server lists it, and what xgest makes of it.
public struct XIDevice: Hashable, Sendable {
    public enum Use: String, Hashable, Sendable {
        case masterPointer = "master pointer"
        case masterKeyboard = "master keyboard"
        case slavePointer = "slave pointer"
        case slaveKeyboard = "slave keyboard"
        case floating = "floating slave"
    }

    public var id: Int
    public var name: String
    public var use: Use
    public var enabled: Bool
    /// The master a slave is attached to (a master's: its paired master; a floating
    /// slave's: 0), as XI reports it.
    public var attachment: Int = 0
    /// What the device's classes make it: nil for master devices.
    public var kind: DeviceKind?
    /// Why xgest does not capture from it, when it does not.
    public var ignoredBecause: String?
    /// The range of valuators 0 and 1 for absolute pointers, to map raw values to pixels.
    public var absoluteRange: (x: ClosedRange<Double>, y: ClosedRange<Double>)?
    public var touchCount: Int?

    public var isUsed: Bool { kind != nil && ignoredBecause == nil }

    public var info: DeviceInfo? {
        guard let kind, isUsed else { return nil }
        return DeviceInfo(id: id, name: name, kind: kind)
    }

    public static func == (a: XIDevice, b: XIDevice) -> Bool {
        a.id == b.id && a.name == b.name && a.use == b.use && a.enabled == b.enabled && a.kind == b.kind
            && a.attachment == b.attachment
            && a.ignoredBecause == b.ignoredBecause
    }

    public func hash(into h: inout Hasher) {
        h.combine(id)
        h.combine(name)
    }
}
