import Foundation
import Glibc
import Testing
import XgestTestServer

/// A first `xgest run`, with no config of the user's and no --debug: it said nothing, so
/// the user learnt neither that the shipped config ran nor where theirs goes.
@Suite struct ShippedConfigNoticeTests {
    @Test func aFirstRunNamesTheShippedConfigAndWhereTheUsersGoes() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-first-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let daemon = try XgestProcess(
            ["run"], display: server.displayName, extraEnvironment: ["XDG_CONFIG_HOME": home.path],
            standardErrorIsTheJournal: true)
        defer { _ = daemon.stop(signal: SIGTERM) }
        let line = daemon.waitForLine(containing: "running the shipped config")
        #expect(line?.hasPrefix("<6>xgest: running the shipped config, ") == true, "\(daemon.stderrLines)")
        #expect(
            line?.hasSuffix(
                "xgest.toml: copy it to \(home.path)/xgest/xgest.toml to make it your own (read again each time it"
                    + " is saved)") == true, "\(daemon.stderrLines)")
    }

    /// With a config of the user's, nothing is said.
    @Test func aRunOnTheUsersConfigSaysNothingOfIt() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-own-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("xgest"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try DaemonTests.config.write(
            to: home.appendingPathComponent("xgest/xgest.toml"), atomically: true, encoding: .utf8)
        let daemon = try XgestProcess(
            ["run"], display: server.displayName, extraEnvironment: ["XDG_CONFIG_HOME": home.path])
        // It says nothing it could be waited on for: half a second to start.
        usleep(500_000)
        #expect(daemon.process.isRunning, "\(daemon.stderrLines)")
        _ = daemon.stop(signal: SIGTERM, timeoutSeconds: 10)
        #expect(!daemon.stderrLines.contains { $0.contains("shipped config") }, "\(daemon.stderrLines)")
    }
}
