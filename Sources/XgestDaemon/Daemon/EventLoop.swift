import Glibc
import SystemPackage
import XgestX11

/// The daemon's only waiting point: X input, signals, exited children and config changes
/// all wake the same poll(); timers set the timeout. With no timer pending it waits
/// forever, so an idle xgest does no work at all.
public struct EventLoop {
    /// What woke the loop.
    public enum Wake {
        case x
        case signal(Int32)
        case readable(Int32)
        case timeout
    }

    public let display: XDisplay
    public let signals: SignalWatcher
    /// Other descriptors to watch (exited children, the config directory).
    public var others: [Int32] = []

    /// The signals that stop the loop as SIGTERM does: every one whose default action ends
    /// the process, but SIGPIPE (ignored, `xgest run`) and SIGKILL. Ended by SIGUSR1 or
    /// SIGALRM, the daemon left the keys a `key-down` held down for the rest of the session
    /// (nothing restarts an autostarted daemon), and the touches it held undecided.
    /// SIGQUIT (Ctrl-\) stops as SIGINT does: its default action would end it so too. So
    /// does every real-time signal the C library leaves to programs (SIGRTMIN to SIGRTMAX):
    /// their default action ends the process as well.
    public static let stopSignals: [Int32] =
        [SIGINT, SIGTERM, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT]
        + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

    /// How long a stop (one of ``stopSignals``) may take. A stop hands touches back and syncs
    /// with the X server, which takes milliseconds, or a round trip or two over SSH; a
    /// server that hangs or was stopped would hold it for good.
    public static let stopDeadlineSeconds = 3

    public init(display: XDisplay) throws(CLIError) {
        self.display = display
        let deadline = SignalWatcher.StopDeadline(
            signals: Set(Self.stopSignals), seconds: Self.stopDeadlineSeconds,
            line: "xgest: the X server did not answer within \(Self.stopDeadlineSeconds) s of the stop: exiting"
                + " without it (its grabs end with the connection; a key or button an action held down may stay"
                + " down until pressed and let go again, or until xgest starts again and releases it)",
            // A server that hangs is no session's normal end, even autostarted: 69.
            exitCode: XServerLoss.unavailableExitCode)
        guard let watcher = SignalWatcher(Self.stopSignals + [SIGHUP, SIGTSTP], stopDeadline: deadline) else {
            throw CLIError("cannot watch signals: \(Errno(rawValue: errno).reason)")
        }
        signals = watcher
    }

    /// Waits once and reports every reason it woke, X input first.
    public func wait(timeoutMilliseconds: Int32?) -> [Wake] {
        let fds = [display.fileDescriptor, signals.fileDescriptor] + others
        let ready = Poller.wait(fds, timeoutMilliseconds: timeoutMilliseconds)
        if ready.isEmpty { return [.timeout] }
        var wakes: [Wake] = []
        for i in ready {
            switch i {
            case 0: wakes.append(.x)
            case 1: wakes += signals.take().map(Wake.signal)
            default: wakes.append(.readable(fds[i]))
            }
        }
        return wakes
    }
}
