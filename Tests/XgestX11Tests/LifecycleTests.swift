import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// The daemon as the session runs it: one per display, a clean stop on signals, a clear
/// exit when the X server goes away, and screen changes followed without a restart.
@Suite struct LifecycleTests {
    /// A 1-finger long press is bound, so a still finger is held (undecided) for a while.
    static let holdingConfig = """
        [[gesture]]
        name = "hold"
        kind = "long-press"
        device = "touchscreen"
        fingers = 1
        action = "key F5"
        """

    @Test func aSecondDaemonOnTheSameDisplaySaysWhoRunsAndAutostartExitsZero() throws {
        let s = try DaemonTests.Session()
        // The same environment as the running daemon, so the same lock file.
        let env = environment(display: s.server.displayName)
        let second = try runXgest(["run", "--config", s.configPath], environment: env)
        #expect(second.status == 1)
        #expect(
            second.err
                == "xgest: already running on \(s.server.displayName) (process \(s.daemon.process.processIdentifier) holds "
                + lockPath(display: s.server.displayName) + ")\n")
        let third = try runXgest(["run", "--autostart", "--config", s.configPath], environment: env)
        #expect(third.status == 0)
        #expect(third.err.contains("already running"))
        // The host "unix" is the same local display: the same lock, not a failed grab later.
        let unix = try runXgest(
            ["run", "--autostart", "--config", s.configPath],
            environment: environment(display: "unix" + s.server.displayName))
        #expect(unix.status == 0)
        #expect(unix.err.contains("already running on unix\(s.server.displayName)"), "\(unix.err)")
        #expect(unix.err.contains(lockPath(display: s.server.displayName)))
        // The lock comes before the config: a broken one does not fail an autostart beside
        // a running daemon.
        let broken = s.configPath + ".broken"
        try "[[gesture]]\nkind = \"tapp\"\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let brokenStart = try runXgest(["run", "--autostart", "--config", broken], environment: env)
        #expect(brokenStart.status == 0, "\(brokenStart.err)")
        #expect(brokenStart.err.contains("already running"), "\(brokenStart.err)")
        // Another lock directory, so another lock: the grab is taken, and the start does not
        // name itself as the daemon holding it.
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-rt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        #expect(chmod(elsewhere.path, 0o700) == 0)
        var otherEnv = env
        otherEnv["XDG_RUNTIME_DIR"] = elsewhere.path
        let other = try runXgest(["run", "--config", s.configPath], environment: otherEnv)
        #expect(other.status == 1)
        #expect(other.err.hasPrefix("xgest: cannot capture input on \(s.server.displayName): "), "\(other.err)")
        #expect(!other.err.contains("xgest run is running on it"), "\(other.err)")
        #expect(s.daemon.process.isRunning)
    }

    /// Where the daemon keeps its lock for `display` in this test's environment.
    /// The local server spelled over TCP (`localhost:N`, `127.0.0.1:N`) is the server of
    /// `:N`: one lock, and a second start names the daemon running, not a grab held by
    /// some other program (and an autostart exits 0).
    @Test func theLocalServerOverTCPSharesTheLockOfItsLocalName() throws {
        var options = XorgServer.Options()
        options.extraArguments = ["-listen", "tcp"]
        let s = try DaemonTests.Session(serverOptions: options)
        for host in ["localhost", "127.0.0.1"] {
            let name = host + s.server.displayName
            let env = environment(display: name)
            let second = try runXgest(["run", "--config", s.configPath], environment: env)
            #expect(second.status == 1)
            #expect(
                second.err
                    == "xgest: already running on \(name) (process \(s.daemon.process.processIdentifier) holds "
                    + lockPath(display: s.server.displayName) + ")\n")
            let autostart = try runXgest(["run", "--autostart", "--config", s.configPath], environment: env)
            #expect(autostart.status == 0, "\(autostart.err)")
        }
        #expect(s.daemon.process.isRunning)
    }

    /// Xlib reads the display number with strtoul into an int: ":0N" and N plus 2^32 open
    /// the server of ":N". Both are its lock too: a second daemon ran under either spelling.
    @Test func aDisplayNumberSpelledOtherwiseSharesTheLock() throws {
        let s = try DaemonTests.Session()
        let number = try #require(UInt64(s.server.displayName.dropFirst()))
        for name in [":0\(number)", ":\(number + (1 << 32))", ":\(number).00"] {
            let second = try runXgest(["run", "--config", s.configPath], environment: environment(display: name))
            #expect(second.status == 1)
            #expect(
                second.err
                    == "xgest: already running on \(name) (process \(s.daemon.process.processIdentifier) holds "
                    + lockPath(display: s.server.displayName) + ")\n")
        }
        #expect(s.daemon.process.isRunning)
    }

    func lockPath(display: String) -> String {
        let safe = display.replacingOccurrences(of: ":", with: "_")
        let env = ProcessInfo.processInfo.environment
        if let runtime = env["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return "\(runtime)/xgest-\(safe).lock"
        }
        let base = env["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        return "\(base)/xgest-\(getuid())/xgest-\(safe).lock"
    }

    @Test func sigtermDuringAHeldTouchHandsItBackAndLeavesNoKeyDown() throws {
        let s = try DaemonTests.Session(config: Self.holdingConfig)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "Held")
        try s.server.touchscreen.begin(id: 1, x: 100, y: 100)
        try s.server.touchscreen.sync()
        #expect(s.daemon.waitForLine(containing: "touch-begin") != nil)
        #expect(try window.receivedEvents().touches.isEmpty, "the touch should be held while undecided")
        let started = Date()
        #expect(s.daemon.stop(signal: SIGTERM) == 0)
        let took = Date().timeIntervalSince(started)
        print("xgest exited \(Int(took * 1000)) ms after SIGTERM")
        // Handed back: the application now has the touch, and the rest of it live.
        #expect(try window.collectEvents { !$0.touches.isEmpty }.touches.map(\.phase) == [.begin])
        try s.server.touchscreen.end(id: 1, x: 100, y: 100)
        try s.server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.map(\.phase) == [.end])
        // No key is down anywhere.
        guard let d = XOpenDisplay(s.server.displayName) else {
            Issue.record("cannot open the display")
            return
        }
        defer { XCloseDisplay(d) }
        var keys = [CChar](repeating: 0, count: 32)
        XQueryKeymap(d, &keys)
        #expect(keys.allSatisfy { $0 == 0 })
        // Nothing pending: a new touch goes straight to the application.
        try s.server.touchscreen.begin(id: 2, x: 200, y: 200)
        try s.server.touchscreen.end(id: 2, x: 200, y: 200)
        try s.server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.map(\.phase) == [.begin, .end])
    }

    /// SIGTERM in the middle of a pointer stroke: the application never had the press, and
    /// the stop waits for the button to be let go of and takes its release too, so it gets
    /// nothing of the stroke; a click afterwards is the application's.
    @Test func sigtermInTheMiddleOfAStrokeTakesItsReleaseToo() throws {
        let config = """
            [[gesture]]
            name = "check-f5"
            kind = "stroke"
            device = "pointer"
            shape = "check"
            button = 3
            action = "key F5"
            """
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "Stroked")
        try s.server.drawWithPointer(Drawn.check(from: Point(x: 200, y: 300)), release: false)
        #expect(s.daemon.waitForLine(containing: "motion         dev ") != nil)
        kill(s.daemon.process.processIdentifier, SIGTERM)
        #expect(s.daemon.waitForLine(containing: "stopping in the middle of a stroke") != nil)
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        s.daemon.process.waitUntilExit()
        #expect(s.daemon.process.terminationStatus == 0)
        try s.server.pointer.click(button: 1, x: 300, y: 300)
        try s.server.pointer.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [1, 1], "\(buttons)")
    }

    /// Ctrl-\ (SIGQUIT) stops the daemon as SIGINT does, the touch it held handed back.
    /// Swift's runtime took it for a crash: a backtrace, a 30 s prompt on a terminal, and
    /// then the daemon went on (with no terminal, it went on at once).
    @Test func sigquitStopsTheDaemonCleanly() throws {
        let s = try DaemonTests.Session(config: Self.holdingConfig)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "Held")
        try s.server.touchscreen.begin(id: 1, x: 100, y: 100)
        try s.server.touchscreen.sync()
        #expect(s.daemon.waitForLine(containing: "touch-begin") != nil)
        #expect(s.daemon.stop(signal: SIGQUIT, timeoutSeconds: 10) == 0)
        #expect(
            s.daemon.stderrLines.contains { $0.hasSuffix("stopped by signal 3 (SIGQUIT); every touch handed back") },
            "\(s.daemon.stderrLines)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("crashed") })
        #expect(try window.collectEvents { !$0.touches.isEmpty }.touches.map(\.phase) == [.begin])
    }

    /// An error in the journal: the daemon started by hand lost its server.
    @Test func losingTheXServerExitsWithItsOwnCodeAndOneLine() throws {
        let s = try DaemonTests.Session(standardErrorIsTheJournal: true)
        s.server.stop()
        s.daemon.process.waitUntilExit()
        #expect(s.daemon.process.terminationStatus == 69)
        let line = s.daemon.waitForLine(containing: "lost the connection to the X server")
        #expect(line == Self.lostLine("<3>", s.server.displayName), "\(s.daemon.stderrLines)")
    }

    /// Started by the session (`--autostart`), the server going away is the session's end:
    /// exit 0, where 69 had systemd's autostart units marked failed at every logout; and its
    /// line is info, where an error showed in `journalctl -p warning` at every logout.
    @Test func losingTheXServerUnderAutostartExitsZero() throws {
        let s = try DaemonTests.Session(runOptions: ["--autostart"], standardErrorIsTheJournal: true)
        s.server.stop()
        s.daemon.process.waitUntilExit()
        #expect(s.daemon.process.terminationStatus == 0)
        let line = s.daemon.waitForLine(containing: "lost the connection to the X server")
        #expect(line == Self.lostLine("<6>", s.server.displayName), "\(s.daemon.stderrLines)")
    }

    static func lostLine(_ priority: String, _ display: String) -> String {
        priority + "xgest: lost the connection to the X server \(display) (it stopped or restarted, or the connection"
            + " was cut)"
    }

    /// A stop waits on the X server (touches handed back, a last sync): with the server
    /// stopped, SIGTERM left the daemon waiting for good, and the session with it.
    @Test func aStopWithTheXServerStoppedEndsAtTheDeadlineWithOneLine() throws {
        let s = try DaemonTests.Session()
        kill(s.server.processID, SIGSTOP)
        defer { kill(s.server.processID, SIGCONT) }
        kill(s.daemon.process.processIdentifier, SIGTERM)
        let line = s.daemon.waitForLine(containing: "did not answer", timeoutSeconds: 30)
        #expect(
            line == "xgest: the X server did not answer within 3 s of the stop: exiting without it (its grabs end"
                + " with the connection; a key or button an action held down may stay down until pressed and let go"
                + " again, or until xgest starts again and releases it)")
        // Let go only now: a daemon still waiting then ends as usual, and the test with it.
        kill(s.server.processID, SIGCONT)
        s.daemon.process.waitUntilExit()
        #expect(s.daemon.process.terminationStatus == 69)
    }

    /// A config of one three-finger tap in a directory of its own, for a daemon the test
    /// starts itself; the caller removes the directory.
    static func threeFingerTapConfig(_ name: String) throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("xgest.toml").path
        try """
        [[gesture]]
        kind = "tap"
        device = "touchscreen"
        fingers = 3
        action = "key F5"
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    /// Standard error that nobody reads (a terminal stopped with Ctrl-S, a logger that
    /// stopped reading) fills; a line written there blocked the loop, and every touch xgest
    /// held after that stayed held. Now the lines past what is queued are left out and
    /// counted, and the count is said once the reader is back.
    @Test func standardErrorThatNobodyReadsHoldsNoTouchUp() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (directory, config) = try Self.threeFingerTapConfig("unread")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (daemon, pipe, started) = try startDaemonReadingUpToCapture(config: config, display: server.displayName)
        defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
        // Read up to the start, then no more.
        #expect(started.contains("capturing on"), "\(started)")
        // One-finger taps on the desktop, each a few lines of trace: far more than the pipe
        // (64 KiB) and the queue (256 KiB) hold.
        let ts = server.touchscreen
        for _ in 0..<1_500 {
            try ts.begin(id: 1, x: 1500, y: 900)
            try ts.end(id: 1, x: 1500, y: 900)
            try ts.sync()
        }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 600, className: "Unread")
        try ts.begin(id: 2, x: 100, y: 100)
        try ts.end(id: 2, x: 100, y: 100)
        try ts.sync()
        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])

        // The reader back: what was queued, then how many lines were left out.
        let lines = LineQueue()
        lines.follow(pipe.fileHandleForReading)
        let note = lines.wait(for: "of output left out: the output was not being read", timeoutSeconds: 10)
        #expect(note?.hasPrefix("xgest: ") == true, "\(note ?? "none")")
        kill(daemon.processIdentifier, SIGTERM)
        daemon.waitUntilExit()
        #expect(daemon.terminationStatus == 0)
    }

    /// Standard error full before the daemon starts (a reader that stopped, a pipe an
    /// earlier command filled): the start-up lines of --debug were written to it directly,
    /// after the touch grab was taken, and every touch stayed held from the start on.
    @Test func standardErrorFullFromTheStartHoldsNoTouchUp() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let (directory, config) = try Self.threeFingerTapConfig("full")
        defer { try? FileManager.default.removeItem(at: directory) }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 600, className: "Full")
        // The daemon's probe window for the screen lock, created after the touch grab, tells
        // when the grab is held; the test's own window is there before the watch starts.
        let watch = try ScreenWatch(server: server)
        let pipe = Pipe()
        try fillPipe(pipe.fileHandleForWriting.fileDescriptor)
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: xgestExecutable())
        daemon.arguments = ["run", "--debug", "--config", config]
        daemon.environment = environment(display: server.displayName)
        daemon.standardError = pipe
        daemon.standardOutput = FileHandle.nullDevice
        try daemon.runWithNoSignalBlocked()
        defer {
            kill(daemon.processIdentifier, SIGKILL)
            daemon.waitUntilExit()
        }
        #expect(watch.wait { !$0.created.isEmpty }, "the daemon did not take the touch grab")

        try server.touchscreen.begin(id: 1, x: 100, y: 100)
        try server.touchscreen.end(id: 1, x: 100, y: 100)
        try server.touchscreen.sync()
        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])
    }

    /// Without --debug a failed action gets one line on standard error, which named the
    /// action twice ("xgest: t: window close: window close: no EWMH window manager is
    /// running"): the reason starts with it.
    @Test func withoutDebugAFailedActionIsNamedOnce() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-failed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("xgest.toml").path
        try """
        [[gesture]]
        name = "t"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "window close"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let window = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 600, className: "Plain")
        defer { window.close() }
        // No trace says when the grab is taken: the probe window created after it does.
        let watch = try ScreenWatch(server: server)
        let daemon = try XgestProcess(["run", "--config", config], display: server.displayName)
        defer { _ = daemon.stop(signal: SIGTERM) }
        #expect(watch.wait { !$0.created.isEmpty }, "the daemon did not take the touch grab")
        let ts = server.touchscreen
        try ts.begin(id: 1, x: 200, y: 300)
        try ts.begin(id: 2, x: 260, y: 300)
        try ts.sync()
        try ts.end(id: 1, x: 200, y: 300)
        try ts.end(id: 2, x: 260, y: 300)
        try ts.sync()
        #expect(
            daemon.waitForLine(containing: "no EWMH window manager")
                == "xgest: t: window close: no EWMH window manager is running")
    }

    /// A bound command that fails (a status other than 0) or is killed by a signal was said
    /// only under --debug: a script that broke went unnoticed in the journal. Without it,
    /// each run that fails gets one warning naming the binding, the command and its end.
    @Test func withoutDebugAFailingCommandIsSaidOncePerRun() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-failing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("xgest.toml").path
        try """
        [[gesture]]
        name = "fails"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "exec sh -c 'exit 3'"

        [[gesture]]
        name = "crashes"
        kind = "tap"
        device = "touchscreen"
        fingers = 3
        action = "exec sh -c 'kill -SEGV $$'"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let watch = try ScreenWatch(server: server)
        let daemon = try XgestProcess(
            ["run", "--config", config], display: server.displayName, standardErrorIsTheJournal: true)
        defer { _ = daemon.stop(signal: SIGTERM) }
        #expect(watch.wait { !$0.created.isEmpty }, "the daemon did not take the touch grab")
        let ts = server.touchscreen
        for fingers in [2, 2, 3] {
            for id in 1...fingers { try ts.begin(id: UInt32(id), x: 200 + 60 * Double(id), y: 300) }
            try ts.sync()
            for id in 1...fingers { try ts.end(id: UInt32(id), x: 200 + 60 * Double(id), y: 300) }
            try ts.sync()
        }
        let exited = "<4>xgest: fails: exec sh -c 'exit 3': exited with status 3"
        let killed = "<4>xgest: crashes: exec sh -c 'kill -SEGV $$': killed by signal 11 (SIGSEGV)"
        #expect(
            daemon.waitForLines { $0.filter { $0 == exited }.count == 2 && $0.contains(killed) },
            "\(daemon.stderrLines)")
        #expect(daemon.stderrLines.filter { $0 == exited }.count == 2)
    }

    /// Writes to the pipe until it takes no more, leaving it blocking as a child inherits it.
    private func fillPipe(_ fd: Int32) throws {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(fd, F_SETFL, flags) }
        let chunk = [UInt8](repeating: 0x2E, count: 4096)
        while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        guard errno == EAGAIN else { throw DaemonTestError("cannot fill the pipe: errno \(errno)") }
    }

    @Test func aScreenSizeChangeIsFollowedWithoutARestart() throws {
        let s = try DaemonTests.Session()
        let xrandr = Process()
        xrandr.executableURL = URL(fileURLWithPath: "/usr/bin/xrandr")
        xrandr.arguments = ["--fb", "2560x1440"]
        xrandr.environment = environment(display: s.server.displayName)
        try xrandr.run()
        xrandr.waitUntilExit()
        #expect(xrandr.terminationStatus == 0)
        #expect(s.daemon.waitForLine(containing: "screen changed to 2560x1440") != nil)
    }
}
