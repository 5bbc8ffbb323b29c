import Glibc

/// Unbuffered line output to a file descriptor: each line reaches the file (or the
/// terminal) as soon as it is written, so a trace survives a crash or a kill.
public struct FileOutput: Sendable {
    public let fd: Int32

    public static let standardOutput = FileOutput(fd: 1)
    public static let standardError = FileOutput(fd: 2)

    /// Writes `line` and a newline; returns false when the descriptor no longer takes data.
    @discardableResult
    public func writeLine(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}

/// A file created for writing (truncated), closed when released.
public final class OutputFile {
    public let output: FileOutput
    public let path: String

    public init(path: String) throws(CLIError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CLIError("cannot write \(path): \(String(cString: strerror(errno)))") }
        output = FileOutput(fd: fd)
        self.path = path
    }

    deinit { close(output.fd) }
}
