import Foundation
import Testing

/// The zsh and fish completion scripts `make install` installs (`xgest
/// --generate-completion-script zsh|fish`), completed by the shells themselves. `run` is
/// the default command, and they offered only --help and --version for `xgest --<TAB>`,
/// and the commands' names (fish) or nothing (zsh) for `xgest --config <TAB>`.
@Suite struct ZshFishCompletionTests {
    enum Shell: String, CaseIterable { case zsh, fish }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// What `shell` offers for a TAB at the end of each of `lines`, in the order offered,
    /// in a directory holding `conf-one.toml` and the directory `conf-dir` (a directory's
    /// trailing slash, fish's, left out): the script installed as `make install` does
    /// (zsh's `_xgest` autoloaded from a directory in fpath, fish's file sourced), all
    /// the lines completed one after the other in one shell.
    static func candidates(_ lines: [String], shell: Shell) throws -> [[String]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-completion-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let functions = directory.appendingPathComponent("functions")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("conf-dir"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
        try Data("x = 1\n".utf8).write(to: directory.appendingPathComponent("conf-one.toml"))
        let script = try XgestRun(["--generate-completion-script", shell.rawValue], in: directory)
        try #require(script.status == 0)
        let scriptPath = functions.appendingPathComponent(shell == .zsh ? "_xgest" : "xgest.fish")
        try Data(script.standardOutput.utf8).write(to: scriptPath)

        let arguments: [String]
        switch shell {
        case .zsh:
            let driver = repository.appendingPathComponent("scripts/zsh-complete.zsh").path
            arguments = ["zsh", "-f", driver, functions.path] + lines
        case .fish:
            let driver = """
                source $argv[1]; or exit 1
                for line in $argv[2..]
                    echo '<<<'
                    complete -C "$line" | string replace -r '\\t.*' ''
                    echo '>>>'
                end
                """
            arguments = ["fish", "--no-config", "-c", driver, scriptPath.path] + lines
        }
        let process = Process()
        // A shell that never answers fails the test instead of hanging it.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["20"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(shell.rawValue) exited \(process.terminationStatus)")
        var offers: [[String]] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init) {
            switch line {
            case "<<<": offers.append([])
            case ">>>": break
            default:
                guard !offers.isEmpty else { continue }
                offers[offers.count - 1].append(line.hasSuffix("/") ? String(line.dropLast()) : line)
            }
        }
        try #require(offers.count == lines.count, "\(offers)")
        return offers
    }

    /// A command line that starts with an option completes as run's, each offer once; the
    /// commands are still offered at the first word, and after a command its own options.
    @Test(arguments: Shell.allCases)
    func theTopLevelCompletesRunsOptions(_ shell: Shell) throws {
        let lines = [
            "xgest --", "xgest --debug --", "xgest --de", "xgest --config co", "xgest --debug --config co", "xgest ch",
            "xgest run --", "xgest check --", "xgest check co", "xgest --",
        ]
        let offers = Dictionary(
            zip(lines, try Self.candidates(lines, shell: shell)),
            uniquingKeysWith: { first, again in
                // The same line completed again: the script's own function stays in place.
                #expect(again == first)
                return first
            })
        let runs = ["--autostart", "--config", "--debug", "--help", "--pass-through", "--version"]
        #expect(offers["xgest --"]?.sorted() == runs, "\(offers["xgest --"] ?? [])")
        #expect(offers["xgest --debug --"]?.sorted() == runs.filter { $0 != "--debug" })
        #expect(offers["xgest --de"] == ["--debug"])
        #expect(offers["xgest --config co"]?.sorted() == ["conf-dir", "conf-one.toml"])
        #expect(offers["xgest --debug --config co"]?.sorted() == ["conf-dir", "conf-one.toml"])
        #expect(offers["xgest ch"] == ["check"])
        #expect(offers["xgest run --"]?.sorted() == runs)
        #expect(offers["xgest check --"]?.sorted() == ["--config", "--help", "--strokes", "--verbose", "--version"])
        #expect(offers["xgest check co"]?.sorted() == ["conf-dir", "conf-one.toml"])
    }

    /// The first word offers the commands, and zsh run's options beside them (fish offers
    /// options only for a word that starts with `-`), each once.
    @Test(arguments: Shell.allCases)
    func theFirstWordOffersTheCommands(_ shell: Shell) throws {
        let first = try Self.candidates(["xgest "], shell: shell)[0]
        #expect(Set(first).isSuperset(of: ["run", "check", "record-stroke", "replay", "demo"]), "\(first)")
        if shell == .zsh { #expect(Set(first).isSuperset(of: ["--debug", "--config"]), "\(first)") }
        #expect(first.count == Set(first).count, "\(first)")
    }
}
