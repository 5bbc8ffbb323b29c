import Foundation
import Testing
import XgestTestServer

/// The `--debug` trace's input lines: the device named as on every other line, and the
/// lines in event-time order when the daemon reads input late.
@Suite struct TraceLineTests {
    static let config = """
        [[gesture]]
        name = "hold-f5"
        kind = "long-press"
        device = "touchscreen"
        long-press-duration = "100ms"
        action = "key F5"

        [[gesture]]
        name = "tap2-f6"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "key F6"
        """

    /// `[  1.234000]` at the start of a trace line, in seconds; nil for other lines.
    static func stamp(_ line: String) -> Double? {
        guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]"), open < close else {
            return nil
        }
        return Double(line[line.index(after: open)..<close].trimmingCharacters(in: .whitespaces))
    }

    /// The end xgest gives a touch it hands back has its device's name where every input
    /// line has it, and says it was handed back after it (it read `dev 6 "handed back"`).
    @Test func aHandedBackTouchsEndNamesItsDevice() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Traced")
        // A finger that slides is no long press and no tap: handed back as it moves.
        try swipe(s.server, fromX: 300, toX: 700, y: 300)
        let line = try #require(s.daemon.waitForLine(containing: "(handed back)"), "\(s.daemon.stderrLines)")
        #expect(line.contains("touch-end      dev 6 \"xgest-touchscreen\" touch 1 at "), "\(line)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("\"handed back\"") })
        _ = try window.receivedEvents()
    }

    /// Input read late (the daemon stopped a moment, as a busy one is): the long press's
    /// timer, due before the finger's next event, fires when that event is read. What it
    /// does is said before that event's line, as it came before it: the lines' times never
    /// go back (`[0.7] touch-update` was printed before `[0.5] transition hold-f5`).
    @Test func whatTimersDoBeforeAnEventReadLateIsSaidBeforeIt() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Traced")
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 300, y: 300)
        try ts.sync()
        // Server time passes the 100 ms long press while the daemon reads nothing (not a
        // wait for X: the daemon is stopped, and only the server's clock must move on).
        usleep(200_000)
        try ts.update(id: 1, x: 301, y: 300)
        try ts.sync()
        try ts.end(id: 1, x: 301, y: 300)
        try ts.sync()
        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "action         hold-f5") != nil)
        #expect(s.daemon.waitForLine(containing: "touch-end") != nil)
        let lines = s.daemon.stderrLines.filter { Self.stamp($0) != nil }
        let backwards = zip(lines, lines.dropFirst()).filter { (Self.stamp($0) ?? 0) > (Self.stamp($1) ?? 0) }
        #expect(backwards.isEmpty, "\(backwards)")
        let began = lines.firstIndex { $0.contains("hold-f5 possible → began") }
        let updated = lines.firstIndex { $0.contains("touch-update") }
        #expect((began ?? Int.max) < (updated ?? Int.min), "\(lines)")
        _ = try window.receivedEvents()
    }
}
