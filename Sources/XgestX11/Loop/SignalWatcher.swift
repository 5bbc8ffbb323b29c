import CXgest
import Glibc
import XgestSystem

/// Delivers signals as readable events on a file descriptor, so the event loop wakes for
/// them in the same poll() as X input, with no handler running at a random point in Xlib.
///
/// A thread of its own takes the signals (`xgest_sigtimedwait`) and passes each on as one byte
/// over a socket pair. Being outside the loop, it can also bound the stop: once a stop
/// signal has come, the process exits after ``StopDeadline/seconds`` whatever the loop is
/// blocked on. A loop waits on the X server at its stop (handing touches back, a last
/// sync), and a server that hangs or was stopped (SIGSTOP, a remote display gone quiet)
/// would hold it there for good, with systemd or the session waiting on it.
public final class SignalWatcher {
    /// How long the stop may take once a stop signal came.
    public struct StopDeadline: Sendable {
        public var signals: Set<Int32>
        public var seconds: Int
        /// Printed on standard error when the deadline passes, before the exit.
        public var line: String
        public var exitCode: Int32

        public init(signals: Set<Int32>, seconds: Int, line: String, exitCode: Int32) {
            self.signals = signals
            self.seconds = seconds
            self.line = line
            self.exitCode = exitCode
        }
    }

    /// The other stop signals of job control, whose default action stopped the process
    /// with its grabs taken and the keys its actions held down. Blocked, they are never
    /// sent for the terminal: the kernel lets a blocked SIGTTOU's write through (a daemon
    /// started with `&` in a terminal set `stty tostop` stopped at its first line on
    /// standard error, just after taking its grabs) and fails a blocked SIGTTIN's read (no
    /// watcher reads a terminal). One sent with `kill` suspends as SIGTSTP does.
    static let jobControlStops: [Int32] = [SIGTTIN, SIGTTOU]

    /// Readable when signals came: ``take()`` reads them.
    public let fileDescriptor: Int32

    /// Blocks `signals` for the process (threads made later inherit the mask) and watches
    /// them; call it before any other thread is made. With SIGTSTP, SIGCONT is taken too,
    /// for ``JobControl`` only (a SIGCONT still continues the process when it comes), and so
    /// are SIGTTIN and SIGTTOU, reported as SIGTSTP (see ``jobControlStops``). Nil when no
    /// socket pair or thread can be had.
    public init?(_ signals: [Int32], stopDeadline: StopDeadline? = nil) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        if signals.contains(SIGTSTP) {
            sigaddset(&mask, SIGCONT)
            for s in Self.jobControlStops { sigaddset(&mask, s) }
        }
        guard sigprocmask(SIG_BLOCK, &mask, nil) == 0 else { return nil }
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            return nil
        }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        // The thread owns the other end for the life of the process: closing it while the
        // thread may still write would let the number land on a descriptor opened since.
        let waiter = SignalWaiter(mask: mask, writeEnd: fds[1], stopDeadline: stopDeadline)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(waiter).toOpaque()
        guard pthread_create(&thread, nil, waitForSignals, context) == 0 else {
            Unmanaged<SignalWaiter>.fromOpaque(context).release()
            close(fds[0])
            close(fds[1])
            return nil
        }
        pthread_detach(thread)
        fileDescriptor = fds[0]
    }

    deinit { close(fileDescriptor) }

    /// The signals received since the last call.
    public func take() -> [Int32] {
        var result: [Int32] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(fileDescriptor, &bytes, bytes.count)
            guard n > 0 else { break }
            result += bytes[0..<n].map { Int32($0) }
        }
        return result
    }
}

/// The signal thread's state: what it waits for and where it writes.
private final class SignalWaiter {
    let mask: sigset_t
    let writeEnd: Int32
    let stopDeadline: SignalWatcher.StopDeadline?

    init(mask: sigset_t, writeEnd: Int32, stopDeadline: SignalWatcher.StopDeadline?) {
        self.mask = mask
        self.writeEnd = writeEnd
        self.stopDeadline = stopDeadline
    }

    func run() -> Never {
        var mask = self.mask
        var stopsAt: timespec?
        while true {
            var info = siginfo_t()
            var signal: Int32
            if let deadline = stopsAt {
                var left = Self.remaining(until: deadline)
                signal = xgest_sigtimedwait(&mask, &info, &left)
                if signal < 0 && errno == EAGAIN { expire() }
            } else {
                signal = xgest_sigtimedwait(&mask, &info, nil)
            }
            guard signal > 0 else { continue }
            // The crash handler pausing this thread: its handler runs here (HandlerSignal).
            if HandlerSignal.isForAHandler(signal, info) {
                HandlerSignal.runHandler(signal)
                continue
            }
            if SignalWatcher.jobControlStops.contains(signal) { signal = SIGTSTP }
            // Noted before the loop hears of the SIGTSTP, and only noted for SIGCONT.
            if signal == SIGTSTP { JobControl.stopAsked() }
            if signal == SIGCONT {
                JobControl.continued()
                continue
            }
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = send(writeEnd, &byte, 1, Int32(MSG_NOSIGNAL))
            if stopsAt == nil, let d = stopDeadline, d.signals.contains(signal) {
                stopsAt = Self.now(plusSeconds: d.seconds)
            }
        }
    }

    private func expire() -> Never {
        if let d = stopDeadline { writeStandardError(d.line + "\n", priority: .error) }
        _exit(stopDeadline?.exitCode ?? 1)
    }

    private static func now(plusSeconds seconds: Int) -> timespec {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        t.tv_sec += seconds
        return t
    }

    private static func remaining(until deadline: timespec) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        var left = (Int(deadline.tv_sec) - Int(now.tv_sec)) * 1_000_000_000 + Int(deadline.tv_nsec) - Int(now.tv_nsec)
        left = max(left, 0)
        return timespec(tv_sec: left / 1_000_000_000, tv_nsec: left % 1_000_000_000)
    }
}

private let waitForSignals: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    guard let context else { return nil }
    Unmanaged<SignalWaiter>.fromOpaque(context).takeRetainedValue().run()
}
