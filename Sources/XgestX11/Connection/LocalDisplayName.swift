import CXgest
import Glibc
import XgestXlib

extension XDisplay {
    /// X's TCP port for display 0; display N listens on this plus N.
    static let firstTCPPort = 6000
    /// Display numbers looked for behind a TCP port, at most (ssh forwards from 10 up).
    static let tcpDisplayNumbers = 1000

    /// The local name (`:N` or `:N.S`) of the server this connection reaches over TCP at
    /// an address of this machine (`localhost:N`, `127.0.0.1:N`, `HOSTNAME:N`), when the
    /// local display of that number is that same server; nil otherwise, and for a
    /// connection that is local already.
    ///
    /// The port alone does not tell: an SSH tunnel's `localhost:10` listens where a local
    /// server started without TCP has no port. So a window made on this connection is
    /// looked for through the local socket: found, with the name it was given, it is one
    /// server. One more connection and a few round trips, once, at start-up.
    public func localName() -> String? {
        guard let number = tcpDisplayNumberOnThisMachine() else { return nil }
        let local = ":\(number)"
        let screen = name.lastIndex(of: ".").flatMap { dot in
            name.lastIndex(of: ":").map { $0 < dot } == true ? String(name[dot...]) : nil
        }
        return sharesServer(with: local) ? local + (screen ?? "") : nil
    }

    /// The display number of a TCP connection whose two ends are one address (this machine
    /// talking to itself: loopback, or its own host name's address), else nil.
    private func tcpDisplayNumberOnThisMachine() -> Int? {
        var mine = sockaddr_storage()
        var peer = sockaddr_storage()
        var mineLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        var peerLength = mineLength
        let fd = fileDescriptor
        let named = withUnsafeMutablePointer(to: &mine) { m in
            withUnsafeMutablePointer(to: &peer) { p in
                m.withMemoryRebound(to: sockaddr.self, capacity: 1) { ms in
                    p.withMemoryRebound(to: sockaddr.self, capacity: 1) { ps in
                        getsockname(fd, ms, &mineLength) == 0 && getpeername(fd, ps, &peerLength) == 0
                    }
                }
            }
        }
        guard named, mine.ss_family == peer.ss_family else { return nil }
        let port: Int
        switch Int32(peer.ss_family) {
        case AF_INET:
            let (m, p) = (Self.cast(mine, to: sockaddr_in.self), Self.cast(peer, to: sockaddr_in.self))
            guard m.sin_addr.s_addr == p.sin_addr.s_addr || Self.isLoopback(p) else { return nil }
            port = Int(UInt16(bigEndian: p.sin_port))
        case AF_INET6:
            let (m, p) = (Self.cast(mine, to: sockaddr_in6.self), Self.cast(peer, to: sockaddr_in6.self))
            let same = withUnsafeBytes(of: m.sin6_addr) { a in
                withUnsafeBytes(of: p.sin6_addr) { b in a.elementsEqual(b) }
            }
            guard same else { return nil }
            port = Int(UInt16(bigEndian: p.sin6_port))
        default:
            return nil
        }
        let number = port - Self.firstTCPPort
        return (0..<Self.tcpDisplayNumbers).contains(number) ? number : nil
    }

    private static func cast<T>(_ storage: sockaddr_storage, to: T.Type) -> T {
        withUnsafeBytes(of: storage) { $0.load(as: T.self) }
    }

    /// 127.0.0.0/8: any of it reaches this machine, whatever address the connection's own end got.
    private static func isLoopback(_ a: sockaddr_in) -> Bool {
        UInt32(bigEndian: a.sin_addr.s_addr) >> 24 == 127
    }

    /// Whether `other` reaches the server this connection is to: a window made here, with
    /// a name no other could have, is read there.
    private func sharesServer(with other: String) -> Bool {
        let watch = ConnectDeadline.watch(other)
        let opened = XOpenDisplay(other)
        watch.finish()
        guard let probe = opened else { return false }
        defer {
            XErrorLog.clear(for: probe)
            XCloseDisplay(probe)
        }
        var attributes = XSetWindowAttributes()
        let window = XCreateWindow(
            handle, root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, 0, &attributes)
        defer {
            XDestroyWindow(handle, window)
            XSync(handle, False)
        }
        let mark = "xgest \(getpid()) \(window) \(time(nil))"
        XStoreName(handle, window, mark)
        XSync(handle, False)
        var read: UnsafeMutablePointer<CChar>?
        let found = XFetchName(probe, window, &read) != 0
        defer { if let read { XFree(read) } }
        return found && read.map { String(cString: $0) } == mark
    }
}
