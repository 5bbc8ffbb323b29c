import Foundation
import Testing

/// `xgest check` with the user's stroke templates in `$XDG_CONFIG_HOME/xgest/strokes/`.
@Suite struct CheckStrokeTemplatesTests {
    static let config = """
        [[gesture]]
        kind = "stroke"
        device = "pointer"
        shape = "zed"
        action = "key F5"
        """

    let home = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-check-\(UUID().uuidString)")

    func write(_ text: String, _ relative: String) throws {
        let url = home.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func aTemplateNamedInTheConfigIsKnownAndABrokenOneIsReportedByLine() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write(Self.config, "xgest.toml")
        let env = ["XDG_CONFIG_HOME": home.path]

        // No template yet: the shape is unknown.
        let unknown = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("error: unknown shape \"zed\""))

        try write("xgest-stroke 1\nsample\n0 0\n100 0\n0 100\n100 100\n", "xgest/strokes/zed.stroke")
        let ok = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(ok.status == 0, "\(ok.standardError)")
        #expect(ok.standardOutput == "xgest.toml: ok, 1 binding, 1 stroke template\n")

        try write("# a comment\nxgest-stroke 1 name=wave\nsample\n0 0\n10\n", "xgest/strokes/wave.stroke")
        let broken = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(broken.status == 1)
        // Not "ok", with exit status 1: the config is, the templates are not.
        #expect(
            broken.standardOutput
                == "xgest.toml: config ok, 1 binding, 1 stroke template; 1 stroke template problem, so the check fails\n"
        )
        let path = home.appendingPathComponent("xgest/strokes/wave.stroke").path
        #expect(
            broken.standardError
                == "\(path):5: error: expected a point `x y` (two numbers) or `sample`\n")
    }

    /// A binding whose template file is broken says that the file is there but was left
    /// out, with its line and error; one whose file is gone says where it was looked for.
    @Test func anUnknownShapeSaysItsFileWasLeftOutOrIsNotThere() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write(Self.config, "xgest.toml")
        try write("xgest-stroke 1\nsample\n0 0\n100 0\n801.7 39x5.1\n100 100\n", "xgest/strokes/zed.stroke")
        let env = ["XDG_CONFIG_HOME": home.path]
        let path = home.appendingPathComponent("xgest/strokes/zed.stroke").path
        let broken = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(broken.status == 1)
        let lines = broken.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "xgest.toml:4:9: error: unknown shape \"zed\": \(path) is there but was left out: line 5: expected a"
                    + " point `x y` (two numbers) or `sample`"), "\(broken.standardError)")

        try FileManager.default.removeItem(atPath: path)
        let gone = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(gone.status == 1)
        #expect(
            gone.standardError.contains(
                "xgest.toml:4:9: error: unknown shape \"zed\"; expected a built-in shape or a template of the strokes"
                    + " directory (there is no \(path)): check, x, circle,"), "\(gone.standardError)")
    }

    /// A bad template that the config does not use: the config's own verdict is still
    /// given (`xgest run` leaves the template out and runs the config), and the status is 1.
    @Test func aBadTemplateLeavesTheConfigsVerdict() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write("[[gesture]]\nkind = \"tap\"\ndevice = \"touchscreen\"\nfingers = 2\naction = \"key F5\"\n", "c.toml")
        try write("junk\n", "xgest/strokes/zed.stroke")
        let run = try XgestRun(["check", "c.toml"], in: home, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.status == 1)
        #expect(
            run.standardOutput.hasPrefix(
                "c.toml: config ok, 1 binding; 1 stroke template problem, so the check fails\n"),
            "\(run.standardOutput)")
        #expect(run.standardError.hasPrefix(home.path + "/xgest/strokes/zed.stroke:1: error: "), "\(run.standardError)")
    }

    /// XDG_CONFIG_HOME naming a file: said, and the config given is checked alone; every
    /// check failed on "…/strokes: cannot be read as a directory".
    @Test func aConfigHomeThatIsAFileIsSaid() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write("[[gesture]]\nkind = \"tap\"\ndevice = \"touchscreen\"\nfingers = 2\naction = \"key F5\"\n", "c.toml")
        try write("not a directory\n", "file")
        let file = home.appendingPathComponent("file").path
        let given = try XgestRun(["check", "c.toml"], in: home, environment: ["XDG_CONFIG_HOME": file])
        #expect(given.status == 0, "\(given.standardError)")
        #expect(given.standardOutput.hasPrefix("c.toml: ok, 1 binding\n"))
        #expect(given.standardError.isEmpty)
        let shipped = try XgestRun(["check"], in: home, environment: ["XDG_CONFIG_HOME": file])
        #expect(shipped.status == 0, "\(shipped.standardError)")
        #expect(
            shipped.standardError
                == "xgest: XDG_CONFIG_HOME is \(file), which is not a directory: no user config or stroke template can"
                + " be there; the shipped config is checked\n")
        #expect(shipped.standardOutput.contains("config/xgest.toml: ok"), "\(shipped.standardOutput)")
    }

    /// A user's config that is a symbolic link to nothing (a dotfile manager's target
    /// moved away) is said; the shipped config is what is checked (check said it runs).
    @Test func aUserConfigLinkedToNothingIsSaid() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent("xgest")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let missing = home.appendingPathComponent("dotfiles/xgest.toml").path
        try FileManager.default.createSymbolicLink(
            atPath: config.appendingPathComponent("xgest.toml").path, withDestinationPath: missing)
        let run = try XgestRun(["check"], in: home, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.status == 0)
        #expect(
            run.standardError.contains(
                "xgest: \(config.path)/xgest.toml is a symbolic link to \(missing), which is not there:"
                    + " the shipped config is checked\n"), "\(run.standardError)")
        #expect(run.standardOutput.contains("config/xgest.toml: ok"), "\(run.standardOutput)")
    }

    /// A config directory that is a symbolic link to nothing (`~/.config/xgest` linked to a
    /// dotfiles checkout not made yet) is said as a linked file is; nothing was said of it.
    @Test func aConfigDirectoryLinkedToNothingIsSaid() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let missing = home.appendingPathComponent("dotfiles/xgest").path
        let link = home.appendingPathComponent("xgest").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missing)
        let env = ["XDG_CONFIG_HOME": home.path]
        let check = try XgestRun(["check"], in: home, environment: env)
        #expect(check.status == 0)
        #expect(
            check.standardError.contains(
                "xgest: \(link) is a symbolic link to \(missing), which is not there: the shipped config is checked\n"),
            "\(check.standardError)")
        #expect(check.standardOutput.contains("config/xgest.toml: ok"), "\(check.standardOutput)")
        // `run` says it before anything else, whatever comes of the start (no display here).
        let run = try XgestRun(["run"], in: home, environment: env.merging(["DISPLAY": ""]) { _, new in new })
        #expect(
            run.standardError.hasPrefix(
                "xgest: \(link) is a symbolic link to \(missing), which is not there: the shipped config runs until it is\n"
            ), "\(run.standardError)")
    }

    /// With no HOME and no XDG_CONFIG_HOME (a service started with a bare environment), no
    /// user config can be found: said, not silent.
    @Test func withNoHomeTheShippedConfigIsCheckedAndItIsSaid() throws {
        let run = try XgestRun(
            ["check"], in: FileManager.default.temporaryDirectory, environment: ["HOME": "", "XDG_CONFIG_HOME": ""])
        #expect(run.status == 0)
        #expect(
            run.standardError.contains(
                "xgest: neither XDG_CONFIG_HOME nor HOME is set: no user config can be found; the shipped one is"
                    + " checked\n"),
            "\(run.standardError)")
        #expect(run.standardOutput.contains("config/xgest.toml: ok"))
    }

    /// A strokes directory holding more drawings than xgest loads (2,000 over all files):
    /// the file that goes over is reported and left out with the ones after it; the others
    /// stay usable.
    @Test func aStrokesDirectoryPastTheLimitReportsTheFileThatGoesOver() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write(Self.config, "xgest.toml")
        // Twenty files of 100 drawings (the most one file may hold) make the limit; the
        // twenty-first goes over.
        let file = "xgest-stroke 1\n" + String(repeating: "sample\n0 0\n100 0\n0 100\n100 100\n", count: 100)
        for k in 1...21 { try write(file, "xgest/strokes/s\(k + 10).stroke") }
        try write(file, "xgest/strokes/zed.stroke")
        let env = ["XDG_CONFIG_HOME": home.path]
        let run = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(run.status == 1)
        let path = home.appendingPathComponent("xgest/strokes/s31.stroke").path
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "\(path): error: left out, with the 1 file(s) after it: xgest loads at most 2000 drawings (16 MiB) "
                    + "from the strokes directory, and the files before this one hold 2000; remove the ones no binding uses"
            ), "\(run.standardError)")
        // The twenty files before it are known shapes; the one after it is not, and says why.
        let zed = home.appendingPathComponent("xgest/strokes/zed.stroke").path
        #expect(
            lines.contains(
                "xgest.toml:4:9: error: unknown shape \"zed\": \(zed) is there but was left out: it is past the 2000"
                    + " drawings (16 MiB) xgest loads from the strokes directory, in file-name order"),
            "\(run.standardError)")
        // Those two, and the config line under the shape error with its caret.
        #expect(lines.count == 4, "\(run.standardError)")
    }
}
