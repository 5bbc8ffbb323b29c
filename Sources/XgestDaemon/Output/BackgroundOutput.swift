import CXgest
import Glibc
import Synchronization
import SystemPackage
import XgestCore
import XgestSystem

/// Lines for a descriptor the daemon must never wait on: its standard error, which may
/// be a terminal stopped with Ctrl-S, a logger that stopped reading, or a pipe a chatty
/// command the daemon started has filled. Written there directly, a line blocked the event
/// loop, with every touch, touchpad gesture and stroke press xgest held frozen until the
/// reader came back. The lines are queued instead, and a thread of their own writes them.
///
/// The queue holds at most ``mostQueuedBytes``; lines past that are counted, not kept, and
/// once the reader takes data again a line says how many were left out. A trace cannot
/// leave lines out and still be read back: with ``Overflow/stop`` the first line that does
/// not fit ends the output instead, and ``failure`` says so.
public final class BackgroundOutput: Sendable {
    /// About 2,500 lines of `--debug` trace.
    public static let mostQueuedBytes = 256 * 1024

    /// What becomes of a line when the queue is full.
    public enum Overflow: Sendable {
        /// Counted, and the count written once the reader takes data again.
        case dropLine
        /// Neither it nor any later line is written: ``failure`` is ``Failure/notRead``.
        case stop
    }

    /// Why lines stopped being written (with ``Overflow/stop``).
    public enum Failure: Sendable, Equatable {
        /// The reader left ``BackgroundOutput/mostQueuedBytes`` waiting.
        case notRead
        /// A write failed (a full disk, a reader gone).
        case writeFailed(Errno)
    }

    let fd: Int32
    let overflow: Overflow
    /// The writing thread waits on the read end; a line queued writes a byte to the other.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// The writing thread writes a byte to it after each batch, for ``flush(timeoutMilliseconds:)``.
    private let writtenRead: Int32
    private let writtenWrite: Int32
    private let state = Mutex(State())

    private struct State: Sendable {
        var queued: [UInt8] = []
        var dropped = 0
        var failure: Failure?
        /// A batch taken from the queue is being written.
        var writing = false
    }

    /// Nil when no pipe or thread can be had: the caller then writes directly.
    public init?(fd: Int32, overflow: Overflow = .dropLine) {
        var wake: [Int32] = [-1, -1]
        var written: [Int32] = [-1, -1]
        guard xgest_pipe_cloexec(&wake) == 0 else { return nil }
        guard xgest_pipe_cloexec(&written) == 0 else {
            close(wake[0])
            close(wake[1])
            return nil
        }
        // Queuing never waits: a full wake pipe already has the thread woken.
        for end in [wake[1], written[0], written[1]] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        self.fd = fd
        self.overflow = overflow
        (wakeRead, wakeWrite) = (wake[0], wake[1])
        (writtenRead, writtenWrite) = (written[0], written[1])
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&thread, nil, writeQueuedLines, context) == 0 else {
            Unmanaged<BackgroundOutput>.fromOpaque(context).release()
            for end in [wake[0], wake[1], written[0], written[1]] { close(end) }
            return nil
        }
        pthread_detach(thread)
    }

    /// Why lines are no longer written, or nil while they are.
    public var failure: Failure? { state.withLock { $0.failure } }

    /// Readable once a batch has been written, or has failed: an event loop polls it to
    /// learn of a ``failure`` when it comes. ``takeBatchesWritten()`` empties it.
    public var batchWrittenDescriptor: Int32 { writtenRead }

    /// Empties ``batchWrittenDescriptor``.
    public func takeBatchesWritten() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(writtenRead, &bytes, bytes.count) > 0 {}
    }

    /// Queues `line` and a newline unless the queue is full.
    public func enqueue(line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        enqueue(bytes)
    }

    /// Queues `bytes` (one line, with its newline) unless the queue is full.
    func enqueue(_ bytes: [UInt8]) {
        state.withLock { s in
            if s.failure != nil {
                return
            } else if s.queued.count + bytes.count > Self.mostQueuedBytes {
                switch overflow {
                case .dropLine: s.dropped += 1
                case .stop: s.failure = .notRead
                }
            } else {
                s.queued += bytes
            }
        }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Waits until every queued line is written, at most `timeoutMilliseconds`; returns
    /// whether they were. For the end of the process: what is still queued then is lost.
    @discardableResult
    public func flush(timeoutMilliseconds: Int) -> Bool {
        var left = timeoutMilliseconds
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            if state.withLock({ $0.queued.isEmpty && $0.dropped == 0 && !$0.writing }) { return true }
            guard left > 0 else { return false }
            let start = DebugTrace.monotonicMicroseconds()
            var p = pollfd(fd: writtenRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, Int32(left))
            while read(writtenRead, &bytes, bytes.count) > 0 {}
            left -= max(Int((DebugTrace.monotonicMicroseconds() - start) / 1000), 1)
        }
    }

    fileprivate func run() -> Never {
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            // Blocks until a line is queued.
            guard read(wakeRead, &bytes, bytes.count) > 0 || errno == EINTR else { continue }
            while true {
                let (batch, dropped) = state.withLock { s -> ([UInt8], Int) in
                    defer {
                        s.queued = []
                        s.dropped = 0
                    }
                    s.writing = !s.queued.isEmpty || s.dropped > 0
                    return (s.queued, s.dropped)
                }
                guard !batch.isEmpty || dropped > 0 else { break }
                if let error = writeAll(batch), overflow == .stop {
                    state.withLock { s in
                        s.failure = s.failure ?? .writeFailed(error)
                        s.queued = []
                    }
                }
                if dropped > 0 {
                    let note = "xgest: \(counted(dropped, "line")) of output left out: the output was not being read"
                    let line = fd == 2 ? JournalStream.forStandardError(note, .warning) : note
                    _ = writeAll(Array((line + "\n").utf8))
                }
                state.withLock { $0.writing = false }
                var byte: UInt8 = 1
                _ = write(writtenWrite, &byte, 1)
            }
        }
    }

    /// Writes all of `bytes`, waiting as long as the reader makes it; gives up on an error
    /// (the reader gone: a broken pipe, with SIGPIPE ignored) and returns it.
    private func writeAll(_ bytes: [UInt8]) -> Errno? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return n < 0 ? Errno(rawValue: errno) : .ioError
            }
        }
        return nil
    }
}

private let writeQueuedLines: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    guard let context else { return nil }
    Unmanaged<BackgroundOutput>.fromOpaque(context).takeRetainedValue().run()
}
