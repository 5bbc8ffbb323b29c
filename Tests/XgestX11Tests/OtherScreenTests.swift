import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A server with two X screens ("Zaphod": `:N.0` 1920x1080 and `:N.1` 1280x1024 right of
/// it, no Xinerama): xgest watches the screen its DISPLAY names, and says so. The devices'
/// absolute axes span both screens: desktop x 1920 + x is x on screen 1.
@Suite struct OtherScreenTests {
    static func twoScreens() -> XorgServer.Options {
        var o = XorgServer.Options()
        o.secondScreenWidth = 1280
        o.secondScreenHeight = 1024
        return o
    }

    static let strokeConfig = """
        [[gesture]]
        name = "strokeL"
        kind = "stroke"
        device = "pointer"
        button = 3
        direction = "left"
        action = "key F5"

        """

    @Test func theStartSaysWhichScreenIsWatchedAndHowToWatchTheOther() throws {
        let server = try XorgServer(options: Self.twoScreens())
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-zaphod-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("xgest.toml").path
        try Self.strokeConfig.write(toFile: config, atomically: true, encoding: .utf8)
        // Without --debug: the line is for everyone.
        for (display, watched, other) in [
            (server.displayName, 0, server.displayName + ".1"),
            (server.displayName + ".1", 1, server.displayName + ".0"),
        ] {
            let daemon = try XgestProcess(["run", "--config", config], display: display)
            let line = daemon.waitForLine(containing: "screens")
            #expect(daemon.stop(signal: SIGTERM) == 0)
            #expect(
                line
                    == "xgest: the X server has 2 screens and this xgest watches screen \(watched) only: input on the"
                    + " others is not seen; another `xgest run` with DISPLAY=\(other) covers that one",
                "\(daemon.stderrLines)")
        }
    }

    /// A stroke drawn right from screen 0 onto screen 1 was read with screen 1's positions
    /// as screen 0's, a jump left, and fired the left stroke's binding. It ends where it
    /// leaves: the press goes back to the window it was made on, as far as the pointer was
    /// on that screen, and the pointer is left where it is, on screen 1.
    @Test func aStrokeGoingOntoTheOtherScreenIsCancelledAndItsPressHandedBack() throws {
        let s = try DaemonTests.Session(config: Self.strokeConfig, serverOptions: Self.twoScreens())
        let window = try TestWindow(server: s.server, x: 1400, y: 100, width: 500, height: 500, className: "Left")
        let p = s.server.pointer
        try p.move(x: 1700, y: 300)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        for x in stride(from: 1800.0, through: 2200, by: 100) {
            try p.move(x: x, y: 300)
            try p.sync()
        }
        try p.release(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "went onto another X screen") != nil, "\(s.daemon.stderrLines)")
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.first?.root == Point(x: 1700, y: 300))
        #expect((buttons.last?.root.x ?? 0) < 1920)
        #expect(!s.daemon.stderrLines.contains { $0.contains("action         strokeL") }, "\(s.daemon.stderrLines)")
        let d = try #require(XOpenDisplay(s.server.displayName))
        defer { XCloseDisplay(d) }
        let at = queryPointerScreen(d)
        #expect(at.screen == 1 && at.x == 280 && at.y == 300)
    }

    /// Raw motion's values were added up or mapped over screen 0 alone: an absolute device's
    /// span both screens, so x 1000 was recorded at 600, and motion on screen 1 was
    /// recorded as screen 0's. Recorded are the pointer's positions on the watched screen.
    @Test func recordWritesThePointersPositionsOnTheWatchedScreenOnly() throws {
        let server = try XorgServer(options: Self.twoScreens())
        defer { server.stop() }
        let recorder = try XgestProcess(["record"], display: server.displayName, readsStandardOutput: true)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        let p = server.pointer
        // Each move waited for, as a hand's motion is read one event at a time.
        for x in [1000.0, 700] {
            try p.move(x: x, y: 300)
            try p.sync()
            #expect(recorder.waitForLine(containing: #""type":"motion","x":\#(x),"y":300.0}"#) != nil)
        }
        // A click on screen 1 is not recorded; a key's modifier change, recorded, tells it was read.
        try p.move(x: 2300, y: 300)
        try p.click(button: 1, x: 2300, y: 300)
        try p.sync()
        let d = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(d) }
        let shift = UInt32(XKeysymToKeycode(d, KeySym(XK_Shift_L)))
        try server.keyboard.press(keycode: shift)
        try server.keyboard.sync()
        #expect(recorder.waitForLine(containing: #""type":"modifiers""#) != nil)
        try server.keyboard.release(keycode: shift)
        try server.keyboard.sync()
        // Back on screen 0: recorded. The click's release ends what is waited for; the
        // motion before it is in the trace checked below.
        try p.move(x: 500, y: 400)
        try p.sync()
        try p.click(button: 1, x: 500, y: 400)
        try p.sync()
        #expect(recorder.waitForLine(containing: #""type":"button-release""#) != nil, "\(recorder.stderrLines)")
        #expect(recorder.stop(signal: SIGINT) == 0)
        // Standard output's lines, the trace, among standard error's.
        let text = recorder.stderrLines.filter { $0.hasPrefix("{") }.joined(separator: "\n")
        let pointer = try TraceDecoder.read(text).records.compactMap { r -> String? in
            guard case .input(let e) = r, e.deviceKind == .pointer else { return nil }
            switch e.payload {
            case .pointerMotion(let p): return "motion \(p)"
            case .button(let b): return "button \(b.button) \(b.isPress) \(b.location)"
            default: return nil
            }
        }
        #expect(
            pointer == [
                "motion 1000,300", "motion 700,300", "motion 500,400", "button 1 true 500,400",
                "button 1 false 500,400",
            ], "\(recorder.stderrLines)")
    }
}
