import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

@testable import XgestX11

/// Another client holding a grab on the root window that xgest's bindings need: touchegg,
/// another xgest, a window manager, a kiosk tool. xgest takes only the grabs its bindings
/// need, and says which one another client holds.
@Suite struct GrabConflictTests {
    static let touchpadOnly = """
        [[gesture]]
        name = "four-up"
        kind = "swipe"
        device = "touchpad"
        fingers = 4
        direction = "up"
        action = "key a"
        """

    static let touchpadPinch = """
        [[gesture]]
        name = "pinch-in"
        kind = "pinch"
        device = "touchpad"
        direction = "in"
        action = "key a"
        """

    static let touchscreenTap = """
        [[gesture]]
        name = "tap2"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "key a"
        """

    /// Writes `config` beside `path` and renames it over it, as an editor saves: one change
    /// for the daemon to read.
    static func save(_ config: String, to path: String) throws {
        let temp = path + ".tmp"
        try config.write(toFile: temp, atomically: false, encoding: .utf8)
        #expect(rename(temp, path) == 0)
    }

    /// A directory with `config` written in it as xgest.toml; its path.
    static func writeConfig(_ config: String, in directory: URL, name: String = "xgest.toml") throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        try config.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func anotherClientsTouchGrabStopsOnlyAStartWithTouchscreenBindings() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-grabs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let other = try XDisplay(name: server.displayName)
        try other.grabTouches()
        other.sync()

