import Foundation
import Testing
import XgestTestServer

/// Under systemd, the daemon's lines to the journal carry their priority: a stroke
/// template file the daemon leaves out (and runs on without) is a warning, as
/// docs/session.md lists it; it was written as an error.
@Suite struct TemplateJournalTests {
    @Test func aTemplateFileLeftOutIsAWarning() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-template-journal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A directory named as a template: refused, and left out.
        let strokes = directory.appendingPathComponent("xgest/strokes/dir.stroke")
        try FileManager.default.createDirectory(at: strokes, withIntermediateDirectories: true)
        let config = directory.appendingPathComponent("xgest.toml").path
        try """
        [[gesture]]
        name = "t"
        kind = "tap"
        device = "touchscreen"
        action = "key F5"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try XgestProcess(
            ["run", "--config", config], display: server.displayName,
            extraEnvironment: ["XDG_CONFIG_HOME": directory.path], standardErrorIsTheJournal: true)
        defer { _ = daemon.stop(signal: SIGTERM) }
        let line = daemon.waitForLine(containing: "dir.stroke")
        #expect(line == "<4>\(strokes.path): error: not a regular file (a directory)", "\(daemon.stderrLines)")
    }
}
