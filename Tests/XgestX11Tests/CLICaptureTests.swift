import Foundation
import Testing
import XgestCore
import XgestTestServer

/// Runs the built `xgest` to completion; stdout and stderr are drained concurrently.
func runXgest(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, out: String, err: String)
{
    let p = Process()
    p.executableURL = URL(fileURLWithPath: xgestExecutable())
    p.arguments = arguments
    p.environment = environment
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    try p.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

func environment(display: String?, extra: [String: String] = [:]) -> [String: String] {
    var env = ProcessInfo.processInfo.environment
    for k in ["DISPLAY", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE"] { env.removeValue(forKey: k) }
    if let display { env["DISPLAY"] = display }
    return env.merging(extra) { _, new in new }
}

@Suite struct CLICaptureTests {
    /// A screen the server does not have: the line says so, and how many it has.
    @Test func aScreenTheServerDoesNotHaveIsSaid() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let name = server.displayName + ".1"
        let r = try runXgest(["devices"], environment: environment(display: name))
        #expect(r.status == 1)
        #expect(
            r.err == "xgest: cannot open X display \"\(name)\": the server has no screen 1 (it has one screen, "
                + "\(server.displayName).0)\n")
    }

    /// A server without RANDR: xgest goes on with the root window's size, and Xlib's own
    /// "extension missing" line is not printed.
    @Test func aServerWithoutRandrPrintsNoXlibLine() throws {
        var options = XorgServer.Options()
        options.extraArguments = ["-extension", "RANDR"]
        let server = try XorgServer(options: options)
        defer { server.stop() }
        let r = try runXgest(["devices"], environment: environment(display: server.displayName))
        #expect(r.status == 0)
        #expect(!r.out.contains("Xlib") && !r.err.contains("Xlib"), "\(r.out)\n\(r.err)")
    }

    @Test func devicesListsTheFourTestDevicesWithTheirKinds() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let r = try runXgest(["devices"], environment: environment(display: server.displayName))
        #expect(r.status == 0)
        let lines = r.out.split(separator: "\n").map(String.init)
        for (kind, name) in [
            (InputTestDeviceKind.touchscreen, "touchscreen"), (.touchpad, "touchpad"), (.pointer, "pointer"),
            (.keyboard, "keyboard"),
        ] {
            let line = lines.first { $0.contains(kind.xiName) }
            #expect(
                line?.hasSuffix(name) == true || line?.contains(" \(name) (") == true, "\(kind): \(line ?? "missing")")
        }
        #expect(lines.filter { $0.contains("XTEST") }.allSatisfy { $0.contains("not used") })
    }

    /// X floats a slave it disables: it was listed as "floating", which the user never
    /// made it. With a second master pointer, each slave's master is listed.
    @Test func devicesSaysADisabledDeviceIsDisabledAndEachSlavesMasterWhenThereAreSeveral() throws {
        let server = try XorgServer()
        defer { server.stop() }
        func devices() throws -> [String] {
            let r = try runXgest(["devices"], environment: environment(display: server.displayName))
            #expect(r.status == 0)
            return r.out.split(separator: "\n").map(String.init)
        }
        #expect(try devices().first?.contains("MASTER") == false, "one master: no column for it")
        try server.setEnabled(false, device: .pointer)
        #expect(
            try devices().first { $0.contains(InputTestDeviceKind.pointer.xiName) }?.hasSuffix("not used: disabled")
                == true)
        #expect(try runOnDisplay(server, "/usr/bin/xinput", ["create-master", "second"]) == 0)
        let touchscreen = try server.deviceID(.touchscreen)
        #expect(try runOnDisplay(server, "/usr/bin/xinput", ["reattach", "\(touchscreen)", "second pointer"]) == 0)
        let lines = try devices()
        #expect(lines.first?.contains("MASTER") == true)
        let touchscreenLine = lines.first { $0.contains(InputTestDeviceKind.touchscreen.xiName) }
        #expect(touchscreenLine?.contains("slave pointer   second pointer ") == true, "\(touchscreenLine ?? "missing")")
        let keyboardLine = lines.first { $0.contains(InputTestDeviceKind.keyboard.xiName) }
        #expect(
            keyboardLine?.contains("slave keyboard  Virtual core keyboard ") == true, "\(keyboardLine ?? "missing")")
    }

    @Test func withoutADisplayOrOnWaylandItSaysSoInOneLine() throws {
        let none = try runXgest(["devices"], environment: environment(display: nil))
        #expect(none.status == 1)
        #expect(none.err == "xgest: no X display: DISPLAY is not set (xgest runs inside an X11 session)\n")
        // A Wayland session is one whose compositor's socket is there.
        let runtime = try AutostartSessionTests.temporaryDirectory("xgest-runtime")
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let compositor = try AutostartSessionTests.listen(at: runtime + "/wayland-0")
        defer { close(compositor) }
        let wayland = try runXgest(
            ["run"],
            environment: environment(display: nil, extra: ["WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": runtime]))
        #expect(wayland.status == 1)
        #expect(wayland.err.split(separator: "\n").count == 1)
        #expect(wayland.err.contains("Wayland session"))
        // The session's autostart, at a Wayland login with XWayland's DISPLAY: not started,
        // with status 0 (the display is never opened: a bad one shows it).
        let autostart = try runXgest(
            ["run", "--autostart"],
            environment: environment(
                display: ":4242", extra: ["XDG_SESSION_TYPE": "wayland", "XDG_RUNTIME_DIR": runtime]))
        #expect(autostart.status == 0)
        #expect(
            autostart.err.hasPrefix(
                "xgest: a Wayland session (XDG_SESSION_TYPE=wayland, its socket \(runtime)/wayland-0 is there): not started"
            ),
            "\(autostart.err)")
        let bad = try runXgest(["devices"], environment: environment(display: ":4242"))
        #expect(bad.status == 1)
        // With no server there, the line says so (it gave no reason).
        #expect(bad.err == "xgest: cannot open X display \":4242\": no X server is running on it\n")
        // A name that is none, and a socket path with nothing there, say so (they gave no reason).
        let garbage = try runXgest(["devices"], environment: environment(display: "garbage"))
        #expect(garbage.status == 1)
        #expect(
            garbage.err == "xgest: cannot open X display \"garbage\": not a display name (expected [HOST]:N[.SCREEN])\n"
        )
        let path = try runXgest(["devices"], environment: environment(display: "/tmp/xgest-no-such-socket:0"))
        #expect(path.status == 1)
        #expect(
            path.err
                == "xgest: cannot open X display \"/tmp/xgest-no-such-socket:0\": no socket at /tmp/xgest-no-such-socket\n"
        )
    }

    /// A TCP display with nothing on its port (an SSH tunnel gone, a server started with
    /// `-nolisten tcp`) got the bare "cannot open" line; one whose port answers but which
    /// refused the connection is its authorisation, as for a local display.
    @Test func aTCPDisplaySaysWhetherAnythingListensOnItsPort() throws {
        // A port nothing listens on: bound and closed again, so no other test takes it meanwhile.
        let probe = try TCPListener()
        let free = probe.port
        probe.close()
        let number = free - 6000
        let nothing = try runXgest(["devices"], environment: environment(display: "127.0.0.1:\(number)"))
        #expect(nothing.status == 1)
        #expect(
            nothing.err
                == "xgest: cannot open X display \"127.0.0.1:\(number)\": no X server listens on its port, \(free)\n",
            "\(nothing.err)")
        // A listener that takes the connection and closes it: Xlib fails, the port answers.
        let listener = try TCPListener()
        defer { listener.close() }
        listener.closeEachConnection()
        let refused = try runXgest(
            ["devices"], environment: environment(display: "localhost:\(listener.port - 6000)"))
        #expect(refused.status == 1)
        #expect(refused.err.contains("its server refused the connection (not authorised"), "\(refused.err)")
    }

    /// DISPLAY set but empty is said to be empty (it was said to be unset), and a DISPLAY
    /// with control characters is shown escaped, as device names are: it was printed raw,
    /// escape sequences and all, to the terminal.
    @Test func anEmptyOrControlFilledDisplayIsSaidAsItIs() throws {
        let empty = try runXgest(["devices"], environment: environment(display: ""))
        #expect(empty.status == 1)
        #expect(empty.err == "xgest: no X display: DISPLAY is empty (xgest runs inside an X11 session)\n")
        let strange = try runXgest(["devices"], environment: environment(display: "\u{1B}[31m:9\n9"))
        #expect(strange.status == 1)
        #expect(
            strange.err.hasSuffix(
                "xgest: cannot open X display \"\\x1b[31m:9\\n9\": not a display name (expected [HOST]:N[.SCREEN])\n"),
            "\(strange.err)")
    }

    /// `record` and `record-stroke` need the touch grab the daemon holds: beside a running
    /// daemon they name it, as `run` does, instead of an X protocol error, and say how to
    /// stop it: `systemctl --user stop` only for a daemon systemd started.
    @Test func recordingBesideARunningDaemonNamesIt() throws {
        let s = try DaemonTests.Session()
        let trace = s.directory.appendingPathComponent("x.trace").path
        let env = environment(display: s.server.displayName, extra: ["XDG_CONFIG_HOME": s.directory.path])
        let expected =
            "xgest: cannot capture input on \(s.server.displayName): xgest run is running on it (process "
            + "\(s.daemon.process.processIdentifier) holds "
        for arguments in [["record", "-o", trace], ["record-stroke", "zed", "--samples", "1"]] {
            let r = try runXgest(arguments, environment: env)
            #expect(r.status == 1, "\(arguments): \(r.err)")
            #expect(r.err.hasPrefix(expected), "\(arguments): \(r.err)")
            // Started by hand, not by systemd: systemctl would stop nothing.
            #expect(r.err.hasSuffix("); stop it first (kill \(s.daemon.process.processIdentifier))\n"), "\(r.err)")
        }
        #expect(s.daemon.process.isRunning)
    }

    /// A recording that cannot start (a daemon holds the grabs, no display) leaves a trace
    /// already at its output as it was: running the same command again after a failure
    /// must not lose the last recording.
    @Test func aRecordingThatCannotStartLeavesTheFileAsItWas() throws {
        let s = try DaemonTests.Session()
        let trace = s.directory.appendingPathComponent("kept.trace").path
        let kept = "{\"xgest-trace\":1,\"screen\":{\"width\":10,\"height\":10},\"devices\":[]}\n"
        try kept.write(toFile: trace, atomically: true, encoding: .utf8)
        for display in [s.server.displayName, nil] {
            let r = try runXgest(["record", "-o", trace], environment: environment(display: display))
            #expect(r.status == 1, "\(r.err)")
            #expect(try String(contentsOfFile: trace, encoding: .utf8) == kept, "DISPLAY=\(display ?? "unset")")
        }
    }

    /// `record` losing its X server named none ("lost the connection to the X server"),
    /// where xgest(1) says status 69 comes with the display named, as the daemon's line does.
    @Test func recordLosingTheXServerNamesTheDisplay() throws {
        let server = try XorgServer()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-lost-\(getpid()).trace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try XgestProcess(["record", "--output", path], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        server.stop()
        recorder.process.waitUntilExit()
        #expect(recorder.process.terminationStatus == 69)
        #expect(
            recorder.stderrLines.contains("xgest: lost the connection to the X server \(server.displayName)"),
            "\(recorder.stderrLines)")
    }

    @Test func recordWritesATraceTheDecoderReadsBackInOrder() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(
            server: server, x: 100, y: 100, width: 500, height: 400, instanceName: "rec", className: "Recorded",
            title: "recorded")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-record-\(getpid()).trace").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try XgestProcess(["record", "--output", path], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)

        // A sync after each event: the recorder reads the begin before the rest exists, as
        // with a real finger.
        let ts = server.touchscreen
        try ts.begin(id: 1, x: 200, y: 200)
        try ts.sync()
        #expect(recorder.waitForLine(containing: "never printed", timeoutSeconds: 0) == nil)
        try ts.update(id: 1, x: 220, y: 210)
        try ts.sync()
        try ts.end(id: 1, x: 220, y: 210)
        try ts.sync()
        // Recording hands each touch sequence back at its end: the application gets it
        // whole, before the swipe (a touchpad swipe begun within a millisecond of the lift,
        // with a click after it, would have the tap kept instead: docs/x11-notes.md).
        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .update, .end])
        try server.touchpad.swipe(.begin, fingers: 3)
        try server.touchpad.swipe(.update, fingers: 3, dx: 12, dy: -4)
        try server.touchpad.swipe(.end, fingers: 3)
        try server.touchpad.sync()
        try server.pointer.move(x: 900, y: 800)
        try server.pointer.press(button: 1)
        try server.pointer.release(button: 1)
        try server.pointer.sync()
        #expect(recorder.stop(signal: SIGINT) == 0)

        let trace = try TraceDecoder.read(String(contentsOfFile: path, encoding: .utf8))
        #expect(trace.header.screenWidth == server.screenWidth)
        #expect(Set(trace.header.devices.map(\.kind)) == [.touchscreen, .touchpad, .pointer, .keyboard])
        let inputs = trace.records.compactMap { if case .input(let e) = $0 { e } else { nil } }
        func describe(_ p: InputEvent.Payload) -> String {
            switch p {
            case .touch(let t): return "touch-\(t.phase) \(t.location)"
            case .touchpadSwipe(let s): return "swipe-\(s.phase) \(s.fingers) \(s.delta)"
            case .touchpadPinch(let p): return "pinch-\(p.phase)"
            case .pointerMotion(let p): return "motion \(p)"
            case .button(let b): return "button \(b.button) \(b.isPress) \(b.location)"
            case .modifiers(let m): return "modifiers \(m)"
            }
        }
        #expect(
            inputs.map { describe($0.payload) } == [
                "touch-begin 200,200", "touch-update 220,210", "touch-end 220,210",
                "swipe-begin 3 0,0", "swipe-update 3 12,-4", "swipe-end 3 0,0",
                "motion 900,800", "button 1 true 900,800", "button 1 false 900,800",
            ])
        #expect(zip(inputs, inputs.dropFirst()).allSatisfy { $0.time <= $1.time })
        // The window stack at the start, and the window the touch sequence started on.
        let windows = trace.records.compactMap { if case .window(_, let w) = $0 { w } else { nil } }
        #expect(windows.first?.className == "Recorded")
        #expect(windows.first?.id == UInt64(window.window))
        // Replaying the trace's window records hit-tests like the live server did.
        var stack = WindowStack()
        for w in windows { stack.place(w) }
        #expect(stack.hitTest(Point(x: 200, y: 200)).window?.className == "Recorded")
        #expect(stack.hitTest(Point(x: 900, y: 800)) == .desktop)
        // Nothing more of the touches reached it.
        #expect(try window.receivedEvents().touches.isEmpty)
    }

    /// A trace that cannot be written ends the recording at once, with the reason: it went
    /// on until the user stopped it, and only then said the trace was incomplete. The
    /// status is 74, as for any output that cannot be written (it was 1).
    @Test func recordingToAFullDeviceStopsAtOnceWithTheReason() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let recorder = try XgestProcess(["record", "--output", "/dev/full"], display: server.displayName)
        let said = recorder.waitForLine(containing: "cannot write the trace")
        if said == nil { _ = recorder.stop(signal: SIGINT) }
        #expect(
            said == "xgest: cannot write the trace to /dev/full: no space left on device; the recording stopped there")
        recorder.process.waitUntilExit()
        #expect(recorder.process.terminationStatus == 74)
    }

    /// A trace whose reader takes nothing (`xgest record | less` left unscrolled, a terminal
    /// stopped with Ctrl-S) holds no touch: the recording's write waited on the reader, and
    /// every touch on the display with it. The lines wait in a queue; once read, none is lost.
    @Test func recordingToAPipeNotReadHoldsNoTouch() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1200, height: 900, className: "Unread")
        // A pipe already full: the trace's first line cannot be written until it is read.
        let pipe = Pipe()
        let writeEnd = pipe.fileHandleForWriting.fileDescriptor
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let filler = [UInt8](repeating: 0x23, count: 4096)
        var filled = 0
        while true {
            let n = filler.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            filled += n
        }
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) & ~O_NONBLOCK)
        let recorder = try XgestProcess(
            ["record"], display: server.displayName, standardOutput: pipe.fileHandleForWriting)
        try pipe.fileHandleForWriting.close()
        defer { if recorder.process.isRunning { _ = recorder.stop(signal: SIGKILL) } }
        #expect(recorder.waitForLine(containing: "recording on") != nil, "\(recorder.stderrLines)")

        let ts = server.touchscreen
        try ts.begin(id: 1, x: 300, y: 200)
        try ts.sync()
        try ts.end(id: 1, x: 300, y: 200)
        try ts.sync()
        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])

        // Read at last: the whole trace comes, the tap in it, after what filled the pipe.
        let readEnd = pipe.fileHandleForReading.fileDescriptor
        let read = ReadToEnd(readEnd)
        #expect(recorder.stop(signal: SIGINT) == 0, "\(recorder.stderrLines)")
        let bytes = try #require(read.bytes(timeoutSeconds: 10), "the trace never ended")
        #expect(bytes.count > filled)
        let trace = try TraceDecoder.read(String(decoding: bytes.dropFirst(filled), as: UTF8.self))
        let phases = trace.records.compactMap { r -> TouchPhase? in
            if case .input(let e) = r, case .touch(let t) = e.payload { t.phase } else { nil }
        }
        #expect(phases == [.begin, .end])
    }

    /// Its terminal closing (SIGHUP) ends a recording as Ctrl-C does: ignored, the hangup
    /// left `record` and `record-stroke` running with nobody to stop them, holding the touch
    /// grab for good, and `xgest run` refused to start.
    @Test func aHangupEndsARecording() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let trace = home.appendingPathComponent("hup.trace").path
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        for (arguments, started, status) in [
            (["record", "-o", trace], "recording on", Int32(0)),
            (["record-stroke", "zed", "--samples", "1"], "draw the shape", Int32(1)),
        ] {
            let recorder = try XgestProcess(
                arguments, display: server.displayName, extraEnvironment: ["XDG_CONFIG_HOME": home.path],
                readsStandardOutput: true)
            #expect(recorder.waitForLine(containing: started) != nil, "\(recorder.stderrLines)")
            #expect(
                recorder.stop(signal: SIGHUP, timeoutSeconds: 10) == status,
                "\(arguments[0]) after SIGHUP: \(recorder.stderrLines) \(recorder.stuckState)")
        }
    }

    /// A descriptor read to its end on a thread of its own.
    final class ReadToEnd: @unchecked Sendable {
        private var data: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        init(_ fd: Int32) {
            Thread { [self] in
                var chunk = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    data += chunk[0..<n]
                }
                done.signal()
            }.start()
        }

        /// What was read, once the end came within `timeoutSeconds`.
        func bytes(timeoutSeconds: Double) -> [UInt8]? {
            done.wait(timeout: .now() + timeoutSeconds) == .success ? data : nil
        }
    }

    /// `--pass-through` hands every touch back at once: it does not say what the bindings
    /// would hold (`tap2: touchscreen: holds one-finger touches up to 50 ms`), as it did.
    @Test func passThroughSaysNoHoldOfTheBindings() throws {
        let config = """
            [[gesture]]
            name = "tap2"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "key F5"
            """
        let holding = try DaemonTests.Session(config: config)
        #expect(holding.daemon.stderrLines.contains { $0.contains("tap2: touchscreen: holds") })
        let s = try DaemonTests.Session(config: config, runOptions: ["--pass-through"])
        #expect(s.daemon.stderrLines.contains { $0.contains("in pass-through mode") })
        #expect(!s.daemon.stderrLines.contains { $0.contains("holds") }, "\(s.daemon.stderrLines)")
    }

    /// `--pass-through` runs no engine: a stroke button's press is not grabbed, or nothing
    /// would hand it back, and the application gets its click.
    @Test func passThroughGrabsNoStrokeButton() throws {
        let s = try DaemonTests.Session(
            config: """
                [[gesture]]
                name = "check"
                kind = "stroke"
                device = "pointer"
                shape = "check"
                action = "key F5"
                """, runOptions: ["--pass-through"])
        #expect(s.daemon.stderrLines.contains { $0.contains("in pass-through mode") })
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "Clicked")
        try s.server.pointer.click(button: 3, x: 300, y: 200)
        try s.server.pointer.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
    }

    @Test func runDebugTracesEventsAndStopsCleanly() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 300, height: 300, className: "Traced")
        defer { window.close() }
        let daemon = try XgestProcess(["run", "--debug"], display: server.displayName)
        #expect(daemon.waitForLine(containing: "capturing on") != nil)
        try server.touchscreen.begin(id: 1, x: 100, y: 120)
        try server.touchscreen.end(id: 1, x: 100, y: 120)
        try server.touchscreen.sync()
        #expect(daemon.waitForLine(containing: "touch-end") != nil)
        #expect(daemon.waitForLine(containing: "ownership reject") != nil)
        #expect(daemon.stop(signal: SIGTERM) == 0)
        #expect(daemon.waitForLine(containing: "stopped by signal 15") != nil)
        let lines = daemon.stderrLines
        #expect(
            lines.contains { $0.contains("touch-begin") && $0.contains("at 100,120") && $0.contains("window Traced") })
        #expect(lines.contains { $0.contains("ownership") && $0.contains("reject") })
    }
}

