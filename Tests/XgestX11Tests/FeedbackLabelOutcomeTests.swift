import Foundation
import Glibc
import Testing
import XgestCore
import XgestDaemon
import XgestTestServer

/// The label of `xgest run` on the real server says what came of the action: the
/// binding's name put up at the recognition stood for an action that failed, or that was
/// never run because its gesture was read too late.
@Suite struct FeedbackLabelOutcomeTests {
    @Test func aStrokeWhoseActionFailedIsLabelledFailed() throws {
        let config = """
            [[gesture]]
            name = "check-missing"
            kind = "stroke"
            device = "pointer"
            shape = "check"
            button = 3
            action = "exec /nonexistent/xgest-test-program"
            """
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try s.server.drawWithPointer(Drawn.check())
        #expect(
            s.daemon.waitForLine(containing: "no such file: /nonexistent/xgest-test-program") != nil,
            "\(s.daemon.stderrLines.suffix(10))")
        #expect(
            s.daemon.waitForLine(containing: "feedback label: failed: check-missing") != nil,
            "\(s.daemon.stderrLines.suffix(10))")
        #expect(!s.daemon.stderrLines.contains { $0.hasSuffix("feedback label: check-missing") })
        _ = try window.receivedEvents()
    }

    @Test func aTapReadTooLateIsLabelledNotRun() throws {
        let config = """
            [feedback]
            gestures = true

            \(StaleInputTests.config)
            """
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Stopped")
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        #expect(SuspensionTests.waitUntilStopped(pid), "the daemon did not stop")
        try tap(s.server, x: 500, y: 400)
        StaleInputTests.waitMilliseconds(Int(DaemonCore.staleGestureMilliseconds) + 200)
        kill(pid, SIGCONT)
        #expect(
            s.daemon.waitForLine(containing: "feedback label: not run: tap-f6") != nil,
            "\(s.daemon.stderrLines.suffix(10))")
        #expect(!s.daemon.stderrLines.contains { $0.hasSuffix("feedback label: tap-f6") })
        // A tap made now acts, and is labelled with its name.
        try tap(s.server, x: 600, y: 400)
        #expect(s.daemon.waitForLine(containing: "tap-f6: key F6 to the focused window -> done") != nil)
        #expect(s.daemon.waitForLine(containing: "feedback label: tap-f6") != nil)
        _ = try window.receivedEvents()
    }
}
