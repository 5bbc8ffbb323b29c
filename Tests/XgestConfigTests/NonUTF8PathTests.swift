import Foundation
import Testing

/// A file name that is not UTF-8 (Latin-1, from an old system or an archive) is opened by
/// the bytes given: Swift read the argument with U+FFFD for the byte 0xFF, and xgest said
/// the file that is there does not exist.
@Suite struct NonUTF8PathTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `script` runs in a new directory with $X the xgest binary and $N the name
    /// "bad\xffname" (printf's octal).
    static func run(_ script: String) throws -> XgestRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-name-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let prelude = "X=\"$0\"; N=\"$(printf 'bad\\377name')\"; "
        return try XgestRun(["-c", prelude + script, XgestRun.binary.path], in: directory, program: "/bin/sh")
    }

    @Test func checkReadsTheFileNamed() throws {
        let run = try Self.run(": > \"$N.toml\"; exec \"$X\" check \"$N.toml\"")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("bad\u{FFFD}name.toml: ok, 0 bindings"), "\(run.standardOutput)")
    }

    @Test func replayReadsTheTraceNamed() throws {
        let traces = Self.repository.appendingPathComponent("Tests/XgestCoreTests/Fixtures/traces").path
        let run = try Self.run(
            "cp '\(traces)/taps.trace' \"$N.trace\"; exec \"$X\" replay \"$N.trace\" --config='\(traces)/fixtures.toml'"
        )
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("summary: "), "\(run.standardOutput)")
    }

    /// `--config=NAME` too, the value after the "=".
    @Test func anOptionsValueAfterAnEqualsSignIsOpenedByItsBytes() throws {
        let run = try Self.run(": > \"$N.toml\"; exec \"$X\" check --config=\"$N.toml\"")
        #expect(run.status == 0, "\(run.standardError)")
    }
}
