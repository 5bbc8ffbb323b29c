import CXgest

/// Whether `name` is an X keysym name (`Right`, `a`, `F5`, `XF86AudioRaiseVolume`).
/// `XStringToKeysym` reads Xlib's keysym table and needs no display, so `xgest check`
/// validates key actions anywhere.
public func isKnownKeysym(_ name: String) -> Bool {
    XStringToKeysym(name) != UInt(NoSymbol)
}