@Suite struct DemoTests {
    /// A config home whose strokes directory holds a recorded straight line: the demo runs
    /// the daemon with a config home of its own, so the user's drawings change nothing.
    static func configHomeWithARecordedLine() throws -> String {
        let home = NSTemporaryDirectory() + "xgest-demo-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/xgest/strokes", withIntermediateDirectories: true)
        try "xgest-stroke 1 name=line\nsample\n0 0\n50 0\n100 0\n150 0\n200 0\n".write(
            toFile: home + "/xgest/strokes/line.stroke", atomically: true, encoding: .utf8)
        return home
    }

    @Test func demoRunsToCompletionWithNoDisplayAndEachCaptionHolds() throws {
        let home = try Self.configHomeWithARecordedLine()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let r = try runXgest(["demo"], environment: environment(display: nil, extra: ["XDG_CONFIG_HOME": home]))
        #expect(r.status == 0, "\(r.err)")
        let out = r.out
        for step in DemoScript.titles {
            #expect(out.contains("> " + step), "missing step \(step)")
        }
        Self.expectCaptionsMatchActions(out)
        #expect(out.contains("-> window XgestDemo"))
        #expect(out.contains("ownership reject"))
        #expect(out.contains("action         edge-right: desktop next on desktop -> failed: desktop: no EWMH window"))
        #expect(out.contains("touchpad pinch (2 fingers) on window XgestDemo"))
        #expect(out.contains("action         terminal-zoom-in: key ctrl+shift+plus on Gnome-terminal -> done"))
        #expect(out.contains("action         browser-back: key alt+Left on firefox-esr -> done"))
        #expect(out.contains("action         terminal-check: exec x-terminal-emulator on desktop -> done"))
        #expect(out.contains("action         demo-rotate: key ctrl+r on XgestDemo -> done"))
        #expect(out.contains("action         demo-pan: scroll down 1 at 435,270 on XgestDemo -> done"))
        #expect(out.contains("action         demo-maximize: window maximize on XgestDemo -> failed: "))
        // Played at a hand's pace: whatever moved has a velocity (a stroke reports none).
        let still = out.split(separator: "\n").filter {
            $0.contains("velocity=0,0") && !$0.contains("translation=0,0") && !$0.contains(" stroke recognized ")
        }
        #expect(still.isEmpty, "\(still)")
        #expect(
            out.contains(
                "The XgestDemo window received 4 complete touches, 1 click and 1 whole touchpad pinch (8 pinch events),"
                    + " as the scenes said"))
        #expect(out.contains("exit status 0"))
        #expect(out.contains("Every scene did what its caption says (13 scenes)."))
    }

    @Test func screenshotsAreThreePicturesWhateverTheUserRecorded() throws {
        let home = try Self.configHomeWithARecordedLine()
        defer { try? FileManager.default.removeItem(atPath: home) }
        // A directory that does not exist yet is made.
        let directory = home + "/shots/new"
        let r = try runXgest(
            ["demo", "--screenshots", directory],
            environment: environment(display: nil, extra: ["XDG_CONFIG_HOME": home]))
        // With the user's recorded line, the rejected stroke was taken as a line and the
        // third picture never came.
        #expect(r.status == 0, "\(r.err)")
        for name in ["feedback-drawing.png", "feedback-recognized.png", "feedback-rejected.png"] {
            let data = FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is no PNG")
            #expect(r.out.contains("xgest demo: wrote \(directory)/\(name)"))
        }
    }

    /// Stopped by a signal (Ctrl-C, the terminal closed, the man page's `pkill -HUP xgest`),
    /// the demo removes its private directory, and still dies of the signal.
    @Test func demoStoppedByASignalLeavesNoDirectoryBehind() throws {
        // SIGQUIT is Ctrl-\; SIGPIPE comes with `xgest demo | head` once head is done.
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE] {
            let demo = try XgestProcess(["demo"], display: "", readsStandardOutput: true)
            let started = try #require(demo.waitForLine(containing: "xgest run --debug --config /tmp/xgest-demo-"))
            let start = try #require(started.range(of: "/tmp/xgest-demo-")).lowerBound
            let config = String(started[start...].prefix { $0 != " " })
            let directory = String(config.dropLast("/xgest.toml".count))
            #expect(FileManager.default.fileExists(atPath: directory))
            kill(demo.process.processIdentifier, signal)
            demo.process.waitUntilExit()
            #expect(
                demo.process.terminationReason == .uncaughtSignal && demo.process.terminationStatus == signal,
                "\(demo.process.terminationReason.rawValue) \(demo.process.terminationStatus) \(demo.stderrLines.suffix(3))"
            )
            #expect(!FileManager.default.fileExists(atPath: directory), "\(directory) left behind")
        }
    }

    @Test func screenshotsIntoAnEmptyDirectoryNameAreRefused() throws {
        // "" + "/" + name was the filesystem's root.
        let r = try runXgest(["demo", "--screenshots", ""], environment: environment(display: nil))
        // A wrong command line, as any bad option value (it was 1).
        #expect(r.status == 64)
        #expect(r.err.contains("--screenshots needs a directory"))
        #expect(!r.out.contains("wrote"))
    }

    @Test func demoWithAWindowManagerKeepsTheWindowsAndEachCaptionHolds() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openbox") else { return }
        let r = try runXgest(["demo", "--with-window-manager"], environment: environment(display: nil))
        #expect(r.status == 0, "\(r.err)")
        let out = r.out
        #expect(out.contains("the openbox window manager"))
        Self.expectCaptionsMatchActions(out)
        #expect(out.contains("action         edge-right: desktop next on desktop -> done"))
        #expect(out.contains("action         desktop-next: desktop next on XgestDemo -> done"))
        // After two desktop switches the windows are still there: the Firefox swipe is the browser's.
        #expect(out.contains("action         browser-back: key alt+Left on firefox-esr -> done"))
        #expect(!out.contains("action         desktop-previous"))
        #expect(out.contains("action         demo-maximize: window maximize on XgestDemo -> done"))
        #expect(
            out.contains(
                "received 4 complete touches, 1 click and 1 whole touchpad pinch (8 pinch events), as the scenes"))
        #expect(out.contains("Every scene did what its caption says (13 scenes)."))
    }

    /// From the demo's own trace: each scene whose caption names a binding, "(NAME: …",
    /// ran that binding's action and no other; each other scene ran no action at all.
    static func expectCaptionsMatchActions(_ out: String) {
        var scenes: [(title: String, lines: [String])] = []
        for line in out.split(separator: "\n").map(String.init) {
            if line.hasPrefix("> ") {
                scenes.append((String(line.dropFirst(2)), []))
            } else if !scenes.isEmpty {
                scenes[scenes.count - 1].lines.append(line)
            }
        }
        #expect(scenes.count == DemoScript.titles.count)
        for scene in scenes {
            let acted = Set(
                scene.lines.compactMap { line -> String? in
                    guard let range = line.range(of: "action         ") else { return nil }
                    return String(line[range.upperBound...].prefix { $0 != ":" })
                })
            let named = DemoScript.bindingNames.first { scene.title.contains("(\($0): ") }
            if let named {
                #expect(acted == [named], "\(scene.title): actions of \(acted.sorted())")
            } else {
                #expect(acted.isEmpty, "\(scene.title): actions of \(acted.sorted())")
            }
        }
    }
}

