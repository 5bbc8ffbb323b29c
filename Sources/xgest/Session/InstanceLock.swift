import Glibc
import SystemPackage
import XgestDaemon
import XgestSystem
import XgestX11

/// One daemon per display: an exclusive flock on `xgest-DISPLAY.lock` in a private
/// directory (see ``LockDirectory``), holding the owner's pid. The kernel drops the lock
/// when the process ends however it ends, so a crash never leaves a stale lock.
/// The object must live as long as the daemon: keep it in a variable used at the end.
final class InstanceLock {
    let path: String
    private let fd: FileDescriptor

    enum Failure: Error {
        /// Another daemon holds the lock; its pid when it could be read.
        case held(by: Int32?, path: String)
        case unusable(path: String, reason: String)
    }

    init(display: String) throws(Failure) {
        let directory: LockDirectory
        do {
            directory = try LockDirectory.open()
        } catch {
            throw .unusable(path: error.path, reason: error.reason)
        }
        defer { try? directory.fd.close() }
        let name = "xgest-\(Self.fileName(display)).lock"
        path = directory.path + "/" + name
        // Opened in the directory just checked, not through its path again; a symlink at
        // the lock's name is refused (O_NOFOLLOW) rather than followed.
        let raw = openat(directory.fd.rawValue, name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard raw >= 0 else {
            let error = Errno(rawValue: errno)
            throw .unusable(
                path: path, reason: error == .tooManySymbolicLinkLevels ? "it is a symbolic link" : error.reason)
        }
        let fd = FileDescriptor(rawValue: raw)
        // What was opened is checked before anything is written to it: a hard link put
        // there would otherwise have its target truncated and overwritten with the pid.
        if let reason = Self.problem(with: fd) {
            try? fd.close()
            throw .unusable(path: path, reason: reason)
        }
        guard flock(fd.rawValue, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.readPid(fd)
            try? fd.close()
            throw .held(by: holder, path: path)
        }
        self.fd = fd
        _ = ftruncate(fd.rawValue, 0)
        _ = try? fd.writeAll(toAbsoluteOffset: 0, Array("\(getpid())\n".utf8))
    }

    /// Beside the lock: what the daemon's actions hold down through XTest (``HeldInputFile``).
    var heldInputPath: String { String(path.dropLast(".lock".count)) + ".held" }

    deinit {
        // Closing releases the lock; the file stays, as a lock file may be opened by a
        // concurrent start at any moment and unlinking it would let two daemons lock two files.
        try? fd.close()
    }

    /// The lock of the screen `display` opened: its local name when it reaches the local
    /// server over TCP (``XDisplay/localName()``), so that `localhost:0`, `127.0.0.1:0` and
    /// `HOSTNAME:0` share the lock of `:0` (two daemons ran on one server, or the second
    /// failed at its grab, blaming other programs, and not here).
    convenience init(display: XDisplay) throws(Failure) {
        try self.init(display: display.localName() ?? display.name)
    }

    /// ":0.1" and "localhost:10" become file-name safe. The host "unix" is Xlib's other
    /// name for the local socket, so "unix:0" shares the lock of ":0"; screen 0 is the one
    /// a name without a screen number opens, so ":0.0" shares it too. Another screen has a
    /// lock of its own: xgest watches the screen its DISPLAY names, so a daemon for each
    /// screen of a multi-screen server can run. "localhost:10" keeps its own unless it is the
    /// local server (``init(display:)-(XDisplay)``): over TCP it is often another server
    /// (ssh's forwarding). The numbers are read as Xlib reads them (``xlibNumber(_:)``):
    /// ":00" and ":4294967296" open the server of ":0", and share its lock (a second daemon
    /// ran on ":0" under either).
    static func fileName(_ display: String) -> String {
        var name = display.hasPrefix("unix:") ? String(display.dropFirst("unix".count)) : display
        if let colon = name.lastIndex(of: ":") {
            let numbers = name[name.index(after: colon)...].split(separator: ".", omittingEmptySubsequences: false)
            if (1...2).contains(numbers.count), let number = xlibNumber(numbers[0]) {
                // Screen 0 is the one a name without a screen number opens.
                let screen = numbers.count == 2 ? xlibNumber(numbers[1]) : 0
                name =
                    String(name[...colon]) + String(number)
                    + (screen.map { $0 == 0 ? "" : ".\($0)" } ?? ".\(numbers[1])")
            }
        }
        return String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }

    /// A display or screen number as Xlib (xcb_parse_display) reads it: decimal digits
    /// read by strtoul, which stops at its largest value, kept in an int, which keeps the
    /// low 32 bits. Nil when it is not digits alone.
    static func xlibNumber(_ digits: Substring) -> Int32? {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var value: UInt64 = 0
        for digit in digits.utf8 {
            let (times, over) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !over, !carry else { return Int32(truncatingIfNeeded: UInt64.max) }
            value = sum
        }
        return Int32(truncatingIfNeeded: value)
    }

    /// Why the opened lock file cannot be used, or nil: it must be a regular file owned by
    /// the user with exactly one link.
    private static func problem(with fd: FileDescriptor) -> String? {
        let status: Stat
        do {
            status = try fd.stat()
        } catch {
            return error.reason
        }
        guard status.type == .regular else { return "not a regular file (\(status.type.described))" }
        guard status.userID.rawValue == getuid() else {
            return "owned by uid \(status.userID.rawValue), not by you (uid \(getuid()))"
        }
        guard status.linkCount == 1 else {
            return "it has \(status.linkCount) links (a hard link to another file?); remove it"
        }
        return nil
    }

    private static func readPid(_ fd: FileDescriptor) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 31)
        guard let n = try? buffer.withUnsafeMutableBytes({ try fd.read(fromAbsoluteOffset: 0, into: $0) }), n > 0
        else { return nil }
        return Int32(String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n").first ?? "")
    }
}
