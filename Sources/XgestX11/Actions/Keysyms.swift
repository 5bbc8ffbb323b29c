import CXgest

/// Whether `name` is a keysym X knows, as `xmodmap` and `xdotool` spell them: `Right`,
/// `Page_Down`, `XF86AudioMute`, `a`, Unicode as `U20AC`, or a number such as
/// `0x1008ff13`. Case matters (`a` and `A` are different keysyms).
///
/// Needs no display: XStringToKeysym reads Xlib's built-in table. Whether the current
/// keyboard has the key does not matter; a combo maps missing keysyms temporarily.
public func isKnownKeysym(_ name: String) -> Bool {
    keysym(named: name) != nil
}

/// The keysym with this name, or nil when X knows none.
func keysym(named name: String) -> KeySym? {
    guard !name.isEmpty else { return nil }
    let value = XStringToKeysym(name)
    return value == KeySym(NoSymbol) ? nil : value
}
