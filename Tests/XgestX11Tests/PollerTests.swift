import Foundation
import Testing
import XgestSystem

@testable import XgestX11

/// The daemon's only wait: a signal must not restart its timeout (the engine's next timer).
@Suite struct PollerTests {
    @Test func signalsDoNotPutOffTheTimeout() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        // A handler that does nothing, so that the signal interrupts poll() (EINTR).
        let previous = signal(SIGUSR2) { _ in }
        defer { signal(SIGUSR2, previous) }
        // Test threads may block signals (libdispatch's workers do): unblock it here.
        var unblock = sigset_t()
        var before = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGUSR2)
        #expect(pthread_sigmask(SIG_UNBLOCK, &unblock, &before) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        let waiter = pthread_self()
        let stop = Atomic(false)
        // A signal every 20 ms for up to 2 s: restarting a 200 ms timeout each time would
        // wait until they stop.
        let sender = Thread {
            for _ in 0..<100 where !stop.value {
                pthread_kill(waiter, SIGUSR2)
                usleep(20_000)
            }
        }
        sender.start()
        let start = MonotonicDeadline.now()
        let ready = Poller.wait([fds[0]], timeoutMilliseconds: 200)
        let elapsedMs = (MonotonicDeadline.now() - start) / 1_000_000
        stop.value = true
        #expect(ready.isEmpty)
        #expect(elapsedMs >= 200)
        #expect(elapsedMs < 1_000, "poll() waited \(elapsedMs) ms for a 200 ms timeout")
        // Let the sender finish before the handler is taken away.
        while !sender.isFinished { usleep(5_000) }
    }
}

/// A flag two threads share.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool
    init(_ value: Bool) { stored = value }
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
