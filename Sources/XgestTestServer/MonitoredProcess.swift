import Glibc

/// A child process whose standard error is read line by line, for `xgest demo` (which
/// runs `xgest run --debug` against the private server and shows its trace) and for
/// benchmarks. The child inherits this process's environment.
public final class MonitoredProcess {
    private let child: ChildProcess
    private let stderrRead: Int32
    private var buffer: [UInt8] = []
    private var eof = false
    /// The write end of the child's stdin, when it is kept open: a child that quits when
    /// its input closes (the toolkit probes) runs until this process stops it.
    private let stdinWrite: Int32?

    /// Whether the child leads a process group of its own, which ``stop(signal:graceMilliseconds:)``
    /// empties: a browser's helper processes outlive its main one, still writing to its
    /// profile as a scratch directory is removed.
    private let leadsGroup: Bool

    /// Starts the child; with `keepsStdinOpen`, its stdin is a pipe that stays open
    /// (nothing is written to it) instead of /dev/null; with `ownProcessGroup`, it leads a
    /// process group that ``stop(signal:graceMilliseconds:)`` ends whole.
    public init(path: String, arguments: [String], keepsStdinOpen: Bool = false, ownProcessGroup: Bool = false) throws {
        let pipe = try makePipe()
        let input = try keepsStdinOpen ? makePipe() : nil
        do {
            child = try ChildProcess(
                path: path, arguments: arguments, stdinFD: input?.read, stderrFD: pipe.write,
                ownProcessGroup: ownProcessGroup)
        } catch {
            close(pipe.read)
            close(pipe.write)
            if let input {
                close(input.read)
                close(input.write)
            }
            throw error
        }
        close(pipe.write)
        if let input { close(input.read) }
        stderrRead = pipe.read
        stdinWrite = input?.write
        leadsGroup = ownProcessGroup
    }

    deinit {
        child.terminate(graceMilliseconds: 1_000)
        close(stderrRead)
        if let stdinWrite { close(stdinWrite) }
    }

    /// Whether the child closed its stderr (it has usually exited then).
    public var hasClosedOutput: Bool { eof }

    public var processID: Int32 { child.pid }

    /// Reads stderr lines until one satisfies `isLast` (included), the child closes its
    /// stderr, or `timeoutMilliseconds` pass. Each line is handed to `onLine` as it comes.
    /// Returns true when a line satisfied `isLast`.
    @discardableResult
    public func readLines(
        timeoutMilliseconds: Int, until isLast: (String) -> Bool, onLine: (String) -> Void
    ) -> Bool {
        let deadline = Deadline(millisecondsFromNow: timeoutMilliseconds)
        while true {
            while let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                onLine(line)
                if isLast(line) { return true }
            }
            guard !eof, !deadline.hasPassed else { return false }
            let events = (try? waitForEvents(fd: stderrRead, events: Int16(POLLIN), until: deadline)) ?? 0
            guard events != 0 else { return false }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(stderrRead, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer += chunk[..<n]
            } else if n == 0 || errno != EINTR {
                eof = true
            }
        }
    }

    /// Sends `signal` and waits for the exit; returns the exit status (or 128 + signal
    /// when killed), nil when it had to be killed after `graceMilliseconds`.
    public func stop(signal: Int32 = SIGTERM, graceMilliseconds: Int = 2_000) -> Int32? {
        if !child.hasExited { kill(child.pid, signal) }
        let exited = child.wait(milliseconds: graceMilliseconds)
        if !exited { child.terminate(graceMilliseconds: 0) }
        if leadsGroup { endGroup(graceMilliseconds: graceMilliseconds) }
        guard exited, let status = child.exitStatus else { return nil }
        let killedBy = status & 0x7f
        return killedBy == 0 ? (status >> 8) & 0xff : 128 + killedBy
    }

    /// Kills what is left of the child's process group (its helpers, not its children to
    /// reap) and waits up to `graceMilliseconds` for the group to be gone: no process
    /// writes in a directory removed after this.
    private func endGroup(graceMilliseconds: Int) {
        guard kill(-child.pid, SIGKILL) == 0 else { return }
        let deadline = Deadline(millisecondsFromNow: graceMilliseconds)
        // Not this process's children: nothing to wait on but the group's emptiness, which
        // their new parent's reaping brings within milliseconds.
        var idle = pollfd(fd: -1, events: 0, revents: 0)
        while kill(-child.pid, 0) == 0, !deadline.hasPassed { _ = poll(&idle, 0, 5) }
    }
}
