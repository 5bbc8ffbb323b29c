import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// Paths to draw on the test server.
enum Drawn {
    /// A check mark with the built-in template's proportions, three times its size: down
    /// to the right, then a long way up to the right. One point every 15 px.
    static func check(from start: Point = Point(x: 400, y: 400)) -> [Point] {
        var points: [Point] = []
        for k in 0...6 { points.append(Point(x: start.x + Double(k) * 15, y: start.y + Double(k) * 17.5)) }
        for k in 1...14 {
            points.append(Point(x: start.x + 90 + Double(k) * 15, y: start.y + 105 - Double(k) * 270 / 14))
        }
        return points
    }

    /// A Z: right along the top, diagonal down-left, right along the bottom.
    static func zed(from s: Point = Point(x: 300, y: 300)) -> [Point] {
        var points: [Point] = []
        for k in 0...8 { points.append(Point(x: s.x + Double(k) * 25, y: s.y)) }
        for k in 1...8 { points.append(Point(x: s.x + 200 - Double(k) * 25, y: s.y + Double(k) * 25)) }
        for k in 1...8 { points.append(Point(x: s.x + Double(k) * 25, y: s.y + 200)) }
        return points
    }

    static func straight(from s: Point = Point(x: 300, y: 600), steps: Int = 12) -> [Point] {
        (0...steps).map { Point(x: s.x + Double($0) * 30, y: s.y + Double($0)) }
    }
}

extension XorgServer {
    /// `points` drawn with one finger on the inputtest touchscreen, one frame per point.
    func drawWithFinger(_ points: [Point]) throws {
        guard let first = points.first, let last = points.last else { return }
        let ts = touchscreen
        try ts.begin(id: 1, at: first)
        try ts.sync()
        for q in points.dropFirst() {
            try ts.update(id: 1, at: q)
            try ts.sync()
        }
        try ts.end(id: 1, at: last)
        try ts.sync()
    }
}

/// A scratch XDG_CONFIG_HOME for a test's xgest, removed by the test (`defer`).
enum ScratchHome {
    static func make() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("xgest-home-\(UUID().uuidString)")
    }

    /// Writes `text` as the config xgest reads under `home`, and returns its path.
    @discardableResult
    static func writeConfig(_ text: String, in home: URL) throws -> URL {
        let config = home.appendingPathComponent("xgest/xgest.toml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: config, atomically: true, encoding: .utf8)
        return config
    }
}

/// Shaped strokes through `xgest run`: a check mark drawn with button 3 or one finger
/// fires its binding; clicks and taps that are no check reach the application (a stroke
/// drawn and not recognized: UnrecognizedStrokeReplayTests).
@Suite struct DaemonShapedStrokeTests {
    static let config = """
        [[gesture]]
        name = "check-f5"
        kind = "stroke"
        device = "pointer"
        shape = "check"
        button = 3
        action = "key F5"

        [[gesture]]
        name = "finger-check"
        kind = "stroke"
        device = "touchscreen"
        shape = "check"
        action = "key F6"
        """