/// The steps `xgest demo` announces (Sources/xgest/Demo/DemoScript.swift).
enum DemoScript {
    static let titles = [
        "Touchscreen: a 1-finger tap on the XgestDemo window",
        "Touchscreen: a 3-finger swipe with no binding",
        "Touchscreen: a swipe in from the right edge of the screen (edge-right: desktop next",
        "Touchpad: a 3-finger swipe left (desktop-next: desktop next",
        "Touchpad: a pinch over the XgestDemo window",
        "Touchpad over the GNOME Terminal window",
        "Touchpad over the Firefox window",
        "Pointer: a right click on the XgestDemo window",
        "Pointer: a check mark drawn with Super and the right button held",
        "Touchscreen: a 2-finger long press on the GNOME Terminal window",
        "Touchscreen: two fingers turned clockwise on the XgestDemo window",
        "Touchscreen: a 2-finger pan down the XgestDemo window",
        "Touchscreen: a 2-finger double tap on the XgestDemo window",
    ]

    static let bindingNames = [
        "edge-right", "desktop-next", "terminal-zoom-in", "browser-back", "terminal-check", "terminal-paste",
        "demo-rotate", "demo-pan", "demo-maximize",
    ]
}

/// A TCP socket listening on 127.0.0.1 at a free port of X's range (6000 + 100 to 6000 +
/// 999). With ``closeEachConnection()`` it takes each connection and closes it at once, as
/// a server that refuses a client does; without, nothing is accepted.
final class TCPListener: @unchecked Sendable {
    let port: Int
    private let fd: Int32
    private var closed = false

    init() throws {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard s >= 0 else { throw DaemonTestError("socket: \(errno)") }
        for candidate in 6100..<7000 {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(candidate).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            if bound == 0, listen(s, 4) == 0 {
                fd = s
                port = candidate
                return
            }
        }
        Glibc.close(s)
        throw DaemonTestError("no free port from 6100 to 6999")
    }

    /// Accepts and closes every connection on a thread of its own, until ``close()``.
    func closeEachConnection() {
        let fd = fd
        Thread.detachNewThread {
            while true {
                let c = accept(fd, nil, nil)
                guard c >= 0 else { return }
                Glibc.close(c)
            }
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        // Wakes an accept() blocked on it, which close() alone does not.
        shutdown(fd, Int32(SHUT_RDWR))
        Glibc.close(fd)
    }

    deinit { close() }
}
