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

    /// A daemon the session started (systemd's unit, XDG autostart, `setsid`) runs in a
    /// process group no shell controls, where the kernel discards a SIGTSTP raised again:
    /// it let go of its grabs, said it was suspended, took them again at once and went on
    /// acting. It stops now, holding no grab, and SIGCONT brings it back.
    @Test func aDaemonInASessionOfItsOwnStopsOnSIGTSTP() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-setsid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("xgest.toml").path
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1200, height: 900, className: "Suspended")
        let launcher = try XgestProcess(
            ["run", "--debug", "--config", config], display: server.displayName,
            launcher: ["/usr/bin/setsid", "--fork", "--wait"])
        #expect(launcher.waitForLine(containing: "capturing on") != nil, "\(launcher.stderrLines)")
        guard let pid = childProcesses(of: launcher.process.processIdentifier).first else {
            Issue.record("no daemon under setsid")
            return
        }
        defer {
            kill(pid, SIGCONT)
            kill(pid, SIGTERM)
            launcher.process.waitUntilExit()
        }
        kill(pid, SIGTSTP)
        #expect(Self.waitUntilStopped(pid), "the daemon did not stop: \(launcher.stderrLines)")
        #expect(!launcher.stderrLines.contains { $0.contains("continued: grabs taken again") })
        // Stopped, it holds no grab: the stroke button's click reaches the window.
        try server.pointer.click(button: 3, x: 300, y: 200)
        try server.pointer.sync()
        let click = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(click.map(\.button) == [3, 3])

        kill(pid, SIGCONT)
        #expect(launcher.waitForLine(containing: "continued: grabs taken again") != nil)
        #expect(Self.processState(pid) != "T")
        try server.drawWithPointer(Drawn.check())
        #expect(launcher.waitForLine(containing: "action         check-f5") != nil)
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

    /// Ctrl-Z with the stroke button held: the press activated the button's grab, which
    /// lasts until the release, and the stopped daemon held the whole pointer until then
    /// (another button's click went to it, not to the window). The grab now ends at the
    /// suspension: the window gets the other clicks and the stroke button's release. (Its
    /// press is not replayed: the button is still down.)
    @Test func aStrokeButtonHeldAtTheSuspensionLeavesThePointerFree() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Suspended")
        let pointer = s.server.pointer
        try pointer.press(button: 3, x: 300, y: 200)
        try pointer.move(x: 320, y: 210)
        try pointer.sync()
        #expect(s.daemon.waitForLine(containing: "button-press") != nil)
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGTSTP)
        #expect(Self.waitUntilStopped(pid), "the daemon did not stop")
        #expect(
            s.daemon.stderrLines.contains {
                $0.hasSuffix("press of button 3 let go: the button is down, the application gets its release")
            })

        try pointer.press(button: 1, x: 340, y: 220)
        try pointer.release(button: 1, x: 340, y: 220)
        try pointer.release(button: 3, x: 360, y: 230)
        try pointer.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 3 }.buttons
        #expect(buttons.map(\.button) == [1, 1, 3])
        #expect(buttons.map(\.isPress) == [true, false, false])
        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "continued: grabs taken again") != nil)
    }

    /// Ctrl-Z with the X server stopped as well (it was in the daemon's process group under
    /// `xgest demo`): letting go of the grabs waits on the server, and `fg` continues both
    /// meanwhile. The daemon stopped after that, for good, with no SIGCONT left to come; it
    /// now goes on.
    @Test func aDaemonContinuedBeforeItCouldStopGoesOn() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let pid = s.daemon.process.processIdentifier
        let xorg = s.server.processID
        defer {
            kill(xorg, SIGCONT)
            kill(pid, SIGCONT)
        }
        kill(xorg, SIGSTOP)
        kill(pid, SIGTSTP)
        #expect(Self.waitUntilTaken(SIGTSTP, by: pid), "the daemon never took the SIGTSTP")
        kill(pid, SIGCONT)
        kill(xorg, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "continued: grabs taken again") != nil, "\(s.daemon.stderrLines)")
        #expect(Self.processState(pid) != "T")
        // The grabs are back: a tap fires its binding.
        try s.server.touchscreen.begin(id: 1, x: 400, y: 300)
        try s.server.touchscreen.sync()
        try s.server.touchscreen.end(id: 1, x: 400, y: 300)
        try s.server.touchscreen.sync()
        #expect(s.daemon.waitForLine(containing: "action         tap-f6") != nil)
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
            if processState(pid) == "T" { return true }
            usleep(2_000)
        }
        return false
    }

    /// The state letter of `pid` in /proc (R, S, T, Z…), nil when it is gone.
    static func processState(_ pid: pid_t) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        return String(stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1))
    }

    /// Whether `signal`, sent to `pid`, was taken (no longer pending for the process) within
    /// five seconds; read in /proc every 2 ms, as ``waitUntilStopped(_:)``.
    static func waitUntilTaken(_ signal: Int32, by pid: pid_t) -> Bool {
        for _ in 0..<2_500 {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("ShdPnd:") }),
                let pending = UInt64(line.dropFirst("ShdPnd:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            else { return false }
            if pending & (1 << UInt64(signal - 1)) == 0 { return true }
            usleep(2_000)
        }
        return false
    }
}
