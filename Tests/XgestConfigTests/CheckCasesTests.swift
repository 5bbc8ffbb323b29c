import Foundation
import Testing

/// `xgest check` on configs a new user writes in the first minutes, beyond the broken
/// fixtures: files that are valid but say less than meant, and files too big to print whole.
@Suite struct CheckCasesTests {
    /// Runs `xgest ARGUMENTS` in a fresh directory holding `files`.
    func check(_ arguments: [String], files: [String: String]) throws -> XgestRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return try XgestRun(arguments, in: directory)
    }

    /// The line before the touchscreen holds: their pixels are at 96 dpi, with no screen.
    static let pixelsNote =
        "pixels at 96 dpi; `xgest run --debug` prints these lines at the density it converts millimetres at"

    static let tap = "[[gesture]]\nname = \"t\"\nkind = \"tap\"\ndevice = \"touchscreen\"\naction = \"click 1\"\n"

    @Test func checkTakesTheFileAsConfigToo() throws {
        let run = try check(["check", "--config", "a.toml"], files: ["a.toml": Self.tap])
        #expect(run.status == 0)
        #expect(
            run.standardOutput
                == "a.toml: ok, 1 binding\na.toml: \(CheckCasesTests.pixelsNote)\n"
                + "a.toml: t: touchscreen: holds one-finger touches until they lift or move 6 px (up to 1 s)\n"
        )
        let twice = try check(["check", "a.toml", "--config", "a.toml"], files: ["a.toml": Self.tap])
        #expect(twice.status == 64)
        #expect(twice.standardError.hasPrefix("Error: give the config file once: as FILE or with --config\n"))
    }

    /// `[[app]]` then `[[gesture]]` was `ok, 1 binding (1 global, 0 in 1 [[app]] section)`
    /// with nothing more: a warning now says where the gesture went, and check exits 0 as
    /// for any warning.
    @Test func anAppSectionFollowedByAGlobalGestureIsAWarning() throws {
        let config = """
            [[app]]
            class = "gapp"
            [[gesture]]
            kind="swipe"
            device="touchpad"
            fingers=3
            action="key alt+Left"

            """
        let run = try check(["check", "a.toml"], files: ["a.toml": config])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("a.toml: ok, 1 binding (1 global, 0 in 1 [[app]] section), 1 warning\n"))
        #expect(
            run.standardError == """
                a.toml:1:1: warning: [[app]] has no bindings and disables nothing: its gestures are written [[app.gesture]]
                [[app]]
                ^~~~~~~
                a.toml:3:1: note: this [[gesture]] is global: it applies in every application, not only in the [[app]] above
                [[gesture]]
                ^~~~~~~~~~~

                """)
    }

    @Test func verboseSaysWhatEachBindingDoes() throws {
        let config =
            Self.tap + """
                [[app]]
                class = "firefox*"
                [[app.gesture]]
                name = "zoom"
                kind = "pinch"
                device = "touchpad"
                direction = "out"
                action = "key ctrl+plus"
                repeat = true
                reverse-action = "key ctrl+minus"

                """
        let run = try check(["check", "--verbose", "a.toml"], files: ["a.toml": config])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                a.toml: ok, 2 bindings (1 global, 1 in 1 [[app]] section)
                a.toml: t: a 1-finger touchscreen tap, anywhere: click 1
                a.toml: zoom: a touchpad pinch out, in class "firefox*" windows: key ctrl+plus at every step, \
                key ctrl+minus at every step back
                a.toml: zoom: touchpad pinch in class "firefox*" windows: applications get no touchpad pinches, in or out \
                (their own pinch zoom)
                a.toml: \(CheckCasesTests.pixelsNote)
                a.toml: t: touchscreen: holds one-finger touches until they lift or move 6 px (up to 1 s)

                """)
    }

    /// Text of the config (a class, an action) and the path given are printed with
    /// their controls escaped: an `exec` with ESC in it wrote the raw ESC to the terminal.
    @Test func verboseEscapesTheControlsOfWhatItQuotes() throws {
        let config = #"""
            [[app]]
            class = "red\u001b\\[31m"
            [[app.gesture]]
            name = "bell"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            direction = "left"
            action = "exec printf '\u001b]0;owned\u0007' a\\ b"

            """#
        let run = try check(["check", "-v", "a\u{1b}.toml"], files: ["a\u{1b}.toml": config])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardOutput.contains("\u{1b}") && !run.standardOutput.contains("\u{7}"))
        #expect(
            run.standardOutput.contains(
                #"""
                a\x1b.toml: bell: a 3-finger touchpad swipe left, in class "red\x1b\[31m" windows: \#
                exec printf '\x1b]0;owned\x07' a\ b

                """#), "\(run.standardOutput)")
        // An error names the path as given, escaped as well.
        let missing = try check(["check", "gone\u{1b}[2J.toml"], files: [:])
        #expect(missing.status == 1)
        #expect(
            missing.standardError == #"xgest: cannot read gone\x1b[2J.toml: no such file or directory"# + "\n",
            "\(missing.standardError)")
    }

    @Test func anEmptyFileSaysWhereAWorkingOneIs() throws {
        let run = try check(["check", "empty.toml"], files: ["empty.toml": ""])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.first == "empty.toml: ok, 0 bindings")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("empty.toml: note: no gesture is bound; copy ") == true, "\(run.standardOutput)")
        #expect(lines[1].hasSuffix("/xgest.toml to start, or see `man 5 xgest.toml`") == true)
        // The daemon never reloads an empty save, which check said nothing of.
        let emptyNote =
            "empty.toml: note: the file is empty: a running xgest takes an empty save for one still being"
            + " written and keeps the config it runs (it runs an empty file only when it starts);"
            + " a file meant to bind nothing can hold a comment line (# no gestures)"
        #expect(lines.last.map(String.init) == emptyNote)
        // A comment is a config with no bindings, which a running xgest loads.
        let comment = try check(["check", "c.toml"], files: ["c.toml": "# no gestures\n"])
        #expect(comment.status == 0)
        #expect(comment.standardOutput.split(separator: "\n").count == 2, "\(comment.standardOutput)")
    }

    /// A byte order mark alone is the emptied buffer of an editor that writes one: the
    /// daemon keeps its config at such a save as at an empty one, and check says so. With
    /// anything after the mark, a comment or a blank line, it is a config like any other.
    @Test func aByteOrderMarkAloneIsAnEmptyFile() throws {
        let run = try check(["check", "bom.toml"], files: ["bom.toml": "\u{FEFF}"])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 3, "\(run.standardOutput)")
        let note =
            "bom.toml: note: the file is empty but for a byte order mark: a running xgest takes an empty save for"
            + " one still being written and keeps the config it runs (it runs an empty file only when it starts);"
            + " a file meant to bind nothing can hold a comment line (# no gestures)"
        #expect(lines.last.map(String.init) == note)
        for text in ["\u{FEFF}# no gestures\n", "\u{FEFF}\n  \n"] {
            let run = try check(["check", "c.toml"], files: ["c.toml": text])
            #expect(run.status == 0)
            #expect(run.standardOutput.split(separator: "\n").count == 2, "\(run.standardOutput)")
        }
    }

    @Test func oneModifierAsAStringIsAWarning() throws {
        let config = """
            [[gesture]]
            name = "s"
            kind = "stroke"
            shape = "check"
            modifiers = "super"
            action = "click 1"

            """
        let run = try check(["check", "m.toml"], files: ["m.toml": config])
        #expect(run.status == 0)
        #expect(
            run.standardOutput
                == "m.toml: ok, 1 binding, 1 warning\nm.toml: \(CheckCasesTests.pixelsNote)\n"
                + "m.toml: s: touchscreen: holds one-finger touches until the stroke is "
                + "classified (less if they stay within 10 px for 300 ms)\n")
        #expect(
            run.standardError == """
                m.toml:5:13: warning: modifiers is a list: write modifiers = ["super"]
                modifiers = "super"
                            ^~~~~~~

                """)
    }

    @Test func aModifierListedTwiceIsAWarning() throws {
        let config = """
            [[gesture]]
            kind = "tap"
            device = "touchscreen"
            fingers = 3
            modifiers = ["ctrl", "Control", "super"]
            action = "key F5"

            """
        let run = try check(["check", "m.toml"], files: ["m.toml": config])
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("m.toml: ok, 1 binding, 1 warning\n"), "\(run.standardOutput)")
        #expect(
            run.standardError == """
                m.toml:5:22: warning: "Control" is the same modifier as "ctrl", already listed
                modifiers = ["ctrl", "Control", "super"]
                                     ^~~~~~~~~

                """)
    }

    @Test func aRegionTakesMillimetresAsSettingsDo() throws {
        let config = """
            [[gesture]]
            name = "corner"
            kind = "tap"
            device = "touchscreen"
            region = { x = 0, y = "5mm", width = "30mm", height = "25%" }
            action = "click 1"

            """
        let run = try check(["check", "-v", "r.toml"], files: ["r.toml": config])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                r.toml: ok, 1 binding
                r.toml: corner: a 1-finger touchscreen tap, in its region of the screen: click 1
                r.toml: \(CheckCasesTests.pixelsNote)
                r.toml: corner: touchscreen: holds one-finger touches until they lift or move 6 px (up to 1 s); only touches starting in its region

                """)
    }

    @Test func errorsStopAfterFiftyWithACount() throws {
        let config = (0..<100_000).map { "bogus\($0)" }.joined(separator: "\n") + "\n"
        let run = try check(["check", "many.toml"], files: ["many.toml": config])
        #expect(run.status == 1)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 50 * 3 + 1)
        #expect(lines.last == "many.toml: note: 99950 more problems not shown")
    }

    @Test func aHugeLineIsShownAroundTheError() throws {
        let config = "[[gesture]]\nkind = \"tap\"\naction = \"" + String(repeating: "x", count: 1_000_000) + "\"\n"
        let run = try check(["check", "long.toml"], files: ["long.toml": config])
        #expect(run.status == 1)
        #expect(run.standardError.utf8.count < 1_000)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("long.toml:3:10: error: unknown action \"xxxx"))
        #expect(lines[0].contains("x...x"))
        #expect(lines[1] == "action = \"" + String(repeating: "x", count: 110) + "...")
        #expect(lines[2] == "         ^" + String(repeating: "~", count: 110))
    }
}
