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

    /// NAME_MAX of Linux file systems, in bytes.
    static let longestFileNameBytes = 255
    /// What the temporary file's name adds to the file's: `.` and eight hex digits, then
    /// `.tmp`. Of a fixed width, so that the longest name written is known before anything
    /// is written (with the PID and a decimal number, of 13 to 23 bytes, a name that passed
    /// a check made for `.tmp` failed once the drawings it was for were made).
    static let temporarySuffixBytes = 13
    /// The longest file name ``write(_:to:)`` can write: its temporary file's name must fit too.
    public static let longestWrittenNameBytes = longestFileNameBytes - temporarySuffixBytes

    /// Writes `text` to `path` through a temporary file renamed over it, so that a reader
    /// never sees half a file; a temporary file left by a failed write (a full disk) is
    /// removed. An error names `path`, the file asked for, whatever step failed: the
    /// temporary file is no name the user knows.
    ///
    /// A `path` that is a symlink (a dotfile manager's link into a repository) is written
    /// through, as editors do: the file it leads to is replaced and the link kept. The
    /// temporary file has a name of its own, made anew with O_EXCL and O_NOFOLLOW beside
    /// that file: whatever is already there under a temporary name (a link to elsewhere, a
    /// directory, another run's file) is never followed nor written.
    public static func write(_ text: String, to path: String) throws(CLIError) {
        let destination = endOfLinks(path)
        let temporary: (path: String, fd: FileDescriptor)
        switch created(beside: destination) {
        case .success(let made): temporary = made
        case .failure(let reason): throw CLIError("cannot write \(path): \(reason)")
        }
        if let reason = written(text, to: temporary.fd) ?? renamed(temporary.path, to: destination) {
            unlink(temporary.path)
            throw CLIError("cannot write \(path): \(reason)")
        }
    }

    /// Where a chain of symlinks at `path` ends (a relative link is read from its own
    /// directory), even at nothing; `path` itself when it is no link. Bounded as the kernel
    /// bounds it: a loop is left to fail where it is written.
    static func endOfLinks(_ path: String) -> String {
        var end = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(end, &buffer, buffer.count - 1)
            guard n > 0 else { return end }
            let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target.hasPrefix("/") {
                end = target
            } else if let slash = end.lastIndex(of: "/") {
                end = String(end[...slash]) + target
            } else {
                end = target
            }
        }
        return path
    }

    /// A new, empty temporary file beside `path`, open for writing, or why none can be made.
    private static func created(beside path: String) -> Result<(path: String, fd: FileDescriptor), TemporaryFailure> {
        // A name taken is tried again with another; anything else is the reason.
        for _ in 0..<temporaryNameAttempts {
            let temporary = "\(path).\(hexDigits(UInt32.random(in: 0...UInt32.max))).tmp"
            do {
                let fd = try FileDescriptor.open(
                    FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
                return .success((temporary, fd))
            } catch let failure as Errno where failure == .fileExists {
                continue
            } catch {
                return .failure(TemporaryFailure(reason: RegularFile.reason(error)))
            }
        }
        return .failure(TemporaryFailure(reason: "no temporary name free beside it"))
    }

    private struct TemporaryFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// `value` as eight lowercase hex digits, leading zeros kept: the width
    /// ``temporarySuffixBytes`` counts.
    static func hexDigits(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// Random names tried for the temporary file before giving up (each taken already).
    private static let temporaryNameAttempts = 16

    /// Why `text` could not be written to the new file open at `fd`, or nil; `fd` is closed.
    private static func written(_ text: String, to fd: FileDescriptor) -> String? {
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
