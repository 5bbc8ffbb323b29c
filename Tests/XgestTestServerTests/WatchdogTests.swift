import Foundation
import Testing

@testable import XgestTestServer

@Suite struct WatchdogTests {
    @Test func guardedProcessIsTerminatedWhenTheOwnerGoesAway() throws {
        let directory = NSTemporaryDirectory() + "xgest-watchdog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/sock", withIntermediateDirectories: true)
        let guarded = try ChildProcess(path: "/bin/sleep", arguments: ["sleep", "60"])
        let watchdog = try Watchdog(guarding: guarded.pid, removing: directory)
        #expect(!guarded.hasExited)
        watchdog.closePipeAsIfOwnerDied()
        // Event-driven wait (pidfd); the shell reacts to end-of-file at once.
        #expect(guarded.wait(milliseconds: 5_000))
        #expect(guarded.statusDescription == "killed by signal 15")
        // The shell removes the directory right after the kill, then exits.
        #expect(watchdog.waitForShellExit(milliseconds: 5_000))
        #expect(!FileManager.default.fileExists(atPath: directory))
        watchdog.disarm()
    }

    @Test func disarmedWatchdogLeavesTheProcessAlone() throws {
        let directory = NSTemporaryDirectory() + "xgest-watchdog-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let guarded = try ChildProcess(path: "/bin/sleep", arguments: ["sleep", "60"])
        let watchdog = try Watchdog(guarding: guarded.pid, removing: directory)
        // disarm kills and reaps the shell before closing the pipe, so the shell can no
        // longer signal anything once it returns.
        watchdog.disarm()
        #expect(!guarded.hasExited)
        #expect(FileManager.default.fileExists(atPath: directory))
        #expect(guarded.terminate(graceMilliseconds: 2_000))
        #expect(guarded.statusDescription == "killed by signal 15")
    }
}
