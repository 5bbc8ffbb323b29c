import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// `xgest run` end to end on the real server: input through the inputtest devices, the
/// daemon's engine and bindings, ownership applied, and actions arriving at a real window.
@Suite struct DaemonTests {
    static let config = """
        [[gesture]]
        name = "swipe-next"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "left"
        action = "key ctrl+alt+Right"

        [[gesture]]
        name = "zoom-global"
        kind = "pinch"
        device = "touchscreen"
        direction = "in"
        action = "key a"

        [[gesture]]
        name = "four-up"
        kind = "swipe"
        device = "touchpad"
        fingers = 4
        direction = "up"
        action = "exec sh -c 'env | grep ^XGEST_ | sort > \\"$XGEST_OUT\\"'"

        [[app]]
        class = "testapp"
        [[app.gesture]]
        name = "zoom-testapp"
        kind = "pinch"
        device = "touchscreen"
        direction = "in"
        action = "key b"
        """

    /// A private server, a config file, and `xgest run --debug` on them.
    final class Session {
        let server: XorgServer
        let directory: URL
        let configPath: String
        let daemon: XgestProcess

        /// `display` names the display the daemon connects to (default: the server's own).
        /// With no `config`, the daemon is started without `--config` and with `directory` as
        /// XDG_CONFIG_HOME, which holds no config: it runs the shipped one, and `configPath`
        /// is where the user's would be. `runOptions` go after `run --debug`; `beforeStart`
        /// runs on the server before the daemon starts (a key held already). With
        /// `standardErrorIsTheJournal`, each line starts with its priority (`<3>`).
        init(
            config: String? = DaemonTests.config, extraEnvironment: [String: String] = [:],
            runOptions: [String] = [], serverOptions: XorgServer.Options = XorgServer.Options(),
            display: (XorgServer) throws -> String = { $0.displayName },
            standardErrorIsTheJournal: Bool = false,
            beforeStart: (XorgServer) throws -> Void = { _ in }
        ) throws {
            server = try XorgServer(options: serverOptions)
            try beforeStart(server)
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "xgest-daemon-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            var environment = extraEnvironment
            var arguments = ["run", "--debug"] + runOptions
            if let config {
                configPath = directory.appendingPathComponent("xgest.toml").path
                try config.write(toFile: configPath, atomically: true, encoding: .utf8)
                arguments += ["--config", configPath]
            } else {
                configPath = directory.appendingPathComponent("xgest/xgest.toml").path
                environment["XDG_CONFIG_HOME"] = directory.path
            }
            daemon = try XgestProcess(
                arguments, display: try display(server), extraEnvironment: environment,
                standardErrorIsTheJournal: standardErrorIsTheJournal)
            guard daemon.waitForLine(containing: "capturing on") != nil else {
                throw DaemonTestError("the daemon did not start: \(daemon.stderrLines.joined(separator: "\n"))")
            }
        }

        deinit {
            _ = daemon.stop(signal: SIGTERM)
            server.stop()
            try? FileManager.default.removeItem(at: directory)
        }

        /// The X keycode of a keysym on the server's keyboard.
        func keycode(_ keysym: String) -> UInt32 {
            guard let d = XOpenDisplay(server.displayName) else { return 0 }
            defer { XCloseDisplay(d) }
            return UInt32(XKeysymToKeycode(d, XStringToKeysym(keysym)))
        }

        /// A 3-finger swipe to the left, one sync per frame as real hardware would pace it.
        func swipeLeft(startX: Double = 900, y: Double = 500) throws {
            let ts = server.touchscreen
            let xs = [startX, startX + 60, startX + 120]
            for (i, x) in xs.enumerated() { try ts.begin(id: UInt32(i + 1), x: x, y: y) }
            try ts.sync()
            for step in 1...6 {
                for (i, x) in xs.enumerated() { try ts.update(id: UInt32(i + 1), x: x - Double(step * 50), y: y) }
                try ts.sync()
            }
            for (i, x) in xs.enumerated() { try ts.end(id: UInt32(i + 1), x: x - 300, y: y) }
            try ts.sync()
        }

        /// A one-finger tap at (x, y), the lift a frame after the landing; the touches
        /// `window` receives, up to the end of one.
        func tap(x: Double, y: Double, id: UInt32 = 1, reaching window: TestWindow) throws -> [ReceivedTouch] {
            try server.touchscreen.begin(id: id, x: x, y: y)
            try server.touchscreen.sync()
            try server.touchscreen.end(id: id, x: x, y: y)
            try server.touchscreen.sync()
            return try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        }

