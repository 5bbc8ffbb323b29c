import Foundation
import Testing

/// `--help` as a new user reads it at 80 columns: the parser wraps each paragraph itself,
/// so a hard line break in a help text leaves a line of a word or two in the middle of one.
@Suite struct HelpTextTests {
    static let commands = ["", "run", "check", "devices", "record", "replay", "record-stroke", "demo"]

    @Test(arguments: commands)
    func helpWrapsWithoutRaggedLines(_ command: String) throws {
        let arguments = (command.isEmpty ? [] : [command]) + ["--help"]
        let run = try XgestRun(arguments, in: FileManager.default.temporaryDirectory, environment: ["COLUMNS": "80"])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count > 5)
        for (line, next) in zip(lines, lines.dropFirst()) {
            // The usage line is the parser's own, one line however long.
            #expect(line.count <= 80 || line.hasPrefix("USAGE: "), "\(line)")
            // A line followed by more of its paragraph: prose (no indent) continued by prose,
            // or an option's help continued on the next, deeply indented line.
            let indent = line.prefix { $0 == " " }.count
            let nextIndent = next.prefix { $0 == " " }.count
            let continued =
                !next.trimmingCharacters(in: .whitespaces).isEmpty
                && (indent == 0 && nextIndent == 0 || indent >= 20 && nextIndent >= 20)
            guard continued, !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasSuffix(":") else { continue }
            let words = line.split(separator: " ").count
            #expect(words > 2, "a ragged line in `xgest \(command) --help`: \"\(line)\" before \"\(next)\"")
        }
    }

    /// The parser's own line, "USAGE: xgest <subcommand>", hid that `run` is the default
    /// command (`xgest --debug` runs the daemon).
    @Test func theUsageSaysRunIsTheDefaultCommand() throws {
        let run = try XgestRun(["--help"], in: FileManager.default.temporaryDirectory)
        #expect(
            run.standardOutput.contains(
                "\nUSAGE: xgest [run] [<run-options>]\n       xgest <subcommand> [<options>]\n"),
            "\(run.standardOutput)")
    }

    @Test func theDemoFlagHasNoRunOfSpaces() throws {
        let run = try XgestRun(["demo", "--help"], in: FileManager.default.temporaryDirectory)
        #expect(!run.standardOutput.contains("actions  "), "\(run.standardOutput)")
    }
}

/// `xgest bogus`: a mistyped command, not an argument of the default command.
@Suite struct UnknownCommandTests {
    @Test func aTypoGetsTheClosestCommandAndTheList() throws {
        let run = try XgestRun(["chekc"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 64)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError == """
                xgest: unknown command 'chekc' (did you mean 'check'?)
                commands: run, check, devices, record, replay, record-stroke, demo; see 'xgest --help'

                """)
    }

    /// `xgest reload` got "did you mean 'record'?": it is told how reloading works.
    @Test func reloadSaysHowTheConfigIsReloaded() throws {
        for arguments in [["reload"], ["help", "reload"]] {
            let run = try XgestRun(arguments, in: FileManager.default.temporaryDirectory)
            #expect(run.status == 64)
            #expect(run.standardOutput.isEmpty)
            #expect(
                run.standardError == """
                    xgest: there is no 'reload' command: the running daemon reloads its config when the file is saved, \
                    and on SIGHUP: kill -HUP PID (pkill -HUP -x -u "$USER" xgest), or systemctl --user reload xgest \
                    under the shipped systemd unit
                    commands: run, check, devices, record, replay, record-stroke, demo; see 'xgest --help'

                    """)
        }
    }

    @Test func aWordLikeNoCommandGetsTheList() throws {
        let run = try XgestRun(["bogus"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix("xgest: unknown command 'bogus'\ncommands: run, check,"))
    }

    @Test func helpForNoSuchCommandSaysSo() throws {
        let bogus = try XgestRun(["help", "chek"], in: FileManager.default.temporaryDirectory)
        #expect(bogus.status == 64)
        #expect(bogus.standardOutput.isEmpty)
        #expect(bogus.standardError.hasPrefix("xgest: unknown command 'chek' (did you mean 'check'?)\n"))
        let check = try XgestRun(["help", "check"], in: FileManager.default.temporaryDirectory)
        #expect(check.status == 0)
        #expect(check.standardOutput.hasPrefix("OVERVIEW: Check a config file"))
    }

    @Test func optionsOfTheDefaultCommandStillReachIt() throws {
        let run = try XgestRun(["--config", "no-such.toml"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 1)
        #expect(run.standardError.contains("no-such.toml"), "\(run.standardError)")
    }
}
