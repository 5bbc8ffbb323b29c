import Glibc

/// One daemon per display: an exclusive flock on `$XDG_RUNTIME_DIR/xgest-DISPLAY.lock`
/// (else `/tmp/xgest-UID-DISPLAY.lock`), holding the owner's pid. The kernel drops the
/// lock when the process ends however it ends, so a crash never leaves a stale lock.
/// The object must live as long as the daemon: keep it in a variable used at the end.
final class InstanceLock {
    let path: String
    private let fd: Int32

    enum Failure: Error {
        /// Another daemon holds the lock; its pid when it could be read.
        case held(by: Int32?, path: String)
        case unusable(path: String, reason: String)
    }

    init(display: String) throws(Failure) {
        // ":0.0" and "localhost:10" become file-name safe; the screen number is not part of
        // the display's identity for input, so ":0" and ":0.0" share one lock.
        var name = display
        if let dot = name.lastIndex(of: "."), let colon = name.lastIndex(of: ":"), dot > colon {
            name = String(name[..<dot])
        }
        let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
        if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), runtime.hasPrefix("/") {
            path = "\(runtime)/xgest-\(safe).lock"
        } else {
            path = "/tmp/xgest-\(getuid())-\(safe).lock"
        }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .unusable(path: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.readPid(fd)
            close(fd)
            throw .held(by: holder, path: path)
        }
        self.fd = fd
        let pid = "\(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit {
        // Closing releases the lock; the file stays, as a lock file may be opened by a
        // concurrent start at any moment and unlinking it would let two daemons lock two files.
        close(fd)
    }

    private static func readPid(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count - 1, 0) }
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n").first ?? "")
    }
}
