import Foundation
import Glibc
import XgestTestServer

/// A remote display whose host stops answering: a TCP listener on 127.0.0.1 that relays
/// each connection to the test server's socket until ``cut()``, as an SSH tunnel or a
/// remote link would, and afterwards accepts connections and never answers them. Between
/// ``hold()`` and ``release()`` it passes nothing on either way, as a link that stalls a
/// while: what a client and the server send meanwhile arrives after, in order.
final class HangingDisplayRelay: @unchecked Sendable {
    let displayName: String
    private let listener: Int32
    private let serverSocket: String
    private let lock = NSCondition()
    private var relaying = true
    private var holding = false
    /// Reads from a client while held: requests it sent that wait for the release.
    private var clientReadsHeld = 0
    private var sockets: [Int32] = []

    init(server: XorgServer) throws {
        serverSocket = "/tmp/.X11-unix/X\(server.displayNumber)"
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw DaemonTestError("socket: \(String(cString: strerror(errno)))") }
        // Display 1000 and up (ports 7000 and up): the first one free.
        var number: Int?
        for candidate in 1000..<1100 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(6000 + candidate).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if bound == 0 {
                number = candidate
                break
            }
        }
        guard let number, listen(fd, 8) == 0 else {
            close(fd)
            throw DaemonTestError("no free TCP display for the relay")
        }
        listener = fd
        displayName = "127.0.0.1:\(number)"
        Thread.detachNewThread { [self] in acceptConnections() }
    }

    /// Cuts every relayed connection; the connections made after it are accepted and never
    /// answered.
    func cut() {
        lock.withLock {
            relaying = false
            lock.broadcast()
            for fd in sockets { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Passes nothing on, either way, until ``release()``.
    func hold() { lock.withLock { holding = true } }

    /// Waits until a client sent something while held (it is waiting in the relay), at most
    /// `timeoutSeconds`; returns whether it did.
    func waitForClientRequestsHeld(timeoutSeconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        return lock.withLock {
            while clientReadsHeld == 0 {
                if !lock.wait(until: deadline) { return clientReadsHeld > 0 }
            }
            return true
        }
    }

    /// Passes on what was held, and whatever comes after.
    func release() {
        lock.withLock {
            holding = false
            lock.broadcast()
        }
    }

    /// Stops listening and closes every connection.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        lock.withLock {
            relaying = false
            lock.broadcast()
            // Shut down first: a relay thread still reading a socket wakes, which a close
            // alone would not do.
            for fd in sockets {
                shutdown(fd, Int32(SHUT_RDWR))
                close(fd)
            }
            sockets = []
        }
    }

    private func acceptConnections() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            let relay = lock.withLock {
                sockets.append(client)
                return relaying
            }
            guard relay else { continue }
            let upstream = connectToServer()
            guard upstream >= 0 else {
                shutdown(client, Int32(SHUT_RDWR))
                continue
            }
            lock.withLock { sockets.append(upstream) }
            Thread.detachNewThread { [self] in copy(from: client, to: upstream, fromClient: true) }
            Thread.detachNewThread { [self] in copy(from: upstream, to: client, fromClient: false) }
        }
    }

    private func connectToServer() -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path in
            for (k, byte) in serverSocket.utf8.prefix(path.count - 1).enumerated() { path[k] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return -1
        }
        return fd
    }

    /// Copies until either side ends; MSG_NOSIGNAL, so a cut peer is an error and no SIGPIPE.
    /// What is read while held waits for the release.
    private func copy(from source: Int32, to destination: Int32, fromClient: Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                shutdown(destination, Int32(SHUT_RDWR))
                return
            }
            lock.withLock {
                if holding && fromClient {
                    clientReadsHeld += 1
                    lock.broadcast()
                }
                while holding && relaying { lock.wait() }
            }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes {
                    send(destination, $0.baseAddress.map { $0 + sent }, count - sent, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { return }
                sent += written
            }
        }
    }
}
