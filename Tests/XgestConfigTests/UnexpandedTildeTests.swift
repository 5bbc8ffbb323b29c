import Foundation
import Testing

/// `xgest --config=~/x.toml`: the shell does not expand `~` after `=` (nor in quotes), and
/// xgest said `cannot read ~/x.toml: no such file or directory`, with no word of why. Every
/// command taking a path now says what `~` was not expanded to and how to write it, and a
/// directory literally named `~` is still used as given.
@Suite struct UnexpandedTildeTests {
    static let home = "/home/someone-\(getpid())"

    /// Runs xgest in a new directory, with HOME set to ``home``; `tilde` makes a directory
    /// named `~` there holding `x.toml` (a valid config), `t.trace` and `strokes/`.
    static func run(_ arguments: [String], tilde: Bool = false) throws -> XgestRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-tilde-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let literal = directory.appendingPathComponent("~")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if tilde {
            try FileManager.default.createDirectory(
                at: literal.appendingPathComponent("strokes"), withIntermediateDirectories: true)
            try Data("[[gesture]]\nkind = \"tap\"\naction = \"key a\"\n".utf8)
                .write(to: literal.appendingPathComponent("x.toml"))
        }
        let run = try XgestRun(arguments, in: directory, environment: ["HOME": home, "DISPLAY": ""])
        if !tilde { #expect(!FileManager.default.fileExists(atPath: literal.path), "\(arguments) made ~") }
        return run
    }

    @Test(arguments: [
        (
            ["--config=~/x.toml"], "--config ~/x.toml: no such file",
            "--config ~/x.toml, with a space, or --config=$HOME/x.toml"
        ),
        (["run", "--config=~/x.toml"], "--config ~/x.toml: no such file", "--config ~/x.toml, with a space"),
        (["check", "--config=~/x.toml"], "--config ~/x.toml: no such file", "--config=$HOME/x.toml"),
        (["check", "~/x.toml"], "<file> ~/x.toml: no such file", "~/x.toml unquoted, or \"$HOME/x.toml\""),
        (
            ["check", "--strokes=~/s"], "--strokes ~/s: no such directory",
            "--strokes ~/s, with a space, or --strokes=$HOME/s"
        ),
        (["replay", "~/t.trace"], "<trace> ~/t.trace: no such file", "~/t.trace unquoted, or \"$HOME/t.trace\""),
        (["replay", "t.trace", "--config=~/x.toml"], "--config ~/x.toml: no such file", "--config=$HOME/x.toml"),
        (
            ["replay", "t.trace", "--strokes=~"], "--strokes ~: no such directory",
            "--strokes ~, with a space, or --strokes=$HOME"
        ),
        (
            ["record", "--output=~/t.trace"], "--output ~/t.trace: nothing is named ~ in the current directory",
            "--output=$HOME/t.trace"
        ),
        (["record-stroke", "zed", "--config=~/x.toml"], "--config ~/x.toml: no such file", "--config=$HOME/x.toml"),
        (
            ["demo", "--screenshots=~/shots"], "--screenshots ~/shots: nothing is named ~ in the current directory",
            "--screenshots=$HOME/shots"
        ),
    ])
    func aTildeNotExpandedIsSaid(_ arguments: [String], _ said: String, _ fix: String) throws {
        let run = try Self.run(arguments)
        #expect(run.status == 64, "\(run.standardError)")
        #expect(
            run.standardError.hasPrefix("Error: \(said), and ~ was not expanded to your home directory \(Self.home) ("),
            "\(run.standardError)")
        #expect(run.standardError.contains("): write "), "\(run.standardError)")
        #expect(run.standardError.contains(fix), "\(run.standardError)")
        #expect(!run.standardError.contains("cannot read"))
    }

    /// A directory named `~` is legal: a path under one that is there is used as given.
    @Test func aDirectoryNamedTildeIsUsedAsGiven() throws {
        let check = try Self.run(["check", "--config=~/x.toml", "--strokes=~/strokes"], tilde: true)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.hasPrefix("~/x.toml: ok, 1 binding"), "\(check.standardOutput)")
        // A file missing under it may still be meant under the home directory: said so.
        let missing = try Self.run(["check", "--config=~/y.toml"], tilde: true)
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("~ was not expanded"), "\(missing.standardError)")
        let written = try Self.run(["record", "--output=~/t.trace"], tilde: true)
        #expect(!written.standardError.contains("not expanded"), "\(written.standardError)")
    }
}
