import SystemPackage

/// A regular file of bounded size read one line at a time (``RegularFile``'s checks: not a
/// FIFO or a device, at most `limit`, bounded even if it grows), so that a large file is
/// never held whole: `xgest replay` reads a trace this way.
public final class RegularFileLines {
    private let fd: FileDescriptor
    private let path: String
    private let limit: FileSizeLimit
    /// Bytes read and not yet returned start at `start`.
    private var buffer: [UInt8] = []
    private var start = 0
    private var bytesRead: Int64 = 0
    private var atEnd = false
    private var chunk = [UInt8](repeating: 0, count: 65536)

    public init(_ path: String, limit: FileSizeLimit) throws(CLIError) {
        (fd, _) = try RegularFile.open(path, limit: limit)
        self.path = path
        self.limit = limit
    }

    deinit { try? fd.close() }

    /// The next line, without its newline, as UTF-8 (invalid bytes replaced); nil at the
    /// end. A last line with no newline is a line; the end of a file that ends with one is
    /// not.
    public func next() throws(CLIError) -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[start..<newline], as: UTF8.self)
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            try refill()
        }
    }

    /// Drops the bytes returned and reads the next chunk.
    private func refill() throws(CLIError) {
        buffer.removeSubrange(0..<start)
        start = 0
        let n: Int
        do {
            n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0, retryOnInterrupt: true) }
        } catch {
            throw CLIError("cannot read \(path): \(RegularFile.reason(error))")
        }
        if n == 0 {
            atEnd = true
            return
        }
        bytesRead += Int64(n)
        guard bytesRead <= limit.bytes else {
            throw CLIError("\(path): more than the \(limit.name) limit (it grew while being read)")
        }
        buffer += chunk[0..<n]
    }
}
