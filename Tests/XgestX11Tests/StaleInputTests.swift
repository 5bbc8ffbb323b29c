import Foundation
import Glibc
import Testing
import XgestDaemon
import XgestTestServer

/// A daemon stopped with SIGSTOP (which it cannot catch: its grabs stay) holds the touches
/// made meanwhile, and reads them when continued. Every gesture among them ran its action
/// then, however old: a `key` action typed into whatever had the focus by that time.
@Suite struct StaleInputTests {
    static let config = """
        [[gesture]]
        name = "tap-f6"
        kind = "tap"
        device = "touchscreen"
        action = "key F6"
        """

    @Test func aTapMadeWhileTheDaemonWasStoppedDoesNotActWhenItIsContinued() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Stopped")
        try window.focus()
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        #expect(SuspensionTests.waitUntilStopped(pid), "the daemon did not stop")
        // One tap: its touch drives the pointer, whose events the server holds until xgest
        // decides, and plays later with the time they are played at.
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 500, y: 400)
        try ts.sync()
        try ts.end(id: 1, x: 500, y: 400)
        try ts.sync()
        // The tap grows older than the bound while the daemon stays stopped.
        Self.waitMilliseconds(Int(DaemonCore.staleGestureMilliseconds) + 200)
        kill(pid, SIGCONT)
        #expect(
            s.daemon.waitForLine(containing: "s ago (xgest was stopped or fell behind): the actions of gestures")
                != nil,
            "\(s.daemon.stderrLines)")

        // A tap made now acts, and is the only one that did.
        try ts.begin(id: 2, x: 500, y: 400)
        try ts.sync()
        try ts.end(id: 2, x: 500, y: 400)
        try ts.sync()
        #expect(
            s.daemon.waitForLine(containing: "1 action not run: their gestures were more than 2 s old") != nil,
            "\(s.daemon.stderrLines)")
        #expect(s.daemon.waitForLine(containing: "tap-f6: key F6 to the focused window -> done") != nil)
        let f6 = s.keycode("F6")
        let keys = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f6 } }.keys
        #expect(keys.filter { $0.isPress && $0.keycode == f6 }.count == 1)
        let actions = s.daemon.stderrLines.filter { $0.contains("tap-f6: key F6") }
        #expect(actions.filter { $0.contains("-> skipped: not run: its gesture was made") }.count == 1, "\(actions)")
        #expect(actions.filter { $0.hasSuffix("-> done") || $0.contains("-> done;") }.count == 1, "\(actions)")
    }

    /// Waits on the monotonic clock, the one the X server stamps input with: the input
    /// already made ages meanwhile. Nothing is awaited from the server.
    static func waitMilliseconds(_ ms: Int) {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        let end = ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000 + ms
        repeat {
            usleep(10_000)
            clock_gettime(CLOCK_MONOTONIC, &ts)
        } while ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000 < end
    }
}
