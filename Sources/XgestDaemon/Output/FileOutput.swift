import Glibc
import Synchronization
import SystemPackage
import XgestSystem

/// Unbuffered line output to a file descriptor: each line reaches the file (or the
/// terminal) as soon as it is written, so a trace survives a crash or a kill.
public struct FileOutput: Sendable {
    public let fd: Int32

    public static let standardOutput = FileOutput(fd: 1)
    public static let standardError = FileOutput(fd: 2)

    public init(fd: Int32) { self.fd = fd }

    /// The first error writing standard output, for the end of the process to report: a
    /// listing or a JSON replay cut short by a full disk must not look like success.
    public static var standardOutputFailure: Errno? { firstStandardOutputFailure.withLock { $0 } }
    private static let firstStandardOutputFailure = Mutex<Errno?>(nil)

    /// The descriptors written through a ``BackgroundOutput``.
    private static let inBackground = Mutex<[Int32: BackgroundOutput]>([:])

    /// From now on, lines to `fd` are queued and written by a thread of their own, so that
    /// writing one never waits on the reader (``BackgroundOutput``); returns the queue, to
    /// flush before the process ends. Nil when no thread can be had: lines are then
    /// written directly, as before.
    public static func writeInBackground(_ fd: Int32) -> BackgroundOutput? {
        inBackground.withLock { queues in
            if let queue = queues[fd] { return queue }
            let queue = BackgroundOutput(fd: fd)
            queues[fd] = queue
            return queue
        }
    }

    /// Waits until the lines queued for every descriptor written in the background are
    /// written, at most `timeoutMilliseconds` for each; for a line said just before the
    /// process ends (the error that ends `run` once its loop has queued its output).
    public static func flushBackground(timeoutMilliseconds: Int) {
        for queue in inBackground.withLock({ Array($0.values) }) {
            queue.flush(timeoutMilliseconds: timeoutMilliseconds)
        }
    }

    /// Writes `line` and a newline, whole (a signal in the middle does not cut it);
    /// returns false when the descriptor no longer takes data. On standard error, the
    /// line is a warning to the journal (``writeLine(_:priority:)``).
    @discardableResult
    public func writeLine(_ line: String) -> Bool { failure(writingLine: line) == nil }

    /// Writes `line` as ``writeLine(_:)`` does; on standard error, when that is the
    /// journal, each of its lines carries `priority` (``JournalStream``).
    @discardableResult
    public func writeLine(_ line: String, priority: LogPriority) -> Bool {
        failure(writingLine: line, priority: priority) == nil
    }

    /// Writes `line` and a newline as ``writeLine(_:priority:)`` does; why it could not, or nil.
    public func failure(writingLine line: String, priority: LogPriority = .warning) -> Errno? {
        var bytes = Array((fd == 2 ? JournalStream.forStandardError(line, priority) : line).utf8)
        bytes.append(0x0A)
        if let queue = Self.inBackground.withLock({ $0[fd] }) {
            queue.enqueue(bytes)
            return nil
        }
        let failure: Errno
        do {
            _ = try FileDescriptor(rawValue: fd).writeAll(bytes)
            return nil
        } catch let e as Errno {
            failure = e
        } catch {
            failure = .ioError
        }
        if fd == 1 { Self.firstStandardOutputFailure.withLock { $0 = $0 ?? failure } }
        return failure
    }
}

/// A file opened for writing, closed when released. A regular file keeps what it holds
/// until ``emptyForWriting()``: a command that fails before it writes (`xgest record` beside
/// a running daemon, or with no display) must not have emptied a trace the user kept.
public final class OutputFile {
    public let output: FileOutput
    public let path: String

    /// `whileWaitingForAReader`: called before an open that waits, a FIFO that no process
    /// reads yet, which otherwise sat silent until one did.
    public init(path: String, whileWaitingForAReader: () -> Void = {}) throws(CLIError) {
        do {
            let name = CommandLinePaths.filePath(path)
            if let fd = try Self.openedIfAFIFOWithAReader(name) {
                output = FileOutput(fd: fd.rawValue)
            } else {
                if (try? Stat(name))?.type == .fifo { whileWaitingForAReader() }
                let fd = try FileDescriptor.open(
                    name, .writeOnly, options: [.create, .closeOnExec],
                    permissions: [.ownerReadWrite, .groupRead, .otherRead])
                output = FileOutput(fd: fd.rawValue)
            }
        } catch let e as Errno {
            throw CLIError("cannot write \(path): \(e.reason)")
        } catch {
            throw CLIError("cannot write \(path): \(error)")
        }
        self.path = path
    }

    /// A FIFO with a reader, opened without waiting (and made blocking again, as the trace's
    /// writes expect); nil for anything else, or a FIFO no process reads yet. The descriptor
    /// is kept, not closed to be opened again: a reader would see the close as the end.
    private static func openedIfAFIFOWithAReader(_ name: FilePath) throws -> FileDescriptor? {
        guard (try? Stat(name))?.type == .fifo else { return nil }
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(name, .writeOnly, options: [.nonBlocking, .closeOnExec])
        } catch Errno.noSuchAddressOrDevice {
            return nil  // no reader yet
        }
        _ = fcntl(fd.rawValue, F_SETFL, fcntl(fd.rawValue, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// Empties a regular file, before the first line is written; a FIFO or a device has
    /// nothing to empty.
    public func emptyForWriting() throws(CLIError) {
        let fd = FileDescriptor(rawValue: output.fd)
        do {
            guard try fd.stat().type == .regular else { return }
            try fd.resize(to: 0)
        } catch {
            throw CLIError("cannot write \(path): \(RegularFile.reason(error))")
        }
    }

    deinit { try? FileDescriptor(rawValue: output.fd).close() }
}
