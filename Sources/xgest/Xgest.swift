import ArgumentParser
import Glibc
import XgestConfig
import XgestCore
import XgestDaemon
import XgestSystem

@main
struct Xgest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xgest",
        abstract: "Touchscreen, touchpad and mouse gestures for X11 desktops.",
        // The generated line, "xgest <subcommand>", hid that `run` is the default command:
        // `xgest --debug` runs the daemon.
        usage: """
            xgest [run] [<run-options>]
            xgest <subcommand> [<options>]
            """,
        discussion: """
            xgest captures touches (XInput 2.2), touchpad gestures (XInput 2.4) and pointer input \
            as an ordinary user process, recognizes gestures, and hands every touch it does not \
            claim back to the application underneath.
            """,
        version: XgestVersion.string,
        subcommands: [
            RunCommand.self, CheckCommand.self, DevicesCommand.self, RecordCommand.self, ReplayCommand.self,
            RecordStrokeCommand.self, DemoCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if RunCommand.isNamed(by: arguments) { RunCommand.holdHangups() }
        StandardDescriptors.openClosedOnDevNull()
        CommandLinePaths.remember()
        JournalStream.detect()
        // Ctrl-\ (SIGQUIT) quits, as in any program: Swift's runtime took it for a crash,
        // printing a backtrace and waiting 30 s at a prompt, after which the process went on.
        // The commands that hold grabs watch it from their event loop and stop cleanly.
        signal(SIGQUIT, SIG_DFL)
        StandardOutputCheck.installAtExit()
        // `xgest help bogus` printed the overview and exited 0, as if the command existed.
        let named = arguments.first == "help" ? arguments.dropFirst().first : arguments.first
        if let named, let message = UnknownCommand.message(for: named) {
            FileOutput.standardError.writeLine(message, priority: .error)
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        // `xgest record-stroke -zigzag` said only that the name was missing.
        if arguments.first == "record-stroke",
            let message = RecordStrokeDashedName.message(for: Array(arguments.dropFirst()))
        {
            FileOutput.standardError.writeLine(message, priority: .error)
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        if let script = CompletionScript.requested(by: arguments) {
            print(script, terminator: "")
            Glibc.exit(ExitCode.success.rawValue)
        }
        main(arguments)
    }
}

/// `xgest bogus`: since `run` is the default command, the parser would take "bogus" for
/// an argument of `run` and print run's usage; a word in the command's place that is no
/// command is a mistyped command, and is answered as one.
enum UnknownCommand {
    static var names: [String] {
        Xgest.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    }

    /// The message for `word` as the first argument, or nil when it is a command, an
    /// option, or `run`'s own argument.
    static func message(for word: String) -> String? {
        // `run` takes no positional argument, so anything but an option here is meant as a command.
        guard !word.hasPrefix("-"), !names.contains(word) else { return nil }
        let commands = names.filter { $0 != "help" }
        let list = "commands: \(commands.joined(separator: ", ")); see 'xgest --help'"
        if let explanation = explained[word] { return "xgest: \(explanation)\n" + list }
        let guess = Suggestions.closest(to: word, in: commands).map { " (did you mean '\($0)'?)" } ?? ""
        return "xgest: unknown command '\(DisplayText.escaped(word))'\(guess)\n" + list
    }

    /// Commands a user guesses that xgest does otherwise: `reload` after editing the
    /// config got "did you mean 'record'?", a command that captures input.
    static let explained = [
        "reload":
            "there is no 'reload' command: the running daemon reloads its config when the file is saved,"
            + " and on SIGHUP: kill -HUP PID (pkill -HUP -x -u \"$USER\" xgest),"
            + " or systemctl --user reload xgest under the shipped systemd unit"
    ]
}
