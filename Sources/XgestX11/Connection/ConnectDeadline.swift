import CXgest
import Glibc
import Synchronization
import XgestCore
import XgestSystem

/// A bound on the time XOpenDisplay may take. The server answers a connection's setup at
/// once when it runs; one that accepts the connection and never answers (a server still
/// starting or hung, an SSH tunnel whose far end is gone) would hold `run`, `devices` and
/// `record` in the setup for ever, saying nothing.
///
/// After ``noticeSeconds`` one line says the server has not answered yet; after
/// ``seconds`` (``atSessionStartSeconds`` under `run --autostart`) another says it did not,
/// and the process exits with ``XServerLoss/exitCode``, as when a running server goes.
public enum ConnectDeadline {
    /// How long a connection may wait before the line that says the server has not answered.
    public static let noticeSeconds = 2
    /// The bound by hand (`run`, `devices`, `record`): a local server answers within
    /// milliseconds, a remote one within a few round trips.
    public static let seconds = 10
    /// The bound under `run --autostart`: at login a display manager may start the session
    /// while the server is still busy (modesetting, a loaded machine) and answers late.
    public static let atSessionStartSeconds = 60

    /// The bound in effect: set once at start-up, before any display is opened.
    nonisolated(unsafe) public static var current = seconds

    /// The line said at ``noticeSeconds``.
    static func notice(_ display: String) -> String {
        "xgest: the X server \(DisplayText.escaped(display)) has not answered the connection yet; waiting up to"
            + " \(current) s"
    }

    /// The line said when the bound has passed, before the exit.
    static func givenUp(_ display: String) -> String {
        "xgest: the X server \(DisplayText.escaped(display)) did not answer the connection within \(current) s"
            + " (it accepts connections but does not answer them: still starting, hung or stopped)"
    }

    /// Watches one XOpenDisplay from a thread of its own; ``Watch/finish()`` when it returns.
    /// Without a thread (none can be made), the open goes on unbounded, as before.
    static func watch(_ display: String) -> Watch {
        let watch = Watch(display: display, seconds: current)
        var thread = pthread_t()
        let retained = Unmanaged.passRetained(watch).toOpaque()
        // The thread takes no signal: it is made before the daemon's SignalWatcher blocks
        // the ones it takes, and outlives the open by up to a step, where a SIGTERM or
        // SIGUSR1 sent then was delivered to it with its default action, ending the daemon
        // with nothing let go. It inherits the mask it is made with.
        var every = sigset_t()
        var before = sigset_t()
        sigfillset(&every)
        pthread_sigmask(SIG_BLOCK, &every, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        if pthread_create(&thread, nil, expire, retained) == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Watch>.fromOpaque(retained).release()
        }
        return watch
    }

    final class Watch: Sendable {
        let display: String
        let seconds: Int
        fileprivate let finished = Atomic<Bool>(false)

        init(display: String, seconds: Int) {
            self.display = display
            self.seconds = seconds
        }

        /// The open returned: the thread says nothing more and ends.
        func finish() { finished.store(true, ordering: .releasing) }
    }
}

/// How often the watching thread looks whether the open has returned, in milliseconds.
private let watchStepMilliseconds = 50

private let expire: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
    guard let raw else { return nil }
    let watch = Unmanaged<ConnectDeadline.Watch>.fromOpaque(raw).takeRetainedValue()
    let steps = { (seconds: Int) in seconds * 1000 / watchStepMilliseconds }
    var step = 0
    while !watch.finished.load(ordering: .acquiring) {
        if step == steps(ConnectDeadline.noticeSeconds) {
            writeStandardError(ConnectDeadline.notice(watch.display) + "\n", priority: .warning)
        }
        if step == steps(watch.seconds) {
            writeStandardError(ConnectDeadline.givenUp(watch.display) + "\n", priority: .error)
            _exit(XServerLoss.exitCode)
        }
        var pause = timespec(tv_sec: 0, tv_nsec: watchStepMilliseconds * 1_000_000)
        var remaining = timespec()
        while nanosleep(&pause, &remaining) != 0 && errno == EINTR { pause = remaining }
        step += 1
    }
    return nil
}
