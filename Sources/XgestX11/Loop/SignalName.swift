import Glibc

/// The names of Linux's standard signals, for lines that say which one came ("stopped by
/// signal 10 (SIGUSR1)", "killed by signal 11 (SIGSEGV)"): the number alone sends the
/// reader to signal(7).
public enum SignalName {
    /// `SIGUSR1` for 10; nil for a number with no standard name (a real-time signal).
    public static func of(_ signal: Int32) -> String? { names[signal] }

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
