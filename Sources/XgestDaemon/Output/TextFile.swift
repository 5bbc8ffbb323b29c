import Glibc
import SystemPackage

/// Reading a whole text file without Foundation.
public enum TextFile {
    /// The file's contents as UTF-8 (invalid bytes replaced); it must be a regular file of
    /// at most `limit` (see ``RegularFile``). Errors name the path and the reason.
    public static func read(_ path: String, limit: FileSizeLimit) throws(CLIError) -> String {
        String(decoding: try RegularFile.read(path, limit: limit), as: UTF8.self)
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Writes `text` to `path` through a temporary file renamed over it, so that a reader
    /// never sees half a file; a temporary file left by a failed write (a full disk) is
    /// removed.
    public static func write(_ text: String, to path: String) throws(CLIError) {
        let temporary = path + ".tmp"
        do {
            let file = try OutputFile(path: temporary)
            var ok = true
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                ok = ok && file.output.writeLine(String(line))
            }
            guard ok else {
                let reason = Errno(rawValue: errno).reason
                unlink(temporary)
                throw CLIError("cannot write \(temporary): \(reason)")
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = Errno(rawValue: errno).reason
            unlink(temporary)
            throw CLIError("cannot write \(path): \(reason)")
        }
    }
}
