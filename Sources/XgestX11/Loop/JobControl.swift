import Glibc

/// Stopping the process the way Ctrl-Z asked, once the daemon has let go of what a stopped
/// process must not hold.
public enum JobControl {
    /// Stops the process with the SIGTSTP the ``SignalWatcher`` took (it is blocked in every
    /// thread): raised on this thread with the signal unblocked here only, so the watcher's
    /// thread does not take it again. Returns once the process is continued (SIGCONT), or at
    /// once where the kernel discards it (a process group no terminal controls, where a
    /// stop could not be undone from the shell).
    public static func stopAsAsked() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}
