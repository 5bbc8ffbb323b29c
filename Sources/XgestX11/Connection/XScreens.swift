import CXgest

/// The X screens of a server with more than one ("Zaphod" mode, each screen its own root
/// window, `:N.0`, `:N.1`): xgest watches the one its DISPLAY names.
extension XDisplay {
    /// How many X screens the server has.
    public var screenCount: Int { Int(XScreenCount(handle)) }

    /// The screen xgest watches: the one DISPLAY names (`:N.1` is 1), else 0.
    public var screenNumber: Int { Int(XDefaultScreen(handle)) }

    /// The display name of `screen` of this server: the name with its screen number
    /// replaced (`:306.0`, `:306` → `:306.1`).
    public func displayName(ofScreen screen: Int) -> String {
        var base = Substring(name)
        if let colon = base.lastIndex(of: ":"), let dot = base[colon...].lastIndex(of: ".") {
            base = base[..<dot]
        }
        return "\(base).\(screen)"
    }

    /// One line for the start of a daemon on a server with several X screens: which screen
    /// it watches, and that the others each need a daemon of their own. Nil with one screen.
    public var otherScreensNotice: String? {
        let count = screenCount
        guard count > 1 else { return nil }
        let others = (0..<count).filter { $0 != screenNumber }.map { "DISPLAY=\(displayName(ofScreen: $0))" }
        return
            "the X server has \(count) screens and this xgest watches screen \(screenNumber) only:"
            + " input on the others is not seen; another `xgest run` with "
            + others.joined(separator: ", another with ") + " covers " + (others.count == 1 ? "that one" : "them")
    }
}
