import Glibc

/// One client connection to an inputtest device socket.
///
/// The driver accepts exactly one client per enable cycle and never accepts another one
/// after that client hangs up (it even spins on the dead descriptor), so the server keeps
/// one connection per device for its whole life and only replaces it after the device was
/// disabled and re-enabled (see `XorgServer.setEnabled`).
final class InputTestConnection {
    let deviceName: String
    let socketPath: String
    private var fd: Int32 = -1
    /// Set once a message other than the handshake went out on this connection (see `sync`).
    private var hasSentInput = false
    private(set) var lastSyncReplyNanoseconds: UInt64 = 0
    /// Set when a sync timed out: its reply may still come and must not be taken for the
    /// next one's. (The driver answers several pending syncs with a single reply, so the
    /// count cannot be tracked exactly; what is buffered is dropped before the next sync.)
    private var replyMayBeLate = false

    init(deviceName: String, socketPath: String) {
        self.deviceName = deviceName
        self.socketPath = socketPath
    }

    deinit { disconnect() }

    var isConnected: Bool { fd >= 0 }

    /// Connects and performs the version handshake.
    func connect(timeoutMilliseconds: Int) throws {
        disconnect()
        let deadline = Deadline(millisecondsFromNow: timeoutMilliseconds)
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw TestServerError.system(call: "socket", code: errno) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(socketPath.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else {
            close(s)
            throw TestServerError.feederHandshakeFailed(device: deviceName, reason: "socket path too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in pathBytes.enumerated() { raw[i] = b }
        }
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard rc == 0 else {
            let code = errno
            close(s)
            throw TestServerError.feederHandshakeFailed(
                device: deviceName, reason: "connect(\(socketPath)): \(errnoDescription(code))")
        }
        // Non-blocking, so that every read and write is bounded by poll and a deadline.
        _ = fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK)
        fd = s
        hasSentInput = false
        replyMayBeLate = false
        do {
            try send(InputTestProtocol.clientVersion(), deadline: deadline)
            let reply = try receive(count: InputTestProtocol.serverVersionResponseSize, deadline: deadline) {
                TestServerError.feederHandshakeFailed(
                    device: self.deviceName, reason: "no version reply within \(timeoutMilliseconds) ms")
            }
            guard let header = InputTestProtocol.responseHeader(reply),
                header.type == InputTestProtocol.ResponseType.serverVersion.rawValue,
                header.length == UInt32(InputTestProtocol.serverVersionResponseSize)
            else {
                throw TestServerError.feederHandshakeFailed(device: deviceName, reason: "unexpected reply \(reply)")
            }
            let major = InputTestProtocol.readUInt16(reply, at: 8)
            guard major == InputTestProtocol.versionMajor else {
                throw TestServerError.feederHandshakeFailed(
                    device: deviceName, reason: "driver speaks protocol \(major), this client 1")
            }
        } catch {
            disconnect()
            throw error
        }
    }

    /// False when the driver has closed its end (nothing else is ever sent unasked).
    func isAlive() -> Bool {
        guard fd >= 0 else { return false }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 0) > 0 else { return true }
        var byte: UInt8 = 0
        let n = recv(fd, &byte, 1, Int32(MSG_PEEK))
        return n > 0 || (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
    }

    func disconnect() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
    }

    /// Sends one input message; the driver processes it as soon as it reads it.
    func sendInput(_ message: [UInt8], timeoutMilliseconds: Int) throws {
        try send(message, deadline: Deadline(millisecondsFromNow: timeoutMilliseconds))
        hasSentInput = true
    }

    /// Sends wait-for-sync and blocks until the driver answers that Xorg has processed
    /// every event queued so far.
    ///
    /// The driver counts events from 1 and processed events from 0, so before the first
    /// input event it waits for an input drain that only another device's input would
    /// cause (measured: no reply within 2 s). Nothing can be pending then, so the round
    /// trip is skipped.
    func sync(timeoutMilliseconds: Int) throws {
        guard fd >= 0 else { throw TestServerError.feederDisconnected(device: deviceName) }
        guard hasSentInput else {
            lastSyncReplyNanoseconds = monotonicNanoseconds()
            return
        }
        if replyMayBeLate { try discardLateReplies() }
        let deadline = Deadline(millisecondsFromNow: timeoutMilliseconds)
        try send(InputTestProtocol.waitForSync(), deadline: deadline)
        let reply: [UInt8]
        do {
            reply = try receive(count: InputTestProtocol.syncFinishedResponseSize, deadline: deadline) {
                TestServerError.syncTimedOut(device: self.deviceName, milliseconds: timeoutMilliseconds)
            }
        } catch let error as TestServerError {
            if case .syncTimedOut = error { replyMayBeLate = true }
            throw error
        }
        lastSyncReplyNanoseconds = monotonicNanoseconds()
        guard let header = InputTestProtocol.responseHeader(reply),
            header.type == InputTestProtocol.ResponseType.syncFinished.rawValue
        else {
            throw TestServerError.feederHandshakeFailed(device: deviceName, reason: "unexpected sync reply \(reply)")
        }
    }

    private func discardLateReplies() throws {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { continue }
            if n == 0 {
                disconnect()
                throw TestServerError.feederDisconnected(device: deviceName)
            }
            if errno == EINTR { continue }
            break
        }
        replyMayBeLate = false
    }

    private func send(_ bytes: [UInt8], deadline: Deadline) throws {
        guard fd >= 0 else { throw TestServerError.feederDisconnected(device: deviceName) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if n > 0 {
                offset += n
                continue
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                if try waitForEvents(fd: fd, events: Int16(POLLOUT), until: deadline) == 0 {
                    throw TestServerError.writeTimedOut(device: deviceName)
                }
                continue
            }
            disconnect()
            if code == EPIPE || code == ECONNRESET { throw TestServerError.feederDisconnected(device: deviceName) }
            throw TestServerError.system(call: "send(\(deviceName))", code: code)
        }
    }

    private func receive(count: Int, deadline: Deadline, onTimeout: () -> TestServerError) throws -> [UInt8] {
        guard fd >= 0 else { throw TestServerError.feederDisconnected(device: deviceName) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { raw in
                recv(fd, raw.baseAddress.map { $0 + filled }, raw.count - filled, 0)
            }
            if n > 0 {
                filled += n
                continue
            }
            if n == 0 {
                disconnect()
                throw TestServerError.feederDisconnected(device: deviceName)
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                if try waitForEvents(fd: fd, events: Int16(POLLIN), until: deadline) == 0 { throw onTimeout() }
                continue
            }
            disconnect()
            throw TestServerError.system(call: "recv(\(deviceName))", code: code)
        }
        return buffer
    }
}
