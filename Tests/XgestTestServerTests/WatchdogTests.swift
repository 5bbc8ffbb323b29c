import Testing

@testable import XgestTestServer

@Suite struct WatchdogTests {
    @Test func guardedProcessIsTerminatedWhenTheOwnerGoesAway() throws {
        let guarded = try ChildProcess(path: "/bin/sleep", arguments: ["sleep", "60"])
        let watchdog = try Watchdog(guarding: guarded.pid)
        #expect(!guarded.hasExited)
        watchdog.closePipeAsIfOwnerDied()
        // Event-driven wait (pidfd); the shell reacts to end-of-file at once.
        #expect(guarded.wait(milliseconds: 5_000))
        #expect(guarded.statusDescription == "killed by signal 15")
        watchdog.disarm()
    }

    @Test func disarmedWatchdogLeavesTheProcessAlone() throws {
        let guarded = try ChildProcess(path: "/bin/sleep", arguments: ["sleep", "60"])
        let watchdog = try Watchdog(guarding: guarded.pid)
        // disarm kills and reaps the shell before closing the pipe, so the shell can no
        // longer signal anything once it returns.
        watchdog.disarm()
        #expect(!guarded.hasExited)
        #expect(guarded.terminate(graceMilliseconds: 2_000))
        #expect(guarded.statusDescription == "killed by signal 15")
    }
}
