import Glibc

/// Stops a server process if this process dies without stopping it (a crash, a kill, a
/// test runner aborting): a small shell holds the read end of a pipe whose only write
/// end lives in this process; when the kernel closes it, `read` returns and the shell
/// sends SIGTERM to the server and removes the server's directory.
///
/// Without this an orphaned Xorg would keep running, and since the inputtest driver
/// spins on a closed client connection, burn a whole core.
final class Watchdog {
    private var process: ChildProcess?
    private var writeEnd: Int32

    init(guarding pid: pid_t, removing directory: String) throws {
        let pipe = try makePipe()
        defer { close(pipe.read) }
        // INT and HUP are ignored so that a Ctrl-C this process handles does not remove
        // the guard; the shell still dies with the rest of the session on SIGTERM/SIGKILL.
        let script = "trap '' INT HUP; read _; kill -TERM \"$1\" 2>/dev/null; rm -rf -- \"$2\""
        do {
            process = try ChildProcess(
                path: "/bin/sh",
                arguments: [
                    "/bin/sh", "-c", script, "xgest-xorg-watchdog", String(pid), directory,
                ],
                stdinFD: pipe.read)
        } catch {
            close(pipe.write)
            throw error
        }
        writeEnd = pipe.write
    }

    deinit { disarm() }

    /// Closes the pipe as the kernel does when this process dies, leaving the shell to
    /// act; for tests of the watchdog itself.
    func closePipeAsIfOwnerDied() {
        if writeEnd >= 0 {
            close(writeEnd)
            writeEnd = -1
        }
    }

    /// Waits for the shell to finish on its own (after `closePipeAsIfOwnerDied`); for tests.
    func waitForShellExit(milliseconds: Int) -> Bool {
        process?.wait(milliseconds: milliseconds) ?? true
    }

    /// Ends the watchdog without letting it signal anything: it is killed and reaped
    /// first, so it can never hit a recycled pid.
    func disarm() {
        if let p = process {
            kill(p.pid, SIGKILL)
            _ = p.wait(milliseconds: 5_000)
            process = nil
        }
        if writeEnd >= 0 {
            close(writeEnd)
            writeEnd = -1
        }
    }
}
