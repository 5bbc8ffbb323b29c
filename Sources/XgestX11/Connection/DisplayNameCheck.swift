import Glibc

/// Why a display that is not a local one (`:N`, `unix:N`) did not open, where that can be
/// told without a connection: a name that is no display name at all, or a socket path
/// (`/tmp/launch-x/org.x:0`, as XQuartz names them) with nothing there. Xlib says only
/// "cannot open" for both.
enum DisplayNameCheck {
    /// The form Xlib reads, for the line.
    static let expected = "expected [HOST]:N[.SCREEN]"

    /// The reason, or nil when the name looks right (the server may still be missing or
    /// refuse it).
    static func problem(_ name: String) -> String? {
        guard let colon = name.lastIndex(of: ":") else { return "not a display name (\(expected))" }
        let number = name[name.index(after: colon)...]
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
        guard parts.count <= 2, parts.allSatisfy(digits) else { return "not a display name (\(expected))" }
        let host = String(name[..<colon])
        if host.hasPrefix("/"), access(host, F_OK) != 0 { return "no socket at \(host)" }
        return nil
    }
}
