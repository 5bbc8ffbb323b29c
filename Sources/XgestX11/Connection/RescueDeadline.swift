import CXgest
import Glibc
import XgestSystem

/// A bound on the time the I/O error handler spends letting go of what xgest held
/// (``XTestHeldInput/letGo()``) before the process exits.
///
/// The release needs a new connection to the same display. A local server answers or
/// refuses in milliseconds, an SSH-forwarded one within a round trip or two; but a remote
/// display whose host stopped answering, or a server that hangs, would hold the daemon in
/// `connect` or in the connection setup until TCP gives up, minutes later, while the
/// session (systemd, the autostart) waits for it to exit.
enum RescueDeadline {
    static let seconds = 2

    /// The line printed when the deadline passes, before the exit.
    static var line: String {
        "xgest: could not release what xgest held: the X server did not answer a new connection within \(seconds) s\n"
    }

    /// Starts a thread that, `seconds` from now, prints ``line`` and exits with
    /// ``XServerLoss/exitCode``, unless the process has exited by then. Without a thread
    /// (none can be made), the rescue goes on unbounded, as before.
    static func arm() {
        var thread = pthread_t()
        if pthread_create(&thread, nil, expire, nil) == 0 { pthread_detach(thread) }
    }
}

private let expire: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _ in
    var request = timespec(tv_sec: RescueDeadline.seconds, tv_nsec: 0)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    writeStandardError(RescueDeadline.line, priority: .error)
    _exit(XServerLoss.exitCode)
}
