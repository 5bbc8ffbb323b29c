import Foundation
import Testing
import XgestCore
import XgestTestServer

/// `xgest record` then `xgest replay` on what changed during the recording: the replay must
/// decide as the live daemon did with the same input.
@Suite struct RecordReplayTests {
    /// A 2-finger tap for each of two application classes.
    static let appTaps = """
        [[app]]
        class = "WinA"
        [[app.gesture]]
        name = "inA"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "exec true"

        [[app]]
        class = "WinB"
        [[app.gesture]]
        name = "inB"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "exec true"
        """

    /// A directory for a trace and a config, removed when the test ends.
    final class Files {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-rr-\(UUID().uuidString)")
        var trace: String { directory.appendingPathComponent("r.trace").path }
        var config: String { directory.appendingPathComponent("xgest.toml").path }

        init(config: String) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try config.write(toFile: self.config, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// `xgest replay --json` of the trace with the config: its objects of `kind`, each
        /// as `binding app`.
        func replayed(kind: String) throws -> [String] {
            let r = try runXgest(
                ["replay", trace, "--config", config, "--json"], environment: environment(display: nil))
            #expect(r.status == 0, "\(r.err)")
            return r.out.split(separator: "\n").compactMap { line in
                guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    o["kind"] as? String == kind, let binding = o["binding"] as? String, let app = o["app"] as? String
                else { return nil }
                return "\(binding) \(app)"
            }
        }
    }

    /// Waits until the trace holds a line containing `text`: the recorder wrote it, so
    /// it has read everything the server sent before it.
    static func waitForTraceLine(_ path: String, containing text: String, timeoutSeconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        repeat {
            if let trace = try? String(contentsOfFile: path, encoding: .utf8), trace.contains(text) { return true }
            usleep(10_000)
        } while Date() < deadline
        return false
    }

    /// A 2-finger tap at (x, y), one sync per frame.
    static func tap2(_ server: XorgServer, x: Double, y: Double) throws {
        let ts = server.touchscreen
        try ts.begin(id: 1, x: x, y: y)
        try ts.begin(id: 2, x: x + 20, y: y)
        try ts.sync()
        try ts.end(id: 1, x: x, y: y)
        try ts.end(id: 2, x: x + 20, y: y)
        try ts.sync()
    }

    /// Taps where a window was before it closed, and where one was before it moved, start
    /// on the desktop live: the replay fires nothing there, and fires the moved window's
    /// binding where it is now.
    @Test func windowsClosedOrMovedWhileRecordingReplayAsTheyWereLive() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let files = try Files(config: Self.appTaps)
        let a = try TestWindow(
            server: server, x: 0, y: 300, width: 400, height: 300, instanceName: "a", className: "WinA", title: "A")
        let b = try TestWindow(
            server: server, x: 500, y: 300, width: 400, height: 300, instanceName: "b", className: "WinB", title: "B")
        let recorder = try XgestProcess(["record", "--output", files.trace], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        try b.destroy()
        try Self.tap2(server, x: 700, y: 400)
        try a.move(x: 1200, y: 600)
        try Self.tap2(server, x: 100, y: 400)
        try Self.tap2(server, x: 1300, y: 700)
        #expect(recorder.stop(signal: SIGINT) == 0, "\(recorder.stderrLines)")
        #expect(try files.replayed(kind: "action") == ["inA WinA"])
    }

    /// A touchpad enabled during the recording (plugged in, woken with a new id): the trace
    /// declares it before its events, and its swipe replays as it ran live.
    @Test func aDeviceAddedWhileRecordingReplays() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let files = try Files(
            config: """
                [[gesture]]
                name = "pad-left"
                kind = "swipe"
                device = "touchpad"
                fingers = 3
                direction = "left"
                action = "exec true"
                """)
        try server.setEnabled(false, device: .touchpad)
        let recorder = try XgestProcess(["record", "--output", files.trace], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        try server.setEnabled(true, device: .touchpad)
        #expect(Self.waitForTraceLine(files.trace, containing: #""type":"device""#))
        try TouchpadGrabTests.swipe(server, fingers: 3, x: 500, y: 400)
        #expect(recorder.stop(signal: SIGINT) == 0, "\(recorder.stderrLines)")
        #expect(try files.replayed(kind: "action") == ["pad-left desktop"])
    }

    /// The screen made smaller during the recording: a swipe in from its new right edge is
    /// an edge gesture live, and in replay, which would judge it on the old size without
    /// the trace's screen record.
    @Test func aScreenResizedWhileRecordingReplaysOnItsNewSize() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let files = try Files(config: MonitorTests.edgeConfig)
        let recorder = try XgestProcess(["record", "--output", files.trace], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        // A smaller mode, as a laptop docked or a screen set to a lower resolution.
        #expect(try runOnDisplay(server, "/usr/bin/xrandr", ["--output", "DUMMY0", "--mode", "1680x1050"]) == 0)
        #expect(Self.waitForTraceLine(files.trace, containing: #""type":"screen","width":1680"#))
        // The touchscreen spans the root: x 1915 of the server's 1920 is x 1675.6 now, 4 px
        // from the new right edge.
        try swipe(server, fromX: 1915, toX: 1600)
        #expect(recorder.stop(signal: SIGINT) == 0, "\(recorder.stderrLines)")
        #expect(
            try files.replayed(kind: "action") == ["edge-right desktop"],
            "\((try? String(contentsOfFile: files.trace, encoding: .utf8)) ?? "")")
    }

    /// The same, with the resize and the swipe read in one pass (the recorder stopped a
    /// moment, as a busy one is): the screen record comes before the swipe, as the daemon
    /// reads the new size before the input after it. It came after the pass, and the
    /// replay judged the swipe on the old size, where the daemon fired.
    @Test func aScreenResizedAndASwipeReadInOnePassReplayOnTheNewSize() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let files = try Files(config: MonitorTests.edgeConfig)
        let recorder = try XgestProcess(["record", "--output", files.trace], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        let pid = recorder.process.processIdentifier
        kill(pid, SIGSTOP)
        #expect(try runOnDisplay(server, "/usr/bin/xrandr", ["--output", "DUMMY0", "--mode", "1680x1050"]) == 0)
        try swipe(server, fromX: 1915, toX: 1600)
        kill(pid, SIGCONT)
        #expect(Self.waitForTraceLine(files.trace, containing: #""type":"touch-end""#))
        #expect(recorder.stop(signal: SIGINT) == 0, "\(recorder.stderrLines)")
        #expect(
            try files.replayed(kind: "action") == ["edge-right desktop"],
            "\((try? String(contentsOfFile: files.trace, encoding: .utf8)) ?? "")")
    }
}
