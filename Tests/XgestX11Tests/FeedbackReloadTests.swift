import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A reload that changes `[feedback]` while a stroke is drawn: the daemon applies a config
/// between gestures, but `enabled = false` takes what is shown down at once.
@Suite struct FeedbackReloadTests {
    static let config = FeedbackTests.config(
        "label-duration = \"10s\"", settings: "stroke-max-duration = \"30s\"")
    static let waiting = "config loaded: it runs once the gesture in progress ends"

    /// A check mark drawn halfway with feedback on, its overlay up, then `enabled = false`
    /// saved; nil (the issue recorded) when no overlay came.
    static func turnFeedbackOffHalfwayThroughAStroke() throws -> (
        DaemonTests.Session, TestWindow, ScreenWatch, [Point], Int, Window
    )? {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        let path = Drawn.check()
        let half = path.count / 2
        try s.server.startDrawing(Array(path.prefix(half)))
        guard watch.wait(until: { $0.overlay != nil }), let overlay = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return nil
        }
        try FeedbackTests.config("enabled = false", settings: "stroke-max-duration = \"30s\"").write(
            toFile: s.configPath, atomically: true, encoding: .utf8)
        return (s, window, watch, path, half, overlay)
    }

    /// The overlay goes at the save, and the rest of the stroke draws nothing (the trail
    /// grew until the release, the new config waiting for the stroke to end).
    @Test func feedbackTurnedOffMidStrokeGoesAtOnce() throws {
        guard let (s, window, watch, path, half, overlay) = try Self.turnFeedbackOffHalfwayThroughAStroke() else {
            return
        }
        #expect(s.daemon.waitForLine(containing: Self.waiting) != nil)
        #expect(watch.wait { $0.destroyed.contains(overlay) }, "the overlay stayed after the save")
        for q in path.dropFirst(half) {
            try s.server.pointer.move(x: q.x, y: q.y)
            try s.server.pointer.sync()
        }
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "action         check-f5") != nil)
        #expect(s.daemon.waitForLine(containing: "config reloaded") != nil)
        watch.wait(timeoutSeconds: 0) { _ in true }
        #expect(watch.created == [overlay], "an overlay was made after the save")
        #expect(!s.daemon.stderrLines.contains { $0.contains("feedback label:") })
        _ = try window.receivedEvents()
    }

    /// That save dropped for a later one with errors: the running config, feedback on,
    /// stays, and the trail is drawn again, whole, as the stroke goes on.
    @Test func feedbackComesBackWhenTheSaveTurningItOffIsDropped() throws {
        guard let (s, window, watch, path, half, overlay) = try Self.turnFeedbackOffHalfwayThroughAStroke() else {
            return
        }
        #expect(watch.wait { $0.destroyed.contains(overlay) }, "the overlay stayed after the save")
        try "[[gesture]]\nkind = \"tapp\"\n".write(toFile: s.configPath, atomically: true, encoding: .utf8)
        #expect(s.daemon.waitForLine(containing: "is dropped with it") != nil)
        for q in path.dropFirst(half) {
            try s.server.pointer.move(x: q.x, y: q.y)
            try s.server.pointer.sync()
        }
        let drawn = watch.wait { w in path.allSatisfy { w.pixel($0) == FeedbackTests.trailPixel } }
        #expect(drawn, "trail pixels: \(path.map { String(watch.pixel($0), radix: 16) })")
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        _ = try window.receivedEvents()
    }
}
