import Foundation
import Glibc
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// SIGTTIN and SIGTTOU, job control's other stop signals: their default action stopped the
/// daemon with its grabs taken and the keys its actions held still down (a window
/// switcher's Alt), until continued.
@Suite struct JobControlStopTests {
    /// Sent with `kill`, each suspends the daemon as SIGTSTP does: Alt is let go and the
    /// process stops; continued, it takes its grabs again.
    @Test(arguments: [SIGTTIN, SIGTTOU])
    func aStopSignalInTheMiddleOfTheSwitcherLetsGoOfAlt(_ signal: Int32) throws {
        let s = try HeldInputTests.Switcher()
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
        let pid = s.session.daemon.process.processIdentifier
        defer { kill(pid, SIGCONT) }
        kill(pid, signal)
        #expect(s.session.daemon.waitForLine(containing: "suspended (") != nil, "\(s.session.daemon.stderrLines)")
        #expect(SuspensionTests.waitUntilStopped(pid), "the daemon did not stop")
        #expect(keysDown(s.display).isEmpty, "Alt is still down")
        kill(pid, SIGCONT)
        #expect(s.session.daemon.waitForLine(containing: "continued: grabs taken again") != nil)
        try s.end()
    }

    /// `xgest run --debug &` in a terminal set `stty tostop`: the daemon's first line on
    /// standard error got it SIGTTOU, and it stopped there, just after taking its grabs.
    /// Its lines now go through and it runs.
    @Test func aDaemonInTheBackgroundOfATostopTerminalWritesAndRuns() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-tostop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("xgest.toml").path
        try SuspensionTests.config.write(toFile: config, atomically: true, encoding: .utf8)
        // An interactive shell's job control (`set -m`): the daemon runs in a process group
        // of its own, in the background of the terminal `script` makes.
        let shell = directory.appendingPathComponent("session.sh").path
        try """
        set -m
        stty tostop
        '\(xgestExecutable())' run --debug --config '\(config)' &
        echo "daemon $!"
        wait
        """.write(toFile: shell, atomically: true, encoding: .utf8)
        let terminal = Process()
        terminal.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        terminal.arguments = ["-qfec", "/bin/bash --norc \(shell)", "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        for name in ["WAYLAND_DISPLAY", "XDG_SESSION_TYPE", "JOURNAL_STREAM"] { environment.removeValue(forKey: name) }
        terminal.environment = environment
        let input = Pipe()
        let output = Pipe()
        terminal.standardInput = input
        terminal.standardOutput = output
        let lines = LineQueue()
        lines.follow(output.fileHandleForReading)
        try terminal.runWithNoSignalBlocked()
        defer {
            terminal.terminate()
            terminal.waitUntilExit()
        }
        let announced = lines.wait(for: "daemon ", timeoutSeconds: 10)
        let pid = announced.flatMap {
            pid_t($0.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        }
        guard let pid else {
            Issue.record("no daemon started: \(lines.all)")
            return
        }
        defer {
            kill(pid, SIGCONT)
            kill(pid, SIGTERM)
        }
        #expect(lines.wait(for: "capturing on", timeoutSeconds: 10) != nil, "\(lines.all)")
        #expect(SuspensionTests.processState(pid) != "T", "the daemon stopped")
    }
}
