import Foundation
import Testing

/// A file or directory name given empty is a wrong command line (64), said with the
/// option that took it: it was read as a file and said as `cannot read : no such file or
/// directory`, with nothing where the name goes (`demo --screenshots ""` exited 1).
@Suite struct EmptyPathArgumentTests {
    static let directory = URL(fileURLWithPath: NSTemporaryDirectory())

    @Test(arguments: [
        (["check", ""], "<file> needs a file"), (["check", "--config", ""], "--config needs a file"),
        (["run", "--config", ""], "--config needs a file"), (["--config", ""], "--config needs a file"),
        (["replay", ""], "<trace> needs a file"), (["replay", "t.trace", "--config", ""], "--config needs a file"),
        (["record", "-o", ""], "--output needs a file"),
        (["record-stroke", "zed", "--config", ""], "--config needs a file"),
        (["demo", "--screenshots", ""], "--screenshots needs a directory"),
        (["check", "--strokes", ""], "--strokes needs a directory"),
        (["replay", "t.trace", "--strokes", ""], "--strokes needs a directory"),
    ])
    func anEmptyNameIsAWrongCommandLine(_ arguments: [String], _ said: String) throws {
        let run = try XgestRun(arguments, in: Self.directory, environment: ["DISPLAY": ""])
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix("Error: \(said), not \"\"\n"), "\(run.standardError)")
        #expect(!run.standardError.contains("cannot read"))
    }

    /// `xgest record | xgest replay -`: the trace is read twice, which a pipe cannot be.
    @Test func replayFromStandardInputIsSaidToBeUnsupported() throws {
        let run = try XgestRun(["replay", "-"], in: Self.directory)
        #expect(run.status == 64)
        #expect(
            run.standardError.hasPrefix(
                "Error: <trace> must be a file, not standard input (\"-\"): replay reads it twice; write it with"
                    + " `xgest record -o FILE` (a file named - is ./-)\n"), "\(run.standardError)")
    }

    /// `xgest check - < xgest.toml` said "cannot read -: no such file or directory", as if a
    /// file named - were missing.
    @Test(arguments: [(["check", "-"], "<file>"), (["check", "--config", "-"], "--config")])
    func checkFromStandardInputIsSaidToBeUnsupported(_ arguments: [String], _ option: String) throws {
        let run = try XgestRun(arguments, in: Self.directory)
        #expect(run.status == 64)
        #expect(
            run.standardError.hasPrefix(
                "Error: \(option) must be a file, not standard input (\"-\"): check reads the config file"
                    + " `xgest run --config` would (a file named - is ./-)\n"), "\(run.standardError)")
        #expect(!run.standardError.contains("cannot read"))
    }
}
