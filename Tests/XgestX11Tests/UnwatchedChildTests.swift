import Foundation
import Glibc
import Testing
import XgestTestServer

/// At the open-files limit a command an `exec` starts gets no pidfd, so no descriptor says
/// when it ends: it stayed a zombie until a child with one ended, with no word said. Such
/// children are now reaped on a timer of the loop, armed only while they run, and a line
/// says once why.
@Suite struct UnwatchedChildTests {
    static let config = """
        [[gesture]]
        name = "quick"
        kind = "tap"
        device = "touchscreen"
        fingers = 3
        action = "exec true"
        """

    /// How long a child of the daemon may stay a zombie: the timer's 250 ms and a slow pass
    /// on a busy machine.
    static let boundSeconds = 2.0

    @Test func childrenWithNoPidfdAreReapedAndTheReasonSaidOnce() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let pid = s.daemon.process.processIdentifier
        try Self.leaveNoDescriptorFree(pid)
        try tap(s)
        try tap(s)
        #expect(
            s.daemon.waitForLines(timeoutSeconds: Self.boundSeconds) { Self.reaped($0) == 2 },
            "\(s.daemon.stderrLines)")
        #expect(Self.zombies(of: pid).isEmpty)
        let said = s.daemon.stderrLines.filter { $0.contains("cannot watch child") }
        #expect(said.count == 1, "\(s.daemon.stderrLines)")
        #expect(
            said.first?.contains(
                ": too many open files; such children are reaped within 250 ms of their end") == true, "\(said)")
        #expect(said.first?.contains("(quick: exec true)") == true, "\(said)")
        // All reaped: the next child with no pidfd is said again.
        try tap(s)
        #expect(
            s.daemon.waitForLines(timeoutSeconds: Self.boundSeconds) { Self.reaped($0) == 3 },
            "\(s.daemon.stderrLines)")
        #expect(s.daemon.stderrLines.filter { $0.contains("cannot watch child") }.count == 2)
        #expect(Self.zombies(of: pid).isEmpty)
    }

    private func tap(_ s: DaemonTests.Session) throws {
        let ts = s.server.touchscreen
        for id in 1...3 { try ts.begin(id: UInt32(id), x: 200 + 60 * Double(id), y: 300) }
        try ts.sync()
        for id in 1...3 { try ts.end(id: UInt32(id), x: 200 + 60 * Double(id), y: 300) }
        try ts.sync()
    }

    /// The `--debug` lines of children reaped.
    static func reaped(_ lines: [String]) -> Int {
        lines.filter { $0.contains("(true) exited: exit status 0") }.count
    }

    /// Sets the soft open-files limit of `pid` to its lowest free descriptor number: every
    /// descriptor below it is open, so the next one it asks for is refused (EMFILE), and
    /// the commands it starts still start (glibc's posix_spawn closes the child's
    /// standard input before it opens /dev/null there).
    static func leaveNoDescriptorFree(_ pid: Int32) throws {
        let open = Set(
            try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap { Int($0) })
        let lowestFree = (0...).first { !open.contains($0) } ?? 0
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid", "\(pid)", "--nofile=\(lowestFree):"]
        try prlimit.run()
        prlimit.waitUntilExit()
        #expect(prlimit.terminationStatus == 0)
    }

    /// The children of `pid` that have exited and wait to be reaped.
    static func zombies(of pid: Int32) -> [Int32] {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }.filter { child in
            let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            // The state follows the command's closing parenthesis.
            guard let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
        }
    }
}
