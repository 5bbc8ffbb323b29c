import Glibc

/// Whether an X server listens on a local display's socket, to say why the display did
/// not open: Xlib says "cannot open" alike for no server and for a server that refused
/// the connection, which is its authorisation (XAUTHORITY) nearly always.
enum LocalServerSocket {
    /// For ":N" and "unix:N" (a screen number or not): whether the socket
    /// /tmp/.X11-unix/XN, abstract or in the file system as Xlib tries them, takes a
    /// connection. Nil for a name that is not a local display's.
    static func listens(_ name: String) -> Bool? {
        guard let number = localDisplayNumber(name) else { return nil }
        let path = "/tmp/.X11-unix/X\(number)"
        return connects(to: [0] + Array(path.utf8)) || connects(to: Array(path.utf8) + [0])
    }

    /// N of ":N" or "unix:N", with or without ".SCREEN".
    static func localDisplayNumber(_ name: String) -> UInt32? {
        let local = name.hasPrefix("unix:") ? name.dropFirst("unix".count) : Substring(name)
        guard local.hasPrefix(":") else { return nil }
        let digits = local.dropFirst().prefix { $0 != "." }
        return UInt32(digits)
    }

    /// `address`: the bytes of sun_path (a leading NUL makes it abstract).
    private static func connects(to address: [UInt8]) -> Bool {
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { return false }
        defer { close(s) }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
        guard address.count <= capacity else { return false }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
            for (i, b) in address.enumerated() { raw[i] = b }
        }
        let length = MemoryLayout<sa_family_t>.size + address.count
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(s, $0, socklen_t(length)) }
        } == 0
    }
}
