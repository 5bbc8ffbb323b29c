import CXgest
import Glibc
import Synchronization

/// Stopping the process the way Ctrl-Z asked, once the daemon has let go of what a stopped
/// process must not hold.
public enum JobControl {
    /// Stops the process, as the SIGTSTP the ``SignalWatcher`` took asked, with SIGSTOP:
    /// a SIGTSTP raised again would be discarded by the kernel in a process group no
    /// terminal's shell controls (systemd's unit, XDG autostart, `setsid`: every daemon a
    /// session starts), and the daemon went on with its grabs taken again at once. A
    /// SIGSTOP is never discarded; a shell's Ctrl-Z shows the job stopped all the same.
    /// Returns once the process is continued (SIGCONT).
    public static func stopAsAsked() {
        // Continued already: letting go of the grabs waited on an X server stopped with
        // this process's group (Ctrl-Z in its terminal), and `fg` continued both before
        // the stop came. Stopping now would be for good, with no SIGCONT left to come.
        guard !continuedSinceTheStopWasAsked.load(ordering: .acquiring), !continueIsPending else { return }
        raise(SIGSTOP)
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