        func pinchIn(centerX: Double, y: Double) throws {
            let ts = server.touchscreen
            try ts.begin(id: 1, x: centerX - 200, y: y)
            try ts.begin(id: 2, x: centerX + 200, y: y)
            try ts.sync()
            for step in 1...6 {
                try ts.update(id: 1, x: centerX - 200 + Double(step * 25), y: y)
                try ts.update(id: 2, x: centerX + 200 - Double(step * 25), y: y)
                try ts.sync()
            }
            try ts.end(id: 1, x: centerX - 50, y: y)
            try ts.end(id: 2, x: centerX + 50, y: y)
            try ts.sync()
        }
    }

    @Test func aThreeFingerSwipeTypesTheBoundComboAndTheWindowSeesNoTouch() throws {
        let s = try Session()
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        try window.focus()
        try s.swipeLeft()
        #expect(s.daemon.waitForLine(containing: "action         swipe-next") != nil)
        let right = s.keycode("Right")
        let events = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == right } }
        let presses = events.keys.filter(\.isPress)
        #expect(presses.map(\.keycode) == [s.keycode("Control_L"), s.keycode("Alt_L"), right])
        // Pointer-button bits are masked out (docs/x11-notes.md, "Button bits can stay in
        // the core state after touches"): Control and Mod1 are held for Right.
        let modifierBits = UInt32(ShiftMask | ControlMask | Mod1Mask | Mod4Mask)
        #expect(presses.last.map { $0.state & modifierBits } == UInt32(ControlMask | Mod1Mask))
        #expect(events.touches.isEmpty, "the swipe's touches reached the application")
    }

    @Test func aTapWithNoBindingReachesTheWindowUnchanged() throws {
        let s = try Session()
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 800, height: 600, className: "Editor")
        let touches = try s.tap(x: 321, y: 234, reaching: window)
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil)
        #expect(touches.map(\.phase) == [.begin, .end])
        #expect(touches.map(\.root) == [Point(x: 321, y: 234), Point(x: 321, y: 234)])
    }

    @Test func aPinchFiresTheAppBindingOnItsWindowAndTheGlobalOneElsewhere() throws {
        let s = try Session()
        let app = try TestWindow(server: s.server, x: 0, y: 0, width: 900, height: 1000, className: "testapp")
        let other = try TestWindow(server: s.server, x: 1000, y: 0, width: 900, height: 1000, className: "Other")
        try s.pinchIn(centerX: 450, y: 500)
        #expect(s.daemon.waitForLine(containing: "action         zoom-testapp") != nil)
        try s.pinchIn(centerX: 1450, y: 500)
        #expect(s.daemon.waitForLine(containing: "action         zoom-global") != nil)
        let actions = s.daemon.stderrLines.filter { $0.contains("action  ") }
        #expect(actions.count == 2, "\(actions)")
        #expect(actions.first?.contains("on testapp") == true)
        // A global binding's keys go to the focused window, which its line names; the
        // gesture's own line names the window it was on.
        #expect(actions.last?.contains("to the focused window") == true)
        #expect(s.daemon.stderrLines.contains { $0.contains("-> window Other (0x") })
        withExtendedLifetime((app, other)) {}
    }

    @Test func aFourFingerTouchpadSwipeRunsACommandWithTheGestureInItsEnvironment() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-env-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let s = try Session(extraEnvironment: ["XGEST_OUT": out])
        let pad = s.server.touchpad
        try pad.swipe(.begin, fingers: 4)
        for _ in 0..<5 { try pad.swipe(.update, fingers: 4, dx: 0, dy: -30) }
        try pad.swipe(.end, fingers: 4)
        try pad.sync()
        #expect(s.daemon.waitForLine(containing: "action         four-up") != nil)
        // The daemon reaps its child as soon as it exits, and says so.
        #expect(s.daemon.waitForLine(containing: "exited") != nil)
        let env = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(env.contains("XGEST_GESTURE=swipe"))
        #expect(env.contains("XGEST_FINGERS=4"))
        #expect(env.contains("XGEST_DIRECTION=up"))
        #expect(env.contains("XGEST_WINDOW_CLASS="))
        #expect(childProcesses(of: s.daemon.process.processIdentifier).isEmpty, "a child was left behind")
    }

    @Test func aBrokenEditKeepsTheRunningBindingsAndAGoodOneReplacesThem() throws {
        let s = try Session()
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        try window.focus()
        // An editor saving by rename: write beside, then move over the config.
        let temp = s.directory.appendingPathComponent("xgest.toml.tmp").path
        try (DaemonTests.config + "\n[[gesture]]\nkind = \"swipe\"\nfingers = \"three\"\n").write(
            toFile: temp, atomically: false, encoding: .utf8)
        #expect(rename(temp, s.configPath) == 0)
        #expect(s.daemon.waitForLine(containing: "has errors; the running config stays") != nil)
        try s.swipeLeft()
        #expect(s.daemon.waitForLine(containing: "action         swipe-next") != nil)

        let replaced = DaemonTests.config.replacingOccurrences(
            of: "name = \"swipe-next\"", with: "name = \"swipe-renamed\"")
        try replaced.write(toFile: temp, atomically: false, encoding: .utf8)
        #expect(rename(temp, s.configPath) == 0)
        #expect(s.daemon.waitForLine(containing: "config reloaded") != nil)
        try s.swipeLeft()
        #expect(s.daemon.waitForLine(containing: "action         swipe-renamed") != nil)
        _ = try window.receivedEvents()
    }
}

