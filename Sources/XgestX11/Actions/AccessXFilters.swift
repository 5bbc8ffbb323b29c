import CXgest

/// The AccessX controls of the core keyboard that filter key events, as the user set them
/// (`xkbset`, a desktop's accessibility panel): StickyKeys, SlowKeys, BounceKeys.
///
/// Why xgest cares: XTest's key events go through them like the user's own. A lone
/// modifier press and release (the end of a `key-down`) latched the modifier, so the
/// user's next key became a shortcut; a combo, two keys down together, turned StickyKeys
/// off when "two keys pressed together" is on; SlowKeys dropped every combo (released
/// within its delay); BounceKeys dropped the Ctrl of a second combo and typed its letter.
public struct AccessXFilters: Equatable, Sendable {
    public var stickyKeys = false
    /// StickyKeys' option "two keys pressed together turn it off" (`xkbset st twokey`).
    public var twoKeysTurnStickyKeysOff = false
    /// SlowKeys' delay when it is on: a key counts once held this long.
    public var slowKeysDelayMilliseconds: Int?
    /// BounceKeys' delay when it is on: a key pressed again sooner after its release is ignored.
    public var bounceKeysDelayMilliseconds: Int?

    public init() {}

    public var isEmpty: Bool { self == AccessXFilters() }

    /// The core keyboard's filters, nil when they cannot be read (no XKB).
    static func read(_ display: XDisplay) -> AccessXFilters? {
        guard let desc = XkbAllocKeyboard() else { return nil }
        defer { XkbFreeKeyboard(desc, 0, True) }
        desc.pointee.device_spec = UInt16(XkbUseCoreKbd)
        guard XkbGetControls(display.handle, UInt(XkbAllControlsMask), desc) == Success,
            let controls = desc.pointee.ctrls?.pointee
        else { return nil }
        return AccessXFilters(controls)
    }

    init(_ controls: XkbControlsRec) {
        let enabled = UInt(controls.enabled_ctrls)
        stickyKeys = enabled & UInt(XkbStickyKeysMask) != 0
        twoKeysTurnStickyKeysOff = stickyKeys && UInt(controls.ax_options) & UInt(XkbAX_TwoKeysMask) != 0
        if enabled & UInt(XkbSlowKeysMask) != 0 { slowKeysDelayMilliseconds = Int(controls.slow_keys_delay) }
        if enabled & UInt(XkbBounceKeysMask) != 0 { bounceKeysDelayMilliseconds = Int(controls.debounce_delay) }
    }

    /// The `--debug` line: which filters are on and what xgest does about them.
    public var notice: String {
        var on: [String] = []
        if stickyKeys { on.append(twoKeysTurnStickyKeysOff ? "StickyKeys (two keys turn it off)" : "StickyKeys") }
        if let delay = slowKeysDelayMilliseconds { on.append("SlowKeys (\(delay) ms)") }
        if let delay = bounceKeysDelayMilliseconds { on.append("BounceKeys (\(delay) ms)") }
        guard !on.isEmpty else { return "accessx: no key filter is on" }
        var does: [String] = []
        if !suspendedNames.isEmpty {
            does.append("turns \(Self.list(suspendedNames)) off around each batch of its keys")
        }
        if stickyKeys { does.append("keeps the user's latched modifiers out of them") }
        return "accessx: \(on.joined(separator: ", ")) on: xgest " + does.joined(separator: ", and ")
    }

    /// "a", "a and b", "a, b and c".
    private static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    private var suspendedNames: [String] {
        var names: [String] = []
        if twoKeysTurnStickyKeysOff { names.append("StickyKeys' two-keys option") }
        if slowKeysDelayMilliseconds != nil { names.append("SlowKeys") }
        if bounceKeysDelayMilliseconds != nil { names.append("BounceKeys") }
        return names
    }
}
