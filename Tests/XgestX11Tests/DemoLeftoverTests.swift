import Foundation
import Glibc
import Testing

/// A demo killed with SIGKILL (or by a crash) left its private directory in /tmp, which no
/// signal handler could remove. The next demo removes the directories of demos that no
/// longer run, and says so in one line: each holds a lock in its directory while it runs.
@Suite struct DemoLeftoverTests {
    /// Starts `xgest demo`, waits for its private directory, and returns both.
    static func startDemo() throws -> (demo: XgestProcess, directory: String) {
        let demo = try XgestProcess(["demo"], display: "", readsStandardOutput: true)
        let started = try #require(demo.waitForLine(containing: "xgest run --debug --config /tmp/xgest-demo-"))
        let start = try #require(started.range(of: "/tmp/xgest-demo-")).lowerBound
        let config = String(started[start...].prefix { $0 != " " })
        return (demo, String(config.dropLast("/xgest.toml".count)))
    }

    @Test func theNextDemoRemovesAKilledDemosDirectory() throws {
        let (killed, directory) = try Self.startDemo()
        #expect(FileManager.default.fileExists(atPath: directory + "/demo.lock"))
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: directory), "the kill removed \(directory)")

        let (next, own) = try Self.startDemo()
        defer { _ = next.stop(signal: SIGINT) }
        let said = next.stderrLines.first { $0.contains("xgest demo: removed") }
        #expect(said?.contains(directory) == true, "\(next.stderrLines.prefix(5))")
        #expect(!FileManager.default.fileExists(atPath: directory), "\(directory) left behind")
        #expect(FileManager.default.fileExists(atPath: own), "the running demo's own directory went")
    }

    /// What is not surely a dead demo's is left alone: a running demo's, one without a lock
    /// (an older xgest's), a symbolic link, and a directory with files no demo makes.
    @Test func whatIsNotADeadDemosIsLeftAlone() throws {
        let (running, runningDirectory) = try Self.startDemo()
        defer { _ = running.stop(signal: SIGINT) }
        let fm = FileManager.default
        let base = "/tmp/xgest-demo-test\(getpid())"
        let noLock = base + "a"
        // Not named as a demo's itself, or it would be one left.
        let target = "/tmp/xgest-link-target-\(getpid())"
        let link = base + "b"
        let foreign = base + "c"
        defer { for path in [noLock, target, link, foreign] { try? fm.removeItem(atPath: path) } }
        try fm.createDirectory(atPath: noLock, withIntermediateDirectories: false)
        try fm.createDirectory(atPath: target, withIntermediateDirectories: false)
        #expect(fm.createFile(atPath: target + "/demo.lock", contents: Data()))
        try fm.createSymbolicLink(atPath: link, withDestinationPath: target)
        try fm.createDirectory(atPath: foreign, withIntermediateDirectories: false)
        #expect(fm.createFile(atPath: foreign + "/demo.lock", contents: Data()))
        #expect(fm.createFile(atPath: foreign + "/notes.txt", contents: Data("mine".utf8)))

        let (next, _) = try Self.startDemo()
        defer { _ = next.stop(signal: SIGINT) }
        #expect(!next.stderrLines.contains { $0.contains("xgest demo: removed") }, "\(next.stderrLines.prefix(5))")
        #expect((try? fm.destinationOfSymbolicLink(atPath: link)) == target, "the link was removed")
        for path in [runningDirectory, noLock, target + "/demo.lock", foreign + "/demo.lock", foreign + "/notes.txt"] {
            #expect(fm.fileExists(atPath: path), "\(path) was removed")
        }
    }
}