    @Test func aCheckDrawnWithButtonThreeFiresAndAClickReachesTheWindow() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        try s.server.drawWithPointer(Drawn.check())
        #expect(s.daemon.waitForLine(containing: "action         check-f5") != nil)
        let f5 = s.keycode("F5")
        let afterCheck = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f5 } }
        #expect(afterCheck.keys.filter(\.isPress).map(\.keycode) == [f5])
        #expect(afterCheck.buttons.isEmpty, "the stroke's button events reached the application")
        let matched = s.daemon.stderrLines.first { $0.contains("check-f5 possible → recognized") }
        #expect(matched?.contains("(shape matched: accepted: check ") == true, "\(matched ?? "no transition line")")

        // A short click: handed back, at the place it was made.
        let p = s.server.pointer
        try p.move(x: 555, y: 333)
        try p.press(button: 3)
        try p.release(button: 3)
        try p.sync()
        let click = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(click.map(\.button) == [3, 3])
        #expect(click.map(\.isPress) == [true, false])
        #expect(click.map(\.root) == [Point(x: 555, y: 333), Point(x: 555, y: 333)])
        #expect(s.daemon.stderrLines.filter { $0.contains("action  ") }.count == 1)
    }

    /// A daemon busy when the stroke begins answers the press late: the server sends the
    /// motion made meanwhile only then, with root positions all near the last point. The
    /// stroke is still traced through the points drawn, and its binding fires.
    @Test func aCheckDrawnBeforeTheDaemonAnswersThePressIsTracedAsDrawnAndFires() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        let drawn = Drawn.check()
        let p = s.server.pointer
        try p.move(x: drawn[0].x, y: drawn[0].y)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "motion         dev ") != nil)
        // Stopped, the daemon answers nothing until the whole check is in.
        kill(s.daemon.process.processIdentifier, SIGSTOP)
        try p.press(button: 3)
        for q in drawn.dropFirst() { try p.move(x: q.x, y: q.y) }
        try p.release(button: 3)
        try p.sync()
        kill(s.daemon.process.processIdentifier, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "action         check-f5") != nil)
        let traced = s.daemon.stderrLines.filter { $0.contains("motion         dev ") }.dropFirst()
            .compactMap { line -> Point? in
                let xy = line.split(separator: " ").last?.split(separator: ",").compactMap { Double($0) } ?? []
                return xy.count == 2 ? Point(x: xy[0], y: xy[1]) : nil
            }
        // The trace gives positions to the hundredth.
        let misplaced = zip(traced, drawn.dropFirst()).filter { abs($0.x - $1.x) > 0.01 || abs($0.y - $1.y) > 0.01 }
        #expect(traced.count == drawn.count - 1 && misplaced.isEmpty, "\(traced)")
        let f5 = s.keycode("F5")
        let keys = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f5 } }
        #expect(keys.buttons.isEmpty, "the stroke's button events reached the application")
    }

    /// A press held still is no stroke (too slow) long before it is released: the press
    /// reaches the application only at the release, so that it is not clicked while the
    /// user still holds the button.
    @Test func aPressHeldStillIsHandedBackAtItsRelease() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Held")
        let p = s.server.pointer
        try p.move(x: 400, y: 300)
        try p.press(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "check-f5 possible → failed (too slow)") != nil)
        #expect(s.daemon.waitForLine(containing: "replayed when the button is released") != nil)
        #expect(try window.receivedEvents().buttons.isEmpty, "the press reached the window while still held")
        try p.move(x: 430, y: 310)
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.map(\.root) == [Point(x: 400, y: 300), Point(x: 430, y: 310)])
    }

    @Test func aOneFingerCheckFiresAndATapStillReachesTheWindow() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        try s.server.drawWithFinger(Drawn.check())
        #expect(
            s.daemon.waitForLine(containing: "action         finger-check") != nil,
            "\(s.daemon.process.isRunning) \(s.daemon.stderrLines.joined(separator: "\n"))")
        let f6 = s.keycode("F6")
        let afterCheck = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f6 } }
        #expect(afterCheck.keys.filter(\.isPress).map(\.keycode) == [f6])
        #expect(afterCheck.touches.isEmpty, "the stroke's touches reached the application")

        // A tap: the stroke fails at the lift (moved too little) and the touch goes back at once.
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 321, y: 234)
        try ts.sync()
        try ts.end(id: 1, x: 321, y: 234)
        try ts.sync()
        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])
        #expect(touches.map(\.root) == [Point(x: 321, y: 234), Point(x: 321, y: 234)])
        // The trace is read on another thread: wait for the line rather than assume it is in.
        #expect(s.daemon.waitForLine(containing: "finger-check possible → failed (moved too little)") != nil)
    }

    /// The user's templates: a recorded Z is bindable; a broken template file is reported
    /// with its line and left out, the others still load.
    @Test func userTemplatesAreReadAndABrokenOneIsReported() throws {
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let strokes = home.appendingPathComponent("xgest/strokes")
        try FileManager.default.createDirectory(at: strokes, withIntermediateDirectories: true)
        let zed = StrokeTemplateFile(
            name: "zed", rotationToleranceRadians: defaultStrokeRotationToleranceRadians,
            samples: [Drawn.zed(from: Point(x: 0, y: 0))])
        try zed.text.write(to: strokes.appendingPathComponent("zed.stroke"), atomically: true, encoding: .utf8)
        try "xgest-stroke 1\nsample\n0 zero\n".write(
            to: strokes.appendingPathComponent("broken.stroke"), atomically: true, encoding: .utf8)
        let config = """
            [[gesture]]
            name = "zed-f5"
            kind = "stroke"
            device = "pointer"
            shape = "zed"
            action = "key F5"
            """
        let s = try DaemonTests.Session(config: config, extraEnvironment: ["XDG_CONFIG_HOME": home.path])
        #expect(
            s.daemon.stderrLines.contains {
                $0.hasSuffix("broken.stroke:3: error: expected a point `x y` (two numbers) or `sample`")
            }, "\(s.daemon.stderrLines)")
        // One template, said in the singular.
        #expect(s.daemon.stderrLines.contains { $0.hasSuffix(" binding, 1 user stroke template") })
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        try s.server.drawWithPointer(Drawn.zed(from: Point(x: 350, y: 250)))
        #expect(s.daemon.waitForLine(containing: "action         zed-f5") != nil)
        _ = try window.receivedEvents()
    }
}