struct DaemonTestError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// Processes whose parent is `pid` (a zombie included).
func childProcesses(of pid: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> Int32? in
        guard let child = Int32(entry),
            let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) == pid ? child : nil
    }
}

@Suite struct DaemonPointerStrokeTests {
    static let config = """
        [[gesture]]
        name = "back"
        kind = "stroke"
        device = "pointer"
        button = 3
        direction = "left"
        action = "key F5"
        """

    @Test func aButtonThreeStrokeFiresAndAShortClickReachesTheWindowWhereItWasMade() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        let p = s.server.pointer
        try s.server.drawWithPointer((0...8).map { Point(x: 800 - Double($0 * 40), y: 400 + Double($0)) })
        #expect(s.daemon.waitForLine(containing: "action         back") != nil)
        let f5 = s.keycode("F5")
        let afterStroke = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f5 } }
        #expect(afterStroke.keys.filter(\.isPress).map(\.keycode) == [f5])
        #expect(afterStroke.buttons.isEmpty, "the stroke's button events reached the application")

        // A short click: handed back, at the place it was made.
        try p.move(x: 555, y: 333)
        try p.press(button: 3)
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.map(\.root) == [Point(x: 555, y: 333), Point(x: 555, y: 333)])
    }

    /// A circle goes nowhere overall: it is no `right` stroke (which its zero net travel
    /// once read as), so it runs nothing, and, drawn and not recognized, reaches no
    /// application: coming back gives a direction stroke up. The window gets the drag
    /// with `replay-unrecognized-strokes`.
    @Test func aCircleRunsNoDirectionBindingAndReachesTheWindowOnlyWhenReplayed() throws {
        for replays in [false, true] {
            try circleRunsNoDirectionBinding(replays: replays)
        }
    }

    private func circleRunsNoDirectionBinding(replays: Bool) throws {
        let settings = replays ? "[settings]\nreplay-unrecognized-strokes = true\n\n" : ""
        let s = try DaemonTests.Session(
            config: settings + Self.config.replacingOccurrences(of: "\"left\"", with: "\"right\""))
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let circle = (0...24).map { k in
            let a = 2 * Double.pi * Double(k) / 24
            return Point(x: (600 + 150 * cos(a)).rounded(), y: (450 + 150 * sin(a)).rounded())
        }
        try s.server.drawWithPointer(circle)
        #expect(s.daemon.waitForLine(containing: "back possible → failed (no overall direction: went 0px of a ") != nil)
        if !replays {
            #expect(
                s.daemon.waitForLine(containing: "press of button 3 handed back: not replayed: a stroke drawn") != nil)
            // Button 1, which xgest does not grab: the window got nothing of the circle before it.
            try s.server.pointer.press(button: 1)
            try s.server.pointer.release(button: 1)
            try s.server.pointer.sync()
        }
        let events = try window.collectEvents { $0.buttons.count >= 2 }
        #expect(events.buttons.map(\.button) == (replays ? [3, 3] : [1, 1]), "\(events.buttons)")
        #expect(events.buttons.map(\.isPress) == [true, false])
        if replays { #expect(events.buttons.first?.root == Point(x: 750, y: 450)) }
        #expect(events.keys.isEmpty)
        #expect(!s.daemon.stderrLines.contains { $0.contains("action         back") })
    }

    /// A touchpad's button-3 click is taken by the stroke grab (on the master pointer, which
    /// the touchpad drives too) and replayed at once, and the trace says so, as for a mouse.
    @Test func aTouchpadClickTheStrokeGrabReplaysIsTraced() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try s.server.pointer.move(x: 555, y: 333)
        try s.server.pointer.sync()
        try s.server.touchpad.press(button: 3)
        try s.server.touchpad.release(button: 3)
        try s.server.touchpad.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(
            s.daemon.waitForLine(
                containing: "press of button 3 handed back: replayed at once, a touchpad's button draws no stroke")
                != nil)
    }
}
