import Foundation
import Testing

/// Standard output that cannot be written (a full disk, /dev/full): the output is lost, so
/// the command says so in one line and exits 74 (EX_IOERR), as `ls > /dev/full` fails. It
/// exited 0, and `xgest replay T --json > out.json` on a full disk left a cut file behind
/// a success.
@Suite struct StandardOutputErrorTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: [["check", "config/xgest.toml"], ["--version"], ["--help"], ["help", "replay"]])
    func aFullStandardOutputIsAnError(_ arguments: [String]) throws {
        let run = try XgestRun(arguments, in: Self.repository, standardOutputPath: "/dev/full")
        #expect(run.status == 74)
        #expect(run.standardError == "xgest: standard output: no space left on device\n")
    }

    @Test func aReadableStandardOutputIsNoError() throws {
        let run = try XgestRun(["check", "config/xgest.toml"], in: Self.repository)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.hasPrefix("config/xgest.toml: ok"))
    }

    /// Standard output closed (`>&-`): the commands whose output is the point printed
    /// nothing and exited 0, as if they had said all was well. They fail as on a full disk
    /// (`echo hi >&-` fails too); standard output is still not left free for a file opened
    /// later to take its number.
    @Test(arguments: [
        ["check", "config/xgest.toml"], ["--version"], ["--help"],
        ["replay", "Tests/XgestCoreTests/Fixtures/traces/taps.trace", "--config", "config/xgest.toml"],
    ])
    func aClosedStandardOutputIsAnError(_ arguments: [String]) throws {
        let closing = ["-c", "exec \"$0\" \"$@\" >&-", XgestRun.binary.path]
        let run = try XgestRun(closing + arguments, in: Self.repository, program: "/bin/sh")
        #expect(run.status == 74)
        #expect(run.standardError == "xgest: standard output: bad file descriptor\n")
    }
}
