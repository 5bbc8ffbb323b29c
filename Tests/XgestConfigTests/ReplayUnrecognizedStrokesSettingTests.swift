import Foundation
import Testing

@testable import XgestConfig

/// `replay-unrecognized-strokes`: a key of `[settings]` alone, a boolean, false unless written.
@Suite struct ReplayUnrecognizedStrokesSettingTests {
    static let binding = """
        [[gesture]]
        kind = "stroke"
        device = "pointer"
        shape = "check"
        action = "key F5"
        """

    @Test func itIsOffUnlessWrittenAndReadAsABoolean() throws {
        #expect(try loadValid(Self.binding).settings.replaysUnrecognizedStrokes == false)
        let on = try loadValid("[settings]\nreplay-unrecognized-strokes = true\n\n" + Self.binding)
        #expect(on.settings.replaysUnrecognizedStrokes)
        let off = try loadValid("[settings]\nreplay-unrecognized-strokes = false\n\n" + Self.binding)
        #expect(!off.settings.replaysUnrecognizedStrokes)
    }

    @Test func anythingButABooleanIsAnError() {
        let result = load("[settings]\nreplay-unrecognized-strokes = \"yes\"\n\n" + Self.binding)
        #expect(result.configuration == nil)
        #expect(
            result.renderedDiagnostics().contains(
                "error: expected replay-unrecognized-strokes as a boolean (true or false), found a string"),
            "\(result.renderedDiagnostics())")
    }

    /// The press it concerns is one no binding took: a binding's own value would decide nothing.
    @Test func aBindingMayNotWriteIt() {
        let result = load(Self.binding + "\nreplay-unrecognized-strokes = true\n")
        #expect(result.configuration == nil)
        let rendered = result.renderedDiagnostics()
        #expect(
            rendered.contains(
                "error: replay-unrecognized-strokes is a key of [settings] only: a stroke it replays is one no"
                    + " binding took"),
            "\(rendered)")
        #expect(!rendered.contains("unknown key"), "\(rendered)")
    }

    @Test func docsListItInTheSettingsTable() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/config.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("| `replay-unrecognized-strokes` | `false` | `true`, `false` |"))
    }
}
