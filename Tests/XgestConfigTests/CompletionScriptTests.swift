import Foundation
import Testing

/// The bash completion script `make install` installs (`xgest --generate-completion-script
/// bash`) completes file names where a command takes a path, and directory names for
/// `demo --screenshots`: it offered nothing there, since bash adds no default candidates
/// to what the script's function returns.
@Suite struct CompletionScriptTests {
    /// Runs the function the generated script registers for xgest (`complete -p xgest`) as
    /// bash does for a TAB at the end of `line`, in a directory holding `conf-one.toml` and
    /// the directory `conf-dir`; the candidates, in the order offered.
    static func candidates(_ line: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-completion-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("conf-dir"), withIntermediateDirectories: true)
        try Data("x = 1\n".utf8).write(to: directory.appendingPathComponent("conf-one.toml"))
        let script = try XgestRun(["--generate-completion-script", "bash"], in: directory)
        try #require(script.status == 0)
        let scriptPath = directory.appendingPathComponent("xgest.bash")
        try Data(script.standardOutput.utf8).write(to: scriptPath)

        // What bash sets before calling a completion function (`complete -F`).
        let driver = """
            source "$1" || exit 1
            registered=$(complete -p xgest) || exit 1
            [[ $registered =~ -F\\ ([^ ]+)\\ xgest$ ]] || exit 1
            line=$2
            read -ra COMP_WORDS <<< "$line"
            [[ $line == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_LINE=$line; COMP_POINT=${#line}
            "${BASH_REMATCH[1]}" xgest "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", driver, "bash", scriptPath.path, line]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        "xgest check co", "xgest check --config co", "xgest run --config co",
        "xgest replay co", "xgest replay t.trace --config co", "xgest record -o co", "xgest record --output co",
        "xgest record-stroke zed --config co",
    ])
    func aPathCompletesFileNames(_ line: String) throws {
        #expect(try Self.candidates(line).sorted() == ["conf-dir", "conf-one.toml"])
    }

    @Test func theScreenshotsDirectoryCompletesDirectoriesOnly() throws {
        #expect(try Self.candidates("xgest demo --screenshots co") == ["conf-dir"])
    }

    /// `run` is the default command, and `xgest --<TAB>` offered only --help and --version:
    /// a command line that starts with an option completes as run's, each offer once.
    @Test func theTopLevelCompletesRunsOptions() throws {
        let runs = ["--autostart", "--config", "--debug", "--help", "--pass-through", "--version"]
        let top = try Self.candidates("xgest --")
        #expect(top.sorted() == runs, "\(top)")
        #expect(try Self.candidates("xgest --debug --").sorted() == runs.filter { $0 != "--debug" })
        #expect(try Self.candidates("xgest --de") == ["--debug"])
        #expect(try Self.candidates("xgest --config co").sorted() == ["conf-dir", "conf-one.toml"])
        #expect(try Self.candidates("xgest --debug --config co").sorted() == ["conf-dir", "conf-one.toml"])
        // The commands are still offered at the first word, with run's options beside them.
        #expect(try Self.candidates("xgest ch") == ["check"])
        let first = try Self.candidates("xgest ")
        #expect(Set(first).isSuperset(of: ["run", "check", "record-stroke", "--debug", "--config"]), "\(first)")
        #expect(first.count == Set(first).count, "\(first)")
        // After a command, its own options only.
        #expect(
            try Self.candidates("xgest check --").sorted() == [
                "--config", "--help", "--strokes", "--verbose", "--version",
            ])
    }
}
