import CXgest
import Glibc

/// Reaps the commands xgest spawned, without blocking and without polling: each child
/// gets a pidfd, all pidfds sit in one epoll set, and the epoll descriptor
/// (`fileDescriptor`) becomes readable when any child exits. The daemon adds it to its
/// poll() and calls `reapChildren()` when it is readable.
///
/// Only the pids handed to `watch` are waited for (never `waitpid(-1)`), so children
/// that other parts of the process own and reap themselves are left alone. A SIGCHLD
/// signalfd was not used because it needs SIGCHLD blocked in every thread.
public final class ChildReaper {
    /// How a child ended.
    public enum Termination: Hashable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let code): return "exit status \(code)"
            case .signalled(let signal): return "killed by signal \(SignalName.numbered(signal))"
            }
        }
    }

    public struct ExitedChild: Hashable, Sendable {
        public var pid: Int32
        public var program: String
        public var termination: Termination
        /// What started it: the binding's name and its command as a line shows them.
        public var origin: Origin

        public init(pid: Int32, program: String, termination: Termination, origin: Origin = Origin()) {
            self.pid = pid
            self.program = program
            self.termination = termination
            self.origin = origin
        }

        /// Whether it failed: a status other than 0, or a signal (not a child someone
        /// else reaped, whose end is unknown).
        public var failed: Bool {
            switch termination {
            case .exited(let code): return code > 0
            case .signalled: return true
            }
        }
    }

    /// The binding that started a child and its command (`exec sh -c 'exit 3'`).
    public struct Origin: Hashable, Sendable {
        public var binding: String
        public var command: String

        public init(binding: String = "", command: String = "") {
            self.binding = binding
            self.command = command
        }
    }

    /// Readable when a watched child has exited; -1 if epoll was unavailable, in which
    /// case every child is unwatched.
    public let fileDescriptor: Int32
    private var watched: [Int32: (pidfd: Int32, program: String, origin: Origin)] = [:]
    /// Children whose pidfd could not be opened (kernels before 5.3, descriptor limit):
    /// no descriptor says when they end, so the daemon looks for their end on a timer of
    /// its loop while there are any (``hasUnwatchedChildren``).
    private var unwatched: [Int32: (program: String, origin: Origin)] = [:]
    /// Why the first child of the unwatched ones running now got no pidfd, until taken.
    private var watchFailure: WatchFailure?

    /// A child whose end no pidfd tells, and why (an errno: EMFILE at the open-files limit).
    public struct WatchFailure: Hashable, Sendable {
        public var pid: Int32
        public var program: String
        public var origin: Origin
        public var errno: Int32
    }

    public init() {
        fileDescriptor = xgest_epoll_create()
    }

    deinit {
        for (_, child) in watched { close(child.pidfd) }
        if fileDescriptor >= 0 { close(fileDescriptor) }
    }

    /// Children spawned and not reaped yet.
    public var runningCount: Int { watched.count + unwatched.count }

    public var runningPIDs: [Int32] { Array(watched.keys) + Array(unwatched.keys) }

    /// Whether some running child has no pidfd: only ``reapChildren()`` finds its end.
    public var hasUnwatchedChildren: Bool { !unwatched.isEmpty }

    /// Why the first of the children with no pidfd got none, once for each run of them:
    /// nil once taken, until all have been reaped and another gets none.
    public func takeWatchFailure() -> WatchFailure? {
        defer { watchFailure = nil }
        return watchFailure
    }

    /// Starts watching a child this process spawned.
    public func watch(_ pid: Int32, program: String, origin: Origin = Origin()) {
        let pidfd = xgest_pidfd_open(pid)
        var failure = pidfd < 0 ? errno : EBADF
        if pidfd >= 0, fileDescriptor >= 0 {
            if xgest_epoll_add(fileDescriptor, pidfd, UInt64(UInt32(bitPattern: pid))) == 0 {
                watched[pid] = (pidfd, program, origin)
                return
            }
            failure = errno
        }
        if pidfd >= 0 { close(pidfd) }
        if unwatched.isEmpty {
            watchFailure = WatchFailure(pid: pid, program: program, origin: origin, errno: failure)
        }
        unwatched[pid] = (program, origin)
    }

    /// Reaps every child that has exited, watched or not; never blocks.
    public func reapChildren() -> [ExitedChild] {
        var exited: [ExitedChild] = []
        if fileDescriptor >= 0 {
            var tags = [UInt64](repeating: 0, count: 64)
            while true {
                let n = xgest_epoll_ready(fileDescriptor, &tags, Int32(tags.count))
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                for tag in tags[0..<Int(n)] {
                    let pid = Int32(bitPattern: UInt32(truncatingIfNeeded: tag))
                    guard let child = watched[pid], let termination = Self.reap(pid) else { continue }
                    xgest_epoll_remove(fileDescriptor, child.pidfd)
                    close(child.pidfd)
                    watched[pid] = nil
                    exited.append(
                        ExitedChild(pid: pid, program: child.program, termination: termination, origin: child.origin))
                }
                if n < tags.count { break }
            }
        }
        for (pid, child) in unwatched {
            guard let termination = Self.reap(pid) else { continue }
            unwatched[pid] = nil
            exited.append(ExitedChild(pid: pid, program: child.program, termination: termination, origin: child.origin))
        }
        return exited
    }

    /// waitpid(WNOHANG) on one pid: nil while it runs.
    private static func reap(_ pid: Int32) -> Termination? {
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r < 0 && errno == EINTR { continue }
            // ECHILD: someone else reaped it; there is nothing left to wait for.
            if r < 0 { return .exited(-1) }
            guard r == pid else { return nil }
            let signal = status & 0x7f
            return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }
    }
}
