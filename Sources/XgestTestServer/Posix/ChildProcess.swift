import CXgest
import Glibc

/// A child process started with posix_spawn and reaped by this object only: `wait`
/// or `terminate` always end with a waitpid, so no zombie is left behind.
final class ChildProcess {
    let pid: pid_t
    /// Readable once the process has exited (Linux ≥ 5.3); -1 when unavailable.
    private var exitFD: Int32
    private(set) var exitStatus: Int32?

    /// Starts `path` with `arguments` (argv[0] included). stdin reads `stdinFD` (or
    /// /dev/null), stdout writes /dev/null, stderr goes to `stderrPath` (or /dev/null), and
    /// `stderrFD`, when given, replaces that file; `inheritedFD` becomes the child's fd 3. Every other descriptor is closed in the
    /// child, so a parallel test's pipe never leaks into another server. The descriptors
    /// passed must be above 3 (dup2 onto the same number would keep FD_CLOEXEC).
    /// `environment` ("NAME=value" entries) replaces this process's environment. With
    /// `ownProcessGroup` the child leads a process group of its own, out of the reach of
    /// the terminal's job control (Ctrl-Z, Ctrl-C) aimed at this process's group.
    init(
        path: String, arguments: [String], stdinFD: Int32? = nil, stderrPath: String? = nil,
        stderrFD: Int32? = nil, inheritedFD: Int32? = nil, environment: [String]? = nil,
        ownProcessGroup: Bool = false
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        for fd in [stdinFD, stderrFD, inheritedFD] where (fd ?? 4) <= 3 {
            throw TestServerError.system(call: "posix_spawn: descriptor \(fd ?? -1) below 4", code: EINVAL)
        }
        if let stdinFD {
            posix_spawn_file_actions_adddup2(&actions, stdinFD, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if let stderrFD {
            posix_spawn_file_actions_adddup2(&actions, stderrFD, 2)
        } else {
            posix_spawn_file_actions_addopen(
                &actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        if let inheritedFD { posix_spawn_file_actions_adddup2(&actions, inheritedFD, 3) }
        _ = xgest_spawn_add_closefrom(&actions, inheritedFD == nil ? 3 : 4)

        // The child starts with no blocked signals and default dispositions, whatever the
        // spawning thread had (Swift's runtime threads, a test runner ignoring SIGPIPE).
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGCHLD, SIGTERM, SIGINT, SIGHUP, SIGUSR1] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }

        var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? []).map { strdup($0) }
        envp.append(nil)
        defer { for p in envp { free(p) } }

        var child: pid_t = 0
        let rc =
            environment == nil
            ? posix_spawn(&child, path, &actions, &attributes, argv, xgest_environ())
            : posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw TestServerError.system(call: "posix_spawn(\(path))", code: rc) }
        pid = child
        exitFD = xgest_pidfd_open(child)
    }

    deinit {
        _ = terminate(graceMilliseconds: 0)
    }

    /// Readable once the process has exited, for a poll() that also waits on something
    /// else; -1 when pidfds are unavailable or the process has been reaped.
    var exitFileDescriptor: Int32 { exitFD }

    var hasExited: Bool {
        if exitStatus != nil { return true }
        return reap(blocking: false)
    }

    /// Waits up to `milliseconds` for the process to exit; true when it has (and was reaped).
    func wait(milliseconds: Int) -> Bool {
        if reap(blocking: false) { return true }
        let deadline = Deadline(millisecondsFromNow: milliseconds)
        if exitFD >= 0 {
            while !deadline.hasPassed {
                let events = (try? waitForEvents(fd: exitFD, events: Int16(POLLIN), until: deadline)) ?? 0
                if events != 0 { return reap(blocking: true) }
            }
            return reap(blocking: false)
        }
        // Without pidfd: check at 1 ms intervals (only on kernels older than 5.3).
        while !deadline.hasPassed {
            if reap(blocking: false) { return true }
            var pfd = pollfd(fd: -1, events: 0, revents: 0)
            _ = poll(&pfd, 0, 1)
        }
        return reap(blocking: false)
    }

    /// SIGTERM, up to `graceMilliseconds` for a clean exit, then SIGKILL and a blocking
    /// waitpid. Returns true when the process exited on SIGTERM.
    @discardableResult
    func terminate(graceMilliseconds: Int) -> Bool {
        defer { closeExitFD() }
        if hasExited { return true }
        kill(pid, SIGTERM)
        if wait(milliseconds: graceMilliseconds) { return true }
        kill(pid, SIGKILL)
        _ = reap(blocking: true)
        return false
    }

    /// A description of how the process ended, e.g. "exit status 1" or "signal 6".
    var statusDescription: String {
        guard let status = exitStatus else { return "still running" }
        let signal = status & 0x7f
        if signal == 0 { return "exit status \((status >> 8) & 0xff)" }
        return "killed by signal \(signal)"
    }

    private func reap(blocking: Bool) -> Bool {
        if exitStatus != nil { return true }
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if r == pid {
                exitStatus = status
                closeExitFD()
                return true
            }
            if r < 0 && errno == EINTR { continue }
            if r < 0 && errno == ECHILD {
                // Someone else reaped it (a SIGCHLD handler set to SIG_IGN or a waitpid(-1)).
                exitStatus = 0
                closeExitFD()
                return true
            }
            return false
        }
    }

    private func closeExitFD() {
        if exitFD >= 0 {
            close(exitFD)
            exitFD = -1
        }
    }
}

/// A descriptor pair from pipe2(O_CLOEXEC), both ends moved above 3 so that they can be
/// handed to a child with dup2.
func makePipe() throws -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard xgest_pipe_cloexec(&fds) == 0 else { throw TestServerError.system(call: "pipe2", code: errno) }
    for i in 0..<2 where fds[i] <= 3 {
        let moved = fcntl(fds[i], F_DUPFD_CLOEXEC, 4)
        let code = errno
        close(fds[i])
        fds[i] = moved
        if moved < 0 {
            for fd in fds where fd >= 0 { close(fd) }
            throw TestServerError.system(call: "fcntl(F_DUPFD_CLOEXEC)", code: code)
        }
    }
    return (fds[0], fds[1])
}