        // No touchscreen binding: no touch grab is needed, and the daemon runs.
        let touchpad = try Self.writeConfig(Self.touchpadOnly, in: directory)
        let daemon = try XgestProcess(["run", "--debug", "--config", touchpad], display: server.displayName)
        #expect(
            daemon.waitForLine(containing: "capturing on") != nil, "\(daemon.stderrLines.joined(separator: "\n"))")
        #expect(daemon.stderrLines.contains { $0.contains("touchscreen: no binding, touches not grabbed") })
        #expect(daemon.stop(signal: SIGTERM) == 0)

        // A touchscreen binding needs it: the start is refused, saying which grab and who may hold it.
        let touchscreen = try Self.writeConfig(Self.touchscreenTap, in: directory, name: "touch.toml")
        let refused = try runXgest(
            ["run", "--config", touchscreen], environment: environment(display: server.displayName))
        #expect(refused.status == 1)
        #expect(
            refused.err
                == "xgest: cannot capture input on \(server.displayName): another client holds the touch grab (a"
                + " gesture program such as touchegg or another xgest, a window manager, a kiosk or on-screen keyboard"
                + " tool); stop it first\n")
        withExtendedLifetime(other) {}
    }

    /// A hotkey program grabbing the stroke button after xgest (xbindkeys, sxhkd started or
    /// reloaded later) takes every press of it: the newer passive grab on the root wins.
    /// Strokes then cannot start, which xgest says once, at the third press taken in a row
    /// (one or two are what a menu or a held button takes), and says again when a press
    /// comes to it once more.
    @Test func aStrokeButtonAnotherClientGrabbedAfterXgestIsSaidOnceAndItsReturnToo() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let stroke = (0...8).map { Point(x: 800 - Double($0 * 40), y: 400 + Double($0)) }
        guard let binder = XOpenDisplay(s.server.displayName) else {
            Issue.record("cannot open \(s.server.displayName)")
            return
        }
        defer { XCloseDisplay(binder) }
        let root = XDefaultRootWindow(binder)
        // As xbindkeys binds "b:3": a core passive grab on the root, any modifiers.
        XGrabButton(
            binder, 3, UInt32(AnyModifier), root, False, UInt32(ButtonPressMask | ButtonReleaseMask), GrabModeAsync,
            GrabModeAsync, 0, 0)
        XSync(binder, False)
        let taken = "3 presses of button 3 in a row taken by another client's grab: strokes with button 3 cannot start"
        try s.server.drawWithPointer(stroke)
        try s.server.drawWithPointer(stroke)
        #expect(s.daemon.waitForLine(containing: "taken by another client's grab, 2 in a row") != nil)
        #expect(!s.daemon.stderrLines.contains { $0.contains("cannot start") }, "said before the third")
        try s.server.drawWithPointer(stroke)
        #expect(s.daemon.waitForLine(containing: taken) != nil, "\(s.daemon.stderrLines.joined(separator: "\n"))")
        // Said once: a fourth stroke taken adds no line.
        try s.server.drawWithPointer(stroke)
        // A motion after it, for a line that comes after anything the stroke made.
        try s.server.pointer.move(x: 101, y: 103)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "at 101,103") != nil)
        #expect(s.daemon.stderrLines.filter { $0.contains(taken) }.count == 1)
        #expect(!s.daemon.stderrLines.contains { $0.contains("action         back") })

        // The binder lets go: the next stroke is xgest's, and xgest says so.
        XUngrabButton(binder, 3, UInt32(AnyModifier), root)
        XSync(binder, False)
        try s.server.drawWithPointer(stroke)
        #expect(
            s.daemon.waitForLine(
                containing: "press of button 3 came to xgest again: strokes with button 3 work again") != nil)
        #expect(s.daemon.waitForLine(containing: "action         back") != nil)
    }

    /// An open menu's grab takes a press of the stroke button (a right click on one of its
    /// items), and so does the implicit grab of a button already held (the right button
    /// clicked while the left one drags): the application has the press as it would
    /// without xgest. Only the trace says the menu's; no advice to unbind a hotkey program
    /// or to restart xgest, and nothing about the button working again after. The held
    /// button's are not counted: three right clicks with the left button held (a rocker
    /// gesture) said that a hotkey program held button 3.
    @Test func aPressAMenuIsOnlyTracedAndOnesAHeldButtonTakesAreNotCounted() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "App")
        var options = TestWindow.Options(x: 200, y: 200, width: 200, height: 200)
        options.overrideRedirect = true
        options.className = "Menu"
        let menu = try TestWindow(server: s.server, options: options)
        try menu.grabPointer()
        let p = s.server.pointer
        try p.move(x: 300, y: 300)
        try p.press(button: 3)
        try p.release(button: 3)
        try p.sync()
        let item = try menu.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(item.map(\.isPress) == [true, false], "the menu did not get the click")
        try menu.destroy()
        #expect(s.daemon.waitForLine(containing: "taken by another client's grab, 1 in a row") != nil)
        try p.move(x: 600, y: 500)
        try p.press(button: 1)
        for _ in 0..<3 {
            try p.press(button: 3)
            try p.release(button: 3)
        }
        try p.release(button: 1)
        try p.sync()
        let chord = try window.collectEvents { $0.buttons.count >= 8 }.buttons
        #expect(chord.map(\.button) == [1, 3, 3, 3, 3, 3, 3, 1], "\(chord)")
        // A motion after it, for a line that comes after anything the clicks made.
        try p.move(x: 101, y: 103)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "at 101,103") != nil)
        let counted = s.daemon.stderrLines.filter { $0.contains("in a row") }
        #expect(counted.count == 1, "\(counted)")

        // Strokes work, and said nothing of the button being taken or back.
        try s.server.drawWithPointer((0...8).map { Point(x: 800 - Double($0 * 40), y: 400 + Double($0)) })
        #expect(s.daemon.waitForLine(containing: "action         back") != nil)
        let said = s.daemon.stderrLines.filter { $0.contains("cannot start") || $0.contains("came to xgest again") }
        #expect(said.isEmpty, "\(said)")
    }

    /// A reload that adds a touchscreen binding while another client holds the touch grab:
    /// xgest says which grab and that the binding waits for it, not a protocol error; it
    /// takes the grab at the first touch after the client let go, and says so.
    @Test func aTouchGrabHeldAtAReloadIsSaidAndTakenOnceFree() throws {
        let s = try DaemonTests.Session(config: Self.touchpadOnly)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        try window.focus()
        let other = try XDisplay(name: s.server.displayName)
        try other.grabTouches()
        other.sync()
        try Self.save(DaemonTests.config, to: s.configPath)
        #expect(
            s.daemon.waitForLine(
                containing: "touchscreen bindings inactive: another client holds the touch grab (a gesture program")
                != nil, "\(s.daemon.stderrLines.joined(separator: "\n"))")
        #expect(!s.daemon.stderrLines.contains { $0.contains("X protocol error") })

        // Let go: the next touch has xgest take it (that touch is the application's whole).
        other.ungrabTouches()
        other.sync()
        let touches = try s.tap(x: 300, y: 300, reaching: window)
        #expect(touches.map(\.phase) == [.begin, .end])
        #expect(
            s.daemon.waitForLine(containing: "the touch grab taken again: the touchscreen bindings work again") != nil)
        try s.swipeLeft()
        #expect(
            s.daemon.waitForLine(containing: "action         swipe-next") != nil,
            "\(s.daemon.stderrLines.joined(separator: "\n"))")
        withExtendedLifetime(other) {}
    }

    /// A touchpad gesture grab another client holds at a reload stops the touchpad's swipe
    /// bindings only: the touch grab is still taken and the touchscreen's swipe fires. Once
    /// the client lets go, the touchpad's next motion has xgest take the gesture grab.
    @Test func aGestureGrabHeldAtAReloadStopsOnlyTheTouchpadBindings() throws {
        // Neither the touch grab nor the swipe gesture grab is held before the reload.
        let s = try DaemonTests.Session(config: Self.touchpadPinch)
        let other = try XDisplay(name: s.server.displayName)
        let otherGrabs = TouchpadGestureGrabs(display: other)
        try otherGrabs.set([.swipe])
        other.sync()
        try Self.save(DaemonTests.config, to: s.configPath)
        #expect(
            s.daemon.waitForLine(
                containing: "touchpad swipe bindings inactive: another client holds the touchpad swipe gesture grab")
                != nil, "\(s.daemon.stderrLines.joined(separator: "\n"))")
        try s.swipeLeft()
        #expect(
            s.daemon.waitForLine(containing: "action         swipe-next") != nil,
            "\(s.daemon.stderrLines.joined(separator: "\n"))")

        otherGrabs.releaseAll()
        other.sync()
        try s.server.touchpad.move(dx: 5, dy: 0)
        try s.server.touchpad.sync()
        #expect(
            s.daemon.waitForLine(
                containing: "the touchpad swipe gesture grab taken again: the touchpad swipe bindings work again")
                != nil, "\(s.daemon.stderrLines.joined(separator: "\n"))")
        withExtendedLifetime(other) {}
    }
}
