import Glibc
import SystemPackage
import XgestSystem

/// Reads a whole file that must be a regular file of bounded size: the config, stroke
/// templates and traces are paths anyone may swap for something else.
///
/// The file is opened non-blocking, so that a FIFO (or a device) at the path cannot block
/// the open: a daemon stuck in `open()` never decides its touch grab, and every touch on the
/// desktop freezes. Its type and size are then taken from the open descriptor (`fstat`),
/// not from the path, so the checks and the read concern the same file. The read stops one
/// byte past the limit, so a file that grows after the check (or a /proc file, which reports
/// size 0) is still bounded.
public enum RegularFile {
    public static func read(_ path: String, limit: FileSizeLimit) throws(CLIError) -> [UInt8] {
        let (fd, size) = try open(path, limit: limit)
        defer { try? fd.close() }
        return try readAll(fd, path: path, limit: limit, expected: size)
    }

    /// As ``read(_:limit:)``, but nil when some process has the file open for writing (a
    /// save in place still going on, see ``ReadLease``); no writer can open it while it is
    /// read.
    public static func readUnlessBeingWritten(_ path: String, limit: FileSizeLimit) throws(CLIError) -> [UInt8]? {
        let (fd, size) = try open(path, limit: limit)
        defer { try? fd.close() }
        switch ReadLease.take(fd.rawValue) {
        case .openForWriting: return nil
        case .unavailable: return try readAll(fd, path: path, limit: limit, expected: size)
        case .taken:
            defer { ReadLease.end(fd.rawValue) }
            return try readAll(fd, path: path, limit: limit, expected: size)
        }
    }

    /// Whether some process has the file at `path` open for writing, as far as a read lease
    /// tells (false where none can be had, or the file cannot be opened).
    public static func isOpenForWriting(_ path: String, limit: FileSizeLimit) -> Bool {
        guard let (fd, _) = try? open(path, limit: limit) else { return false }
        defer { try? fd.close() }
        switch ReadLease.take(fd.rawValue) {
        case .openForWriting: return true
        case .unavailable: return false
        case .taken:
            ReadLease.end(fd.rawValue)
            return false
        }
    }

    /// The open descriptor of a regular file of at most `limit`, and its size; the caller
    /// closes it. Errors name the path and the reason.
    static func open(_ path: String, limit: FileSizeLimit) throws(CLIError) -> (FileDescriptor, Int) {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(
                CommandLinePaths.filePath(path), .readOnly,
                options: [.nonBlocking, .closeOnExec, noControllingTerminal])
        } catch {
            // open() refuses a socket, or a device with nothing behind it (/dev/tty with no
            // terminal), before the type is looked at: "no such device or address" names
            // neither, so the type is taken from the path instead.
            if let failure = error as? Errno,
                failure == .noSuchAddressOrDevice || failure == .operationNotSupportedByDevice,
                let status = try? Stat(CommandLinePaths.filePath(path)), status.type != .regular
            {
                throw CLIError("\(path): not a regular file (\(status.type.described))")
            }
            throw CLIError("cannot read \(path): \(reason(error))")
        }
        let status: Stat
        do {
            status = try fd.stat()
        } catch {
            try? fd.close()
            throw CLIError("cannot read \(path): \(error.reason)")
        }
        guard status.type == .regular else {
            try? fd.close()
            throw CLIError("\(path): not a regular file (\(status.type.described))")
        }
        guard status.size <= limit.bytes else {
            try? fd.close()
            throw CLIError("\(path): \(status.size) bytes, more than the \(limit.name) limit")
        }
        return (fd, Int(status.size))
    }

    /// A terminal at the path must not become the daemon's controlling terminal on open
    /// (swift-system names no such option).
    private static let noControllingTerminal = FileDescriptor.OpenOptions(rawValue: O_NOCTTY)

    private static func readAll(
        _ fd: FileDescriptor, path: String, limit: FileSizeLimit, expected: Int
    ) throws(CLIError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n: Int
            do {
                n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw CLIError("cannot read \(path): \(reason(error))")
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            guard Int64(bytes.count) <= limit.bytes else {
                throw CLIError("\(path): more than the \(limit.name) limit (it grew while being read)")
            }
        }
    }

    static func reason(_ error: any Error) -> String {
        (error as? Errno)?.reason ?? "\(error)"
    }
}
