import CXgest
import Glibc

/// Delivers signals as readable events on a file descriptor (signalfd), so the event
/// loop wakes for them in the same poll() as X input, with no handler running at a
/// random point in Xlib.
public final class SignalWatcher {
    public let fileDescriptor: Int32
    private var mask = sigset_t()

    /// Blocks `signals` for the process and watches them.
    public init?(_ signals: [Int32]) {
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        guard sigprocmask(SIG_BLOCK, &mask, nil) == 0 else { return nil }
        let fd = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { return nil }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// The signals received since the last call.
    public func take() -> [Int32] {
        var result: [Int32] = []
        var info = signalfd_siginfo()
        while read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            result.append(Int32(info.ssi_signo))
        }
        return result
    }
}
