import Foundation
import Glibc
import Testing
import XgestCore
import XgestTestServer

/// Ctrl-Z in the daemon's terminal (SIGTSTP), as after `make run` or `xgest run --debug`:
/// a stopped process cannot answer a grab, so the daemon lets go of every grab before it
/// stops and takes them again when continued. Stopped with its grabs, it froze the whole
/// pointer at the next press of the stroke button and held every touch undecided.
@Suite struct SuspensionTests {
    static let config = """
        [[gesture]]
        name = "check-f5"
        kind = "stroke"
        device = "pointer"
        shape = "check"
        button = 3
        action = "key F5"

        [[gesture]]
        name = "tap-f6"
        kind = "tap"
        device = "touchscreen"
        action = "key F6"
        """

    @Test func aSuspendedDaemonHoldsNoGrabAndTakesThemAgainWhenContinued() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Suspended")
        try window.focus()
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGTSTP)
        #expect(s.daemon.waitForLine(containing: "suspended (SIGTSTP)") != nil)
        #expect(Self.waitUntilStopped(pid), "the daemon did not stop")

        // The stroke button's click reaches the window at once, with the daemon stopped.
        try s.server.pointer.click(button: 3, x: 300, y: 200)
        try s.server.pointer.sync()
        let click = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(click.map(\.button) == [3, 3])
        #expect(click.map(\.isPress) == [true, false])
        // And a tap a binding would take: the window has the whole touch.
        let touches = try s.tap(x: 500, y: 400, reaching: window)
        #expect(touches.map(\.phase) == [.begin, .end])

        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "continued: grabs taken again") != nil)
        // The grabs are back: a check fires its binding, and the window sees none of it.
        try s.server.drawWithPointer(Drawn.check())
        #expect(s.daemon.waitForLine(containing: "action         check-f5") != nil)
        let f5 = s.keycode("F5")
        let afterCheck = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f5 } }
        #expect(afterCheck.buttons.isEmpty, "the stroke's button events reached the application")
    }

    /// A finger already down when the daemon is suspended is handed back: the window gets
    /// the whole touch, its begin replayed and the rest as it comes.
    @Test func aTouchInFlightIsHandedBackAtTheSuspension() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Suspended")
        let ts = s.server.touchscreen
        try ts.begin(id: 7, x: 400, y: 300)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "touch-begin") != nil)
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGTSTP)
        #expect(Self.waitUntilStopped(pid), "the daemon did not stop")
        try ts.update(id: 7, x: 420, y: 300)
        try ts.end(id: 7, x: 420, y: 300)
        try ts.sync()
        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .update, .end])
        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "continued: grabs taken again") != nil)
    }

    /// `xgest record-stroke` in a terminal, Ctrl-Z'd: its button grab is let go while it is
    /// stopped, and taken again when continued, the recording going on.
    @Test func aSuspendedStrokeRecordingHoldsNoGrab() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1200, height: 900, className: "Suspended")
        let recorder = try XgestProcess(
            ["record-stroke", "zed", "--samples", "1"], display: server.displayName,
            extraEnvironment: ["XDG_CONFIG_HOME": home.path], readsStandardOutput: true)
        #expect(recorder.waitForLine(containing: "draw the shape") != nil, "\(recorder.stderrLines)")
        let pid = recorder.process.processIdentifier
        kill(pid, SIGTSTP)
        #expect(Self.waitUntilStopped(pid), "record-stroke did not stop")
        try server.pointer.click(button: 3, x: 300, y: 200)
        try server.pointer.sync()
        let click = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(click.map(\.button) == [3, 3])

        kill(pid, SIGCONT)
        #expect(recorder.waitForLine(containing: "continued: draw the shape 1 more time") != nil)
        // Continued: the drawing is the recording's again, and the window sees none of it.
        try server.drawWithPointer(Drawn.zed(from: Point(x: 300, y: 300)))
        #expect(recorder.waitForLine(containing: "wrote ") != nil, "\(recorder.stderrLines)")
        #expect(try window.receivedEvents().buttons.isEmpty)
        #expect(recorder.stop(signal: SIGTERM) == 0)
    }

    /// Whether `pid` is stopped (state T in /proc) within five seconds. A process's state
    /// has no event to wait on; it is read every 2 ms.
    static func waitUntilStopped(_ pid: pid_t) -> Bool {
        for _ in 0..<2_500 {
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            {
                let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
                if state == "T" { return true }
            }
            usleep(2_000)
        }
        return false
    }
}
