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
    /// removed. An error names `path`, the file asked for, whatever step failed: the
    /// temporary file is no name the user knows.
    public static func write(_ text: String, to path: String) throws(CLIError) {
        let temporary = path + ".tmp"
        if let reason = written(text, to: temporary) ?? renamed(temporary, to: path) {
            unlink(temporary)
            throw CLIError("cannot write \(path): \(reason)")
        }
    }

    /// Why `text` could not be written to a new file at `path`, or nil.
    private static func written(_ text: String, to path: String) -> String? {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            return RegularFile.reason(error)
        }
        let output = FileOutput(fd: fd.rawValue)
        var failure: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() where failure == nil {
            failure = output.failure(writingLine: String(line))?.reason
        }
        // A full disk may show only at the close (NFS writes back then).
        do { try fd.close() } catch { failure = failure ?? RegularFile.reason(error) }
        return failure
    }

    /// Why `temporary` could not be renamed to `path`, or nil.
    private static func renamed(_ temporary: String, to path: String) -> String? {
        rename(temporary, path) == 0 ? nil : Errno(rawValue: errno).reason
    }
}
