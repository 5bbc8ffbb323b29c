import CXgest
import Glibc

/// A signal this process sent the signal thread itself, for a handler installed for it:
/// run there, not taken for a stop.
///
/// The Swift runtime's crash handler (the backtracer's, active in debug builds and in any
/// build that finds `swift-backtrace`) pauses every other thread with `tgkill` of SIGUSR1,
/// SIGUSR2 or SIGPROF, whichever the thread's mask in /proc shows unblocked, having
/// installed a handler that waits until the backtrace is written. The signal thread blocks
/// them all, but while it waits in `sigwaitinfo` the kernel shows the waited ones
/// unblocked: it got SIGUSR1 and took the crash for a stop, and 3 s later
/// (``SignalWatcher/StopDeadline``) exited 69 blaming the X server, with no backtrace
/// and with the status the unit counts as a clean stop (so no restart let go of the keys
/// a `key-down` held). A SIGUSR1 from another process (`kill -USR1`) is `SI_USER`, and
/// still stops the daemon.
enum HandlerSignal {
    /// Whether `signal`, as the kernel described it in `info` (`xgest_sigtimedwait`: glibc's
    /// `sigwaitinfo` reports SI_TKILL as SI_USER), was sent to this thread by its own
    /// process (`tgkill`) while a handler is installed for it.
    static func isForAHandler(_ signal: Int32, _ info: siginfo_t) -> Bool {
        guard info.si_code == SI_TKILL, info._sifields._kill.si_pid == getpid() else { return false }
        var action = sigaction()
        guard sigaction(signal, nil, &action) == 0 else { return false }
        // SIG_DFL is address 0 and SIG_IGN address 1: neither is a handler to run.
        let address = action.__sigaction_handler.sa_handler.map { UInt(bitPattern: unsafeBitCast($0, to: Int.self)) }
        return (address ?? 0) > 1
    }

    /// Runs the handler of `signal` in this thread: sent again to it while blocked, then
    /// unblocked, which delivers it before `pthread_sigmask` returns, then blocked again.
    /// The crash handler's own waits until the backtrace is written, and this thread then
    /// goes back to waiting for signals.
    static func runHandler(_ signal: Int32) {
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signal)
        pthread_kill(pthread_self(), signal)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        pthread_sigmask(SIG_BLOCK, &only, nil)
    }
}
