import Foundation
import Glibc
import Testing

/// Under systemd, standard error is the journal (JOURNAL_STREAM names its device and inode):
/// each line xgest writes there starts with its syslog priority, so `journalctl -p warning`
/// shows the warnings and errors; anywhere else, and on standard output, no line does.
@Suite struct JournalPriorityTests {
    /// `xgest ARGUMENTS` in a fresh directory holding `files`, its standard error a file;
    /// JOURNAL_STREAM names that file when `journal`, another file otherwise.
    func run(_ arguments: [String], files: [String: String], journal: Bool) throws -> (out: String, err: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let errPath = directory.appendingPathComponent("stderr").path
        let otherPath = directory.appendingPathComponent("other").path
        #expect(FileManager.default.createFile(atPath: errPath, contents: nil))
        #expect(FileManager.default.createFile(atPath: otherPath, contents: nil))
        var named = stat()
        #expect(stat(journal ? errPath : otherPath, &named) == 0)
        let process = Process()
        process.executableURL = XgestRun.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["JOURNAL_STREAM": "\(named.st_dev):\(named.st_ino)"]) { _, new in new }
        let output = Pipe()
        let error = try #require(FileHandle(forWritingAtPath: errPath))
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try error.close()
        let err = try String(contentsOfFile: errPath, encoding: .utf8)
        return (String(decoding: out, as: UTF8.self), err)
    }

    static let warned = """
        [[gesture]]
        name = "s"
        kind = "stroke"
        shape = "check"
        modifiers = "super"
        action = "click 1"

        """

    @Test func eachLineToTheJournalCarriesItsPriority() throws {
        let missing = try run(["check", "gone.toml"], files: [:], journal: true)
        #expect(missing.err == "<3>xgest: cannot read gone.toml: no such file or directory\n")

        let warned = try run(["check", "m.toml"], files: ["m.toml": Self.warned], journal: true)
        #expect(
            warned.err == """
                <4>m.toml:5:13: warning: modifiers is a list: write modifiers = ["super"]
                <4>modifiers = "super"
                <4>            ^~~~~~~

                """)
        // Standard output is no log.
        #expect(warned.out.hasPrefix("m.toml: ok, 1 binding, 1 warning\n"), "\(warned.out)")

        let broken = try run(["check", "b.toml"], files: ["b.toml": "[[gesture]]\nkind = \"tapp\"\n"], journal: true)
        let lines = broken.err.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("<3>") }, "\(broken.err)")
    }

    @Test func standardErrorThatIsNotTheJournalGetsNoPrefix() throws {
        let missing = try run(["check", "gone.toml"], files: [:], journal: false)
        #expect(missing.err == "xgest: cannot read gone.toml: no such file or directory\n")
        let warned = try run(["check", "m.toml"], files: ["m.toml": Self.warned], journal: false)
        #expect(warned.err.hasPrefix("m.toml:5:13: warning: "), "\(warned.err)")
    }
}
