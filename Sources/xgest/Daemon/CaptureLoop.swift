import Glibc
import XgestX11

/// The daemon's loop: wait for X input or a signal, hand every captured event to
/// `handle`, and stop on SIGINT or SIGTERM. It blocks in poll() with no timeout, so an
/// idle xgest does no work at all.
struct CaptureLoop {
    let source: X11InputSource
    let signals: SignalWatcher

    init(source: X11InputSource) throws(CLIError) {
        self.source = source
        guard let watcher = SignalWatcher([SIGINT, SIGTERM, SIGHUP]) else {
            throw CLIError("cannot watch signals: \(String(cString: strerror(errno)))")
        }
        signals = watcher
    }

    /// Returns the signal that stopped the loop.
    func run(_ handle: (CapturedEvent) -> Void, onHangup: () -> Void = {}) -> Int32 {
        let fds = [source.display.fileDescriptor, signals.fileDescriptor]
        while true {
            // Xlib may already hold events read during an earlier request: drain first.
            source.drain(handle)
            let ready = Poller.wait(fds, timeoutMilliseconds: nil)
            if ready.contains(1) {
                for s in signals.take() {
                    if s == SIGHUP {
                        onHangup()
                    } else {
                        // Events already sent before the signal still belong to the run.
                        source.drain(handle)
                        return s
                    }
                }
            }
        }
    }
}