/// `xgest record-stroke` on the real server.
@Suite struct RecordStrokeTests {
    @Test func aNameNoFileCanHaveIsRefusedBeforeAnythingIsDrawn() throws {
        // 235 bytes, ".stroke" and the temporary name's 13 are the 255 a file name may have; one
        // more was refused only when the drawings were saved, and they were lost.
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = environment(display: nil, extra: ["XDG_CONFIG_HOME": home.path])
        let long = try runXgest(["record-stroke", String(repeating: "é", count: 118)], environment: env)
        #expect(long.status == 64)
        #expect(long.err.contains("the name is 236 bytes long, and at most 235 make a file name"), "\(long.err)")
        for bad in ["a/b", ".hidden", ""] {
            let r = try runXgest(["record-stroke", bad], environment: env)
            #expect(r.status == 64)
            #expect(r.err.contains("the name may only contain letters, digits"), "\(bad): \(r.err)")
        }
        // A name of 235 bytes passes the check and stops only for want of a display.
        let longest = try runXgest(["record-stroke", String(repeating: "a", count: 235)], environment: env)
        #expect(longest.status == 1)
        #expect(!longest.err.contains("the name"), "\(longest.err)")
    }

    /// A name as long as the check lets through is written: names of 226 to 244 bytes
    /// passed it, and the drawings were lost at the end (`file name too long`). The longest
    /// is read from the refusal of a longer one, so this holds whatever the figure.
    @Test func aNameAsLongAsTheCheckAllowsIsWritten() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let refused = try runXgest(
            ["record-stroke", String(repeating: "a", count: 300)],
            environment: environment(display: nil, extra: ["XDG_CONFIG_HOME": home.path]))
        let said = try #require(refused.err.firstRange(of: "and at most "), "\(refused.err)")
        let longest = try #require(Int(refused.err[said.upperBound...].prefix { $0.isNumber }))
        let name = String(repeating: "a", count: longest)
        let recorder = try XgestProcess(
            ["record-stroke", name, "--samples", "1"], display: server.displayName,
            extraEnvironment: ["XDG_CONFIG_HOME": home.path], readsStandardOutput: true)
        #expect(recorder.waitForLine(containing: "draw the shape 1 time") != nil, "\(recorder.stderrLines)")
        try server.drawWithPointer(Drawn.zed(from: Point(x: 300, y: 300)))
        let path = home.appendingPathComponent("xgest/strokes/\(name).stroke").path
        #expect(recorder.waitForLine(containing: "wrote ") == "wrote \(path): 1 sample of \"\(name)\"")
        recorder.process.waitUntilExit()
        #expect(recorder.process.terminationStatus == 0, "\(recorder.stderrLines)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func samplesDrawnWithTheButtonAndAFingerAreWrittenAndReadBack() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let recorder = try XgestProcess(
            ["record-stroke", "zed", "--samples", "3"], display: server.displayName,
            extraEnvironment: ["XDG_CONFIG_HOME": home.path], readsStandardOutput: true)
        #expect(recorder.waitForLine(containing: "draw the shape 3 times") != nil, "\(recorder.stderrLines)")
        let first = Drawn.zed(from: Point(x: 300, y: 300))
        try server.drawWithPointer(first)
        #expect(recorder.waitForLine(containing: "sample 1 recorded") != nil, "\(recorder.stderrLines)")
        #expect(recorder.waitForLine(containing: "draw the shape 2 more times") != nil, "\(recorder.stderrLines)")
        // A click is no sample.
        try server.pointer.press(button: 3)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        #expect(recorder.waitForLine(containing: "too short (0 px of 50): draw the shape 2 more times") != nil)
        let second = Drawn.zed(from: Point(x: 500, y: 200))
        try server.drawWithPointer(second)
        #expect(recorder.waitForLine(containing: "sample 2 recorded") != nil)
        let third = Drawn.zed(from: Point(x: 700, y: 400))
        try server.drawWithFinger(third)
        #expect(recorder.waitForLine(containing: "wrote ") != nil, "\(recorder.stderrLines)")
        // How alike the three are, and what the next drawing needs: they are one shape moved.
        let summary = recorder.waitForLine(containing: "\"zed\": the drawings score ")
        #expect(
            summary?.contains("1.00 against each other (median); a drawing needs 0.") == true, "\(summary ?? "none")")
        recorder.process.waitUntilExit()
        #expect(recorder.process.terminationStatus == 0)

        let path = home.appendingPathComponent("xgest/strokes/zed.stroke").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let file = try StrokeTemplateFile.parse(text, defaultName: "other")
        #expect(file.name == "zed")
        #expect(file.samples == [first, second, third])

        // An existing file is kept without --force.
        let again = try XgestProcess(
            ["record-stroke", "zed"], display: server.displayName, extraEnvironment: ["XDG_CONFIG_HOME": home.path])
        #expect(again.waitForLine(containing: "zed.stroke exists: add --force to replace it") != nil)
        again.process.waitUntilExit()
        #expect(again.process.terminationStatus == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    /// Check marks recorded as `tick`: the built-in `check` takes them, which is said with
    /// the scores and what to do; a zed, which no other shape takes, says nothing of it.
    @Test func drawingsAnotherShapeTakesAreWarnedOf() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["XDG_CONFIG_HOME": home.path]
        let tick = try XgestProcess(
            ["record-stroke", "tick", "--samples", "2"], display: server.displayName, extraEnvironment: env,
            readsStandardOutput: true)
        #expect(tick.waitForLine(containing: "draw the shape 2 times") != nil, "\(tick.stderrLines)")
        try server.drawWithPointer(Drawn.check(from: Point(x: 300, y: 300)))
        #expect(tick.waitForLine(containing: "sample 1 recorded") != nil)
        try server.drawWithPointer(Drawn.check(from: Point(x: 500, y: 350)))
        let warning = tick.waitForLine(containing: "warning: ")
        #expect(
            warning?.hasPrefix("warning: 2 of 2 drawings of \"tick\" would be taken as the built-in \"check\"") == true,
            "\(warning ?? "none")")
        #expect(
            warning?.hasSuffix(
                "draw \"tick\" differently and record it again with --force, or bind only one of the two") == true)
        tick.process.waitUntilExit()
        #expect(tick.process.terminationStatus == 0)

        let zed = try XgestProcess(
            ["record-stroke", "zed", "--samples", "1"], display: server.displayName, extraEnvironment: env,
            readsStandardOutput: true)
        #expect(zed.waitForLine(containing: "draw the shape 1 time") != nil, "\(zed.stderrLines)")
        try server.drawWithPointer(Drawn.zed(from: Point(x: 300, y: 300)))
        #expect(zed.waitForLine(containing: "start xgest to use it") != nil)
        zed.process.waitUntilExit()
        #expect(!zed.stderrLines.contains { $0.contains("warning") }, "\(zed.stderrLines)")
    }

    /// The shape that takes the drawings is held to its binding's own `stroke-threshold`:
    /// with `[settings]` at 0.99 and the check binding at 0.72, the daemon's check binding
    /// takes check marks recorded as `tick`, and that is said.
    @Test func drawingsTheOtherShapesBindingTakesAtItsOwnThresholdAreWarnedOf() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        try ScratchHome.writeConfig(
            """
            [settings]
            stroke-threshold = 0.99

            [[gesture]]
            name = "chk"
            kind = "stroke"
            shape = "check"
            stroke-threshold = 0.72
            action = "key F5"
            """, in: home)
        let tick = try XgestProcess(
            ["record-stroke", "tick", "--samples", "2"], display: server.displayName,
            extraEnvironment: ["XDG_CONFIG_HOME": home.path], readsStandardOutput: true)
        #expect(tick.waitForLine(containing: "draw the shape 2 times") != nil, "\(tick.stderrLines)")
        try server.drawWithPointer(Drawn.check(from: Point(x: 300, y: 300)))
        #expect(tick.waitForLine(containing: "sample 1 recorded") != nil)
        try server.drawWithPointer(Drawn.check(from: Point(x: 500, y: 350)))
        #expect(tick.waitForLine(containing: "start xgest to use it") != nil, "\(tick.stderrLines)")
        tick.process.waitUntilExit()
        let warning = tick.stderrLines.first { $0.hasPrefix("warning: ") }
        #expect(
            warning?.hasPrefix("warning: 2 of 2 drawings of \"tick\" would be taken as the built-in \"check\"") == true,
            "\(tick.stderrLines)")
    }

    /// A drawing slower than `stroke-max-duration` is no sample: the daemon times such a
    /// stroke out, and record-stroke took it. The limit and its setting are said.
    @Test func aDrawingSlowerThanTheStrokesLimitIsNoSample() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let config = try ScratchHome.writeConfig(
            "[settings]\nstroke-max-duration = \"500ms\"\n", in: home)
        let recorder = try XgestProcess(
            ["record-stroke", "zed", "--samples", "1"], display: server.displayName,
            extraEnvironment: ["XDG_CONFIG_HOME": home.path], readsStandardOutput: true)
        let limit = recorder.waitForLine(containing: "a sample is at least")
        #expect(
            limit?.hasSuffix("and drawn within 0.5 s (stroke-max-duration of \(config.path))") == true,
            "\(limit ?? "none") \(recorder.stderrLines)")
        // The zed drawn, then held 0.6 s before the release: the pace of the drawing, which
        // the server's event times measure.
        try server.drawWithPointer(Drawn.zed(from: Point(x: 300, y: 300)), release: false)
        usleep(600_000)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        let slow = recorder.waitForLine(containing: "too slow")
        #expect(slow?.hasPrefix("too slow (0.") == true, "\(slow ?? "none")")
        #expect(
            slow?.hasSuffix(
                " s, at most 0.5 s: stroke-max-duration of \(config.path)): draw the shape faster 1 more time")
                == true, "\(slow ?? "none")")
        try server.drawWithPointer(Drawn.zed(from: Point(x: 300, y: 300)))
        #expect(recorder.waitForLine(containing: "sample 1 recorded") != nil, "\(recorder.stderrLines)")
        recorder.process.waitUntilExit()
        #expect(recorder.process.terminationStatus == 0)
    }

    /// One sample is said in the singular ("draw the shape 1 times" before). A second
    /// recorder on the display says another client holds the touch grab, not the X error
    /// ("BadAccess (request 0.0, resource 0x…)").
    @Test func oneSampleIsSaidSoAndASecondRecorderSaysTheGrabIsTaken() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["XDG_CONFIG_HOME": home.path]
        let recorder = try XgestProcess(
            ["record-stroke", "one", "--samples", "1"], display: server.displayName, extraEnvironment: env,
            readsStandardOutput: true)
        let asked = recorder.waitForLine(containing: "recording \"one\"")
        #expect(
            asked?.contains(
                ": draw the shape 1 time, each in one stroke (a release or lift ends it), with a mouse's button 3 held")
                == true, "\(asked ?? "none")")
        let second = try runXgest(
            ["record-stroke", "two", "--samples", "1"],
            environment: environment(display: server.displayName, extra: env))
        #expect(second.status == 1)
        #expect(
            second.err
                == "xgest: cannot capture input on \(server.displayName): another client holds the touch grab (a"
                + " gesture program such as touchegg or another xgest, a window manager, a kiosk or on-screen keyboard"
                + " tool); stop it first\n")
        try server.drawWithPointer(Drawn.zed(from: Point(x: 300, y: 300)))
        let path = home.appendingPathComponent("xgest/strokes/one.stroke").path
        let wrote = recorder.waitForLine(containing: "wrote ")
        #expect(wrote == "wrote \(path): 1 sample of \"one\"", "\(recorder.stderrLines)")
        // No config binds it: how to.
        #expect(recorder.waitForLine(containing: "bind it with kind = \"stroke\" and shape = \"one\"") != nil)
        // No daemon ran on the display while recording: none to start "again".
        let last = recorder.waitForLine(containing: "start xgest")
        #expect(
            last
                == "start xgest to use it (xgest run, or the way your session starts it): it reads the templates when"
                + " it starts", "\(last ?? "none")")
        recorder.process.waitUntilExit()
        #expect(recorder.process.terminationStatus == 0)
    }

    /// A drawing made with the touchpad's button: the press goes to the application at once,
    /// as under the daemon, which was said nowhere (no line, nothing drawn). It is said, with
    /// what draws; a mouse's drawing after it is the sample.
    @Test func aDrawingWithTheTouchpadsButtonIsSaidToDrawNothing() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1200, height: 900, className: "Under")
        let recorder = try XgestProcess(
            ["record-stroke", "zed", "--samples", "1"], display: server.displayName,
            extraEnvironment: ["XDG_CONFIG_HOME": home.path], readsStandardOutput: true)
        let asked = recorder.waitForLine(containing: "draw the shape 1 time")
        #expect(asked?.contains("with a mouse's button 3 held") == true, "\(asked ?? "none") \(recorder.stderrLines)")
        try server.pointer.move(x: 300, y: 300)
        try server.pointer.sync()
        try server.touchpad.press(button: 3)
        for _ in 0..<8 { try server.touchpad.move(dx: 25, dy: 0) }
        try server.touchpad.release(button: 3)
        try server.touchpad.sync()
        let said = recorder.waitForLine(containing: "touchpad")
        #expect(
            said
                == "the touchpad's button 3 draws no stroke (its press went to the application): draw the shape with a"
                + " mouse's button 3 held or with one finger on the touchscreen, 1 more time", "\(said ?? "none")")
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
        #expect(buttons.map(\.isPress) == [true, false])
        try server.drawWithPointer(Drawn.zed(from: Point(x: 300, y: 300)))
        #expect(recorder.waitForLine(containing: "sample 1 recorded") != nil, "\(recorder.stderrLines)")
        recorder.process.waitUntilExit()
        #expect(recorder.process.terminationStatus == 0)
        #expect(!recorder.stderrLines.contains { $0.hasPrefix("too short") }, "\(recorder.stderrLines)")
    }

    /// A sample is as long as the user's config lets a stroke be: a drawing its bindings
    /// would never take is not recorded. What a drawing needs is the bindings' threshold. The
    /// config names the shape before it is recorded. With no `--button`, the button held is
    /// the one the bindings are drawn with: a drawing with the default button is no sample.
    @Test func aSampleIsAsLongAndAsCloseAsTheConfigAsks() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = ScratchHome.make()
        defer { try? FileManager.default.removeItem(at: home) }
        let config = try ScratchHome.writeConfig(
            """
            [[gesture]]
            name = "zed-it"
            kind = "stroke"
            shape = "zed"
            button = 2
            stroke-min-length = "800px"
            stroke-threshold = 0.8
            action = "key F5"
            """, in: home)
        let recorder = try XgestProcess(
            ["record-stroke", "zed", "--samples", "2"], display: server.displayName,
            extraEnvironment: ["XDG_CONFIG_HOME": home.path], readsStandardOutput: true)
        let held = recorder.waitForLine(containing: "draw the shape 2 times")
        #expect(held?.contains("with a mouse's button 2 held") == true, "\(held ?? "none") \(recorder.stderrLines)")
        let least = recorder.waitForLine(containing: "a sample is at least")
        #expect(
            least?.hasSuffix(
                "800 px long (stroke-min-length of \(config.path), for the bindings of \"zed\") and drawn within 6 s"
                    + " (stroke-max-duration of \(config.path), for the bindings of \"zed\")") == true,
            "\(recorder.stderrLines)")
        // 683 px of path: a zed the binding would not take.
        let small = Drawn.zed(from: Point(x: 300, y: 300))
        // Button 3 draws nothing here: the window underneath gets the press, and no
        // "too short" comes before the small zed's.
        try server.drawWithPointer(Drawn.zed(from: Point(x: 300, y: 300)).map { Point(x: 2 * $0.x, y: 2 * $0.y) })
        try server.drawWithPointer(small, button: 2)
        #expect(recorder.waitForLine(containing: "too short (683 px of 800): draw the shape 2 more times") != nil)
        // Twice as large: 1,366 px.
        let large = small.map { Point(x: 300 + 2 * ($0.x - 300), y: 200 + 2 * ($0.y - 300)) }
        try server.drawWithPointer(large, button: 2)
        #expect(recorder.waitForLine(containing: "sample 1 recorded") != nil)
        try server.drawWithPointer(large.map { Point(x: $0.x + 100, y: $0.y) }, button: 2)
        // Two drawings: 0.80 + 0.015 · ln 2.
        let summary = recorder.waitForLine(containing: "\"zed\": the drawings score ")
        #expect(summary?.hasSuffix("a drawing needs 0.81 against them to be taken") == true, "\(summary ?? "none")")
        // The config binds it already: it says so, not how to bind it.
        let bound = recorder.waitForLine(containing: "bound in ")
        #expect(bound == "bound in \(config.path) (\"zed-it\");", "\(recorder.stderrLines)")
        #expect(recorder.waitForLine(containing: "start xgest to use it") != nil)
        recorder.process.waitUntilExit()
        #expect(recorder.process.terminationStatus == 0)
        let path = home.appendingPathComponent("xgest/strokes/zed.stroke").path
        let file = try StrokeTemplateFile.parse(try String(contentsOfFile: path, encoding: .utf8), defaultName: "other")
        #expect(file.samples.count == 2)
    }
}
