import Glibc

/// Whether an X server listens on a TCP display's port (`localhost:10`, `192.168.1.5:0`):
/// port 6000 + N, to say why the display did not open, as ``LocalServerSocket`` does for
/// a local one. Only a host that needs no name lookup is asked (`localhost`, a numeric
/// address): a lookup may wait on a resolver for seconds, for a line that is only a reason.
enum TCPServerSocket {
    /// How long the probe waits for the connection: Xlib has just tried the same one.
    static let connectTimeoutMilliseconds: Int32 = 1_000

    /// X's TCP ports start here (the X Window System Protocol, "Connection Setup").
    static let basePort = 6000

    /// Whether the port takes a connection; nil for a name that is not such a TCP display
    /// or when it cannot be told in time.
    static func listens(_ name: String) -> Bool? {
        guard let (host, number) = tcpDisplay(name) else { return nil }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = host == "localhost" ? 0 : AI_NUMERICHOST
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(basePort + number), &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(first) }
        var answer: Bool?
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let a = next {
            switch connects(a.pointee) {
            case true?: return true
            case false?: answer = false
            case nil: break
            }
            next = a.pointee.ai_next
        }
        return answer
    }

    /// HOST and N of "HOST:N[.SCREEN]" for a host that needs no lookup; nil otherwise.
    static func tcpDisplay(_ name: String) -> (host: String, number: Int)? {
        guard let colon = name.lastIndex(of: ":"), colon != name.startIndex else { return nil }
        var host = String(name[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard host != "unix", !host.hasPrefix("/"), !host.hasSuffix(":") else { return nil }
        let digits = name[name.index(after: colon)...].prefix { $0 != "." }
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits),
            number < 65536 - basePort
        else { return nil }
        guard host == "localhost" || isNumeric(host) else { return nil }
        return (host, number)
    }

    private static func isNumeric(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// True when connected, false when refused or unreachable, nil when no answer came in time.
    private static func connects(_ a: addrinfo) -> Bool? {
        let s = socket(a.ai_family, a.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard s >= 0 else { return nil }
        defer { close(s) }
        if Glibc.connect(s, a.ai_addr, a.ai_addrlen) == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var p = pollfd(fd: s, events: Int16(POLLOUT), revents: 0)
        guard poll(&p, 1, connectTimeoutMilliseconds) == 1 else { return nil }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(s, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return nil }
        return error == 0
    }
}
