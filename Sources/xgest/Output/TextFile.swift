import Glibc

/// Reading a whole text file without Foundation.
enum TextFile {
    /// The file's contents as UTF-8 (invalid bytes replaced); errors name the path and reason.
    static func read(_ path: String) throws(CLIError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError("cannot read \(path): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Writes `text` to `path` through a temporary file renamed over it, so that a reader
    /// never sees half a file.
    static func write(_ text: String, to path: String) throws(CLIError) {
        let temporary = path + ".tmp"
        do {
            let file = try OutputFile(path: temporary)
            var ok = true
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                ok = ok && file.output.writeLine(String(line))
            }
            guard ok else { throw CLIError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CLIError("cannot write \(path): \(reason)")
        }
    }
}
