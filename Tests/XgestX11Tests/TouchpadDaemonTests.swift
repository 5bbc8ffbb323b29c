import Foundation
import Testing
import XgestCore
import XgestTestServer

/// `xgest run` with the shipped config (config/xgest.toml) and applications on the real
/// server: touchpad gestures no binding takes reach the application whole, as they do
/// without xgest; the ones a binding takes reach it not at all.
@Suite struct TouchpadDaemonTests {
    static let shippedConfigPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("config/xgest.toml").path

    /// `xgest run --debug` on a server that is already running, with a config file.
    final class Daemon {
        let process: XgestProcess
        let directory: URL

        init(server: XorgServer, config: String) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-tp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let path = directory.appendingPathComponent("xgest.toml").path
            try config.write(toFile: path, atomically: true, encoding: .utf8)
            process = try XgestProcess(["run", "--debug", "--config", path], display: server.displayName)
            guard process.waitForLine(containing: "capturing on") != nil else {
                throw DaemonTestError("the daemon did not start: \(process.stderrLines.joined(separator: "\n"))")
            }
        }

        deinit {
            _ = process.stop(signal: SIGTERM)
            try? FileManager.default.removeItem(at: directory)
        }

        /// Waits until `count` trace lines contain `text`.
        func waitFor(_ text: String, count: Int = 1) -> Bool {
            process.waitForLines { lines in lines.filter { $0.contains(text) }.count >= count }
        }
    }

    static func shippedConfig() throws -> String {
        try String(contentsOfFile: shippedConfigPath, encoding: .utf8)
    }

    static func gestures(_ events: [TestWindowEvent], _ kind: ReceivedGesture.Kind) -> [ReceivedGesture] {
        events.compactMap { if case .gesture(let g) = $0, g.kind == kind { return g } else { return nil } }
    }

    @Test func shippedConfigHandsPinchesToTheWindowAndTakesBoundSwipesWhole() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600, className: "Editor")
        let terminal = try TestWindow(
            server: server, x: 1000, y: 100, width: 800, height: 600, instanceName: "gnome-terminal-server",
            className: "Gnome-terminal")

        // Without xgest: what the window gets of a pinch and of a 3-finger swipe.
        try TouchpadGrabTests.pinch(server, x: 500, y: 400)
        let pinchAlone = Self.gestures(try window.receivedEvents(), .pinch)
        try TouchpadGrabTests.swipe(server, fingers: 3, x: 500, y: 400)
        let swipeAlone = Self.gestures(try window.receivedEvents(), .swipe)
        #expect(pinchAlone.count == 5)
        #expect(swipeAlone.count == 5)

        let daemon = try Daemon(server: server, config: try Self.shippedConfig())
        #expect(daemon.waitFor("touchpad gestures grabbed: swipe, pinch"))

        // With xgest: the pinch is the window's, every event of it, as without xgest.
        try TouchpadGrabTests.pinch(server, x: 500, y: 400)
        #expect(daemon.waitFor("touchpad pinch (2 fingers) on window Editor"))
        #expect(daemon.waitFor("handed back: no binding there takes it"))
        let pinch = Self.gestures(try window.collectEvents { Self.gestures($0, .pinch).count >= 5 }, .pinch)
        #expect(pinch.count == pinchAlone.count)
        #expect(pinch.map(\.phase) == pinchAlone.map(\.phase))
        #expect(zip(pinch, pinchAlone).allSatisfy { abs($0.scale - $1.scale) < 1e-3 })

        // A 3-finger swipe left is desktop-next's, whole: the window sees none of it.
        try TouchpadGrabTests.swipe(server, fingers: 3, x: 500, y: 400)
        #expect(daemon.waitFor("swipe-end"))
        #expect(daemon.waitFor("desktop-next"))
        // Said as `xgest replay --explain` says it.
        #expect(daemon.waitFor(#"kept: "desktop-next" can take it, so no application gets it"#))
        #expect(Self.gestures(try window.receivedEvents(), .swipe).isEmpty)

        // A pinch over the terminal is terminal-zoom-in's: keys, and no pinch for the terminal.
        try TouchpadGrabTests.pinch(server, x: 1400, y: 400)
        #expect(daemon.waitFor("action         terminal-zoom-in: key ctrl+shift+plus on Gnome-terminal"))
        #expect(daemon.waitFor("pinch-end"))
        #expect(Self.gestures(try terminal.receivedEvents(), .pinch).isEmpty)
        #expect(Self.gestures(try window.receivedEvents(), .pinch).isEmpty)
    }

    @Test func withNoTouchpadBindingNoGestureReachesXgest() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600, className: "Editor")
        let config = """
            [[gesture]]
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "click 3"
            """
        let daemon = try Daemon(server: server, config: config)
        #expect(daemon.waitFor("touchpad gestures: none grabbed"))
        try TouchpadGrabTests.pinch(server, x: 500, y: 400)
        try TouchpadGrabTests.swipe(server, fingers: 3, x: 500, y: 400)
        try TouchpadGrabTests.swipe(server, fingers: 4, x: 500, y: 400)
        let events = try window.collectEvents { Self.gestures($0, .swipe).count >= 10 }
        #expect(Self.gestures(events, .pinch).count == 5)
        #expect(Self.gestures(events, .swipe).count == 10)
        // The daemon has seen everything up to this motion, and no gesture event.
        try server.pointer.move(x: 777, y: 333)
        try server.pointer.sync()
        #expect(daemon.waitFor("at 777,333"))
        let lines = daemon.process.stderrLines
        #expect(!lines.contains { $0.contains("pinch-") || $0.contains("swipe-") || $0.contains("handed back") })
    }

    @Test func aReloadGrabsWhatTheNewConfigBinds() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600, className: "Editor")
        let daemon = try Daemon(server: server, config: "")
        #expect(daemon.waitFor("touchpad gestures: none grabbed"))
        let path = daemon.directory.appendingPathComponent("xgest.toml").path
        try """
        [[gesture]]
        kind = "rotate"
        device = "touchpad"
        action = "click 1"
        """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(daemon.waitFor("touchpad gestures grabbed: pinch"))
        try TouchpadGrabTests.pinch(server, x: 500, y: 400)
        #expect(daemon.waitFor("pinch-end"))
        #expect(Self.gestures(try window.receivedEvents(), .pinch).isEmpty)
    }
}
