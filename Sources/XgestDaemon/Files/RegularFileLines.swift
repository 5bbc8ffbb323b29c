import SystemPackage

/// A regular file of bounded size read one line at a time (``RegularFile``'s checks: not a
/// FIFO or a device, at most `limit`, bounded even if it grows), so that a large file is
/// never held whole: `xgest replay` reads a trace this way.
public final class RegularFileLines {
    private let fd: FileDescriptor
    private let path: String
    private let limit: FileSizeLimit
    /// Bytes read and not yet returned start at `start`; those before `scanned` hold no
    /// newline, so that a long line read in many chunks is searched once, not once a chunk.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scanned = 0
    private var bytesRead: Int64 = 0
    private var atEnd = false
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// The longest line read whole; a longer one is an error, so that a file with no
    /// newline (or a hostile one) is not held whole either.
    public let lineLimitBytes: Int
    /// Lines returned so far: the number of the last one.
    public private(set) var lineNumber = 0
    /// Whether the last line returned ended the file with no newline: a file whose writer
    /// stopped in the middle of a line (a full disk, a writer killed) ends so.
    public private(set) var lastLineIsUnterminated = false

    public init(_ path: String, limit: FileSizeLimit, lineLimitBytes: Int = 1024 * 1024) throws(CLIError) {
        (fd, _) = try RegularFile.open(path, limit: limit)
        self.path = path
        self.limit = limit
        self.lineLimitBytes = lineLimitBytes
    }

    deinit { try? fd.close() }

    /// The next line, without its newline, as UTF-8 (invalid bytes replaced); nil at the
    /// end. A last line with no newline is a line; the end of a file that ends with one is
    /// not.
    public func next() throws(CLIError) -> String? {
        while true {
            if let newline = buffer[max(start, scanned)...].firstIndex(of: 0x0A) {
                return try take(upTo: newline, next: newline + 1)
            }
            scanned = buffer.count
            if atEnd {
                guard start < buffer.count else { return nil }
                lastLineIsUnterminated = true
                return try take(upTo: buffer.count, next: buffer.count)
            }
            guard buffer.count - start <= lineLimitBytes else { throw lineTooLong() }
            try refill()
        }
    }

    /// The line from `start` to `end`, checked against the limit; the next starts at `next`.
    private func take(upTo end: Int, next: Int) throws(CLIError) -> String {
        guard end - start <= lineLimitBytes else { throw lineTooLong() }
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = next
        scanned = next
        lineNumber += 1
        return line
    }

    private func lineTooLong() -> CLIError {
        CLIError("\(path):\(lineNumber + 1): a line of more than \(lineLimitBytes) bytes")
    }

    /// Drops the bytes returned and reads the next chunk.
    private func refill() throws(CLIError) {
        buffer.removeSubrange(0..<start)
        scanned -= start
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
