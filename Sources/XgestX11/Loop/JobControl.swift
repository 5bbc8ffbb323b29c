import Glibc
import Synchronization

/// Stopping the process the way Ctrl-Z asked, once the daemon has let go of what a stopped
/// process must not hold.
public enum JobControl {
    /// Stops the process with the SIGTSTP the ``SignalWatcher`` took (it is blocked in every
    /// thread): raised on this thread with the signal unblocked here only, so the watcher's
    /// thread does not take it again. Returns once the process is continued (SIGCONT), or at
    /// once where the kernel discards it (a process group no terminal controls, where a
    /// stop could not be undone from the shell).
    public static func stopAsAsked() {
        // Continued already: letting go of the grabs waited on an X server stopped with
        // this process's group (Ctrl-Z in its terminal), and `fg` continued both before
        // the stop came. Stopping now would be for good, with no SIGCONT left to come.
        guard !continuedSinceTheStopWasAsked.load(ordering: .acquiring), !continueIsPending else { return }
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(SIGTSTP)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Whether a SIGCONT came that the ``SignalWatcher``'s thread has not taken yet: it is
    /// blocked in every thread, so it waits, pending, for that thread, which a loaded
    /// machine may not have run yet when this one is ready to stop. A stop signal discards
    /// pending SIGCONTs, so one pending now came after the SIGTSTP.
    private static var continueIsPending: Bool {
        var pending = sigset_t()
        return sigpending(&pending) == 0 && sigismember(&pending, SIGCONT) == 1
    }

    /// Whether a SIGCONT came after the last SIGTSTP the ``SignalWatcher`` took.
    private static let continuedSinceTheStopWasAsked = Atomic<Bool>(false)

    /// The ``SignalWatcher`` took a SIGTSTP.
    static func stopAsked() { continuedSinceTheStopWasAsked.store(false, ordering: .releasing) }

    /// The ``SignalWatcher`` took a SIGCONT.
    static func continued() { continuedSinceTheStopWasAsked.store(true, ordering: .releasing) }
}
