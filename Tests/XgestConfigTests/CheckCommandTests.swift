import Foundation
import Testing

/// `xgest check` as a user runs it: the built binary on files, checking exactly what it
/// prints and its exit status.
///
/// Fixtures/broken holds one config per kind of mistake, each with a `.expected` file: the
/// exact standard error of `xgest check NAME.toml` run in that directory (the relative
/// name keeps the output the same on every machine).
@Suite struct CheckCommandTests {
    static let brokenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/broken")

    static func brokenFixtures() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: brokenDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".toml") }.sorted()
    }

    @Test func everyFixtureHasItsExpectedOutput() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.brokenDirectory.path)
        let configs = Set(names.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) })
        let expected = Set(names.filter { $0.hasSuffix(".expected") }.map { String($0.dropLast(9)) })
        #expect(configs == expected)
        #expect(configs.count >= 20)
    }

    @Test(arguments: brokenFixtures())
    func brokenConfigIsReportedExactly(_ name: String) throws {
        let expected = try String(
            contentsOf: Self.brokenDirectory.appendingPathComponent(
                String(name.dropLast(5)) + ".expected"),
            encoding: .utf8)
        let run = try XgestRun(["check", name], in: Self.brokenDirectory)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError == expected)
        // Every error names the file, a 1-based line and column, and is followed by the
        // source line and a caret line.
        let first = run.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix(name + ":"), "\(first)")
        #expect(first.contains(": error: "), "\(first)")
    }

    @Test func theShippedConfigIsValid() throws {
        let config = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config")
        let run = try XgestRun(["check", "xgest.toml"], in: config)
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        // Then what each global touchpad binding takes from applications (no pinch), and
        // what each touchscreen binding holds; millimetres at 96 dpi, as with no display.
        // The Steam section disables every global binding: none holds a touch there.
        #expect(
            run.standardOutput == """
                xgest.toml: ok, 12 bindings (7 global, 5 in 3 [[app]] sections)
                xgest.toml: desktop-next: global touchpad swipe: applications get no 3-finger touchpad swipes, \
                except in class "steam_app_*" windows
                xgest.toml: desktop-previous: global touchpad swipe: applications get no 3-finger touchpad swipes, \
                except in class "steam_app_*" windows
                xgest.toml: show-desktop: global touchpad swipe: applications get no 4-finger touchpad swipes, \
                except in class "steam_app_*" windows
                xgest.toml: browser-back: touchpad swipe in class ["firefox*", "[Cc]hromium*", "[Gg]oogle-chrome*", \
                "[Bb]rave-browser*"] windows: applications get no 3-finger touchpad swipes
                xgest.toml: browser-forward: touchpad swipe in class ["firefox*", "[Cc]hromium*", "[Gg]oogle-chrome*", \
                "[Bb]rave-browser*"] windows: applications get no 3-finger touchpad swipes
                xgest.toml: terminal-zoom-in: touchpad pinch in class ["gnome-terminal*", "xfce4-terminal", \
                "mate-terminal", "tilix", "terminator"] windows: applications get no touchpad pinches, in or out \
                (their own pinch zoom)
                xgest.toml: terminal-zoom-out: touchpad pinch in class ["gnome-terminal*", "xfce4-terminal", \
                "mate-terminal", "tilix", "terminator"] windows: applications get no touchpad pinches, in or out \
                (their own pinch zoom)
                xgest.toml: pixels at 96 dpi; `xgest run --debug` prints these lines at the density it converts millimetres at
                xgest.toml: terminal-paste: touchscreen in class ["gnome-terminal*", "xfce4-terminal", "mate-terminal", \
                "tilix", "terminator"] windows: holds one-finger touches up to 50 ms (less if they move 4 px); \
                two-finger touches up to 500 ms (less if they move 6 px or lift)
                xgest.toml: edge-left: touchscreen, except in class "steam_app_*" windows: holds touches landing within 13 px of the monitor edge until they \
                move 6 px; others not at all
                xgest.toml: edge-right: touchscreen, except in class "steam_app_*" windows: holds touches landing within 13 px of the monitor edge until they \
                move 6 px; others not at all
                xgest.toml: edge-bottom: touchscreen, except in class "steam_app_*" windows: holds touches landing within 13 px of the monitor edge until they \
                move 6 px; others not at all

                """)
    }

    /// An `[[app]]` rotate binding, or a pinch binding with a direction, takes every pinch
    /// of its finger count in its windows (X tells the direction and the angle only after
    /// the gesture is kept): check says so, as it does for a global one. It said nothing.
    @Test func anAppTouchpadBindingSaysWhatItTakesInItsWindows() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        [[gesture]]
        name = "zoom-ctrl"
        kind = "pinch"
        device = "touchpad"
        modifiers = ["ctrl"]
        action = "key ctrl+plus"

        [[app]]
        class = "firefox*"
        [[app.gesture]]
        name = "turn"
        kind = "rotate"
        device = "touchpad"
        fingers = 2
        direction = "cw"
        action = "key r"
        [[app.gesture]]
        name = "pinch3-in"
        kind = "pinch"
        device = "touchpad"
        fingers = 3
        direction = "in"
        action = "key minus"
        [[app.gesture]]
        name = "back"
        kind = "swipe"
        device = "touchpad"
        fingers = 3
        direction = "right"
        modifiers = ["super"]
        action = "key alt+Left"
        """.write(to: directory.appendingPathComponent("a.toml"), atomically: true, encoding: .utf8)
        let run = try XgestRun(["check", "a.toml"], in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                a.toml: ok, 4 bindings (1 global, 3 in 1 [[app]] section)
                a.toml: zoom-ctrl: global touchpad pinch: applications lose their own pinch zoom (with ctrl held)
                a.toml: turn: touchpad rotate in class "firefox*" windows: applications get no 2-finger touchpad pinches \
                (their own pinch zoom; X sends a rotation as a pinch)
                a.toml: pinch3-in: touchpad pinch in class "firefox*" windows: applications get no 3-finger touchpad \
                pinches, in or out (their own pinch zoom)
                a.toml: back: touchpad swipe in class "firefox*" windows: applications get no 3-finger touchpad swipes \
                (with super held)

                """)
    }

    @Test func aMissingFileIsAnErrorToo() throws {
        let run = try XgestRun(["check", "no-such-file.toml"], in: Self.brokenDirectory)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("xgest: "), "\(run.standardError)")
        #expect(run.standardError.contains("no-such-file.toml"), "\(run.standardError)")
    }
}
