import Glibc

/// The names of Linux's standard signals, for lines that say which one came ("stopped by
/// signal 10 (SIGUSR1)", "killed by signal 11 (SIGSEGV)"): the number alone sends the
/// reader to signal(7).
public enum SignalName {
    /// `SIGUSR1` for 10, `SIGRTMIN+2` for the third real-time signal the C library leaves to
    /// programs (as `kill -l` names it); nil for a number with no name (one of the real-time
    /// signals the C library keeps for its threads).
    public static func of(_ signal: Int32) -> String? {
        let first = __libc_current_sigrtmin()
        if first...__libc_current_sigrtmax() ~= signal {
            return signal == first ? "SIGRTMIN" : "SIGRTMIN+\(signal - first)"
        }
        return names[signal]
    }

    /// "10 (SIGUSR1)", or the number alone when it has no standard name.
    public static func numbered(_ signal: Int32) -> String {
        of(signal).map { "\(signal) (\($0))" } ?? "\(signal)"
    }

    private static let names: [Int32: String] = [
        SIGHUP: "SIGHUP", SIGINT: "SIGINT", SIGQUIT: "SIGQUIT", SIGILL: "SIGILL", SIGTRAP: "SIGTRAP",
        SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGUSR1: "SIGUSR1",
        SIGSEGV: "SIGSEGV", SIGUSR2: "SIGUSR2", SIGPIPE: "SIGPIPE", SIGALRM: "SIGALRM", SIGTERM: "SIGTERM",
        SIGSTKFLT: "SIGSTKFLT", SIGCHLD: "SIGCHLD", SIGCONT: "SIGCONT", SIGSTOP: "SIGSTOP", SIGTSTP: "SIGTSTP",
        SIGTTIN: "SIGTTIN", SIGTTOU: "SIGTTOU", SIGURG: "SIGURG", SIGXCPU: "SIGXCPU", SIGXFSZ: "SIGXFSZ",
        SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGWINCH: "SIGWINCH", SIGIO: "SIGIO", SIGPWR: "SIGPWR",
        SIGSYS: "SIGSYS",
    ]
}
