import Testing
import XgestCore

/// The one escaping of text from other clients for human-readable output.
@Suite struct DisplayTextTests {
    @Test func plainTextIsUnchanged() {
        #expect(DisplayText.escaped("Firefox — Mozilla, café 日本") == "Firefox — Mozilla, café 日本")
    }

    @Test func controlsNewlinesTabsAndBackslashesAreEscaped() {
        #expect(DisplayText.escaped("a\nb") == #"a\nb"#)
        #expect(DisplayText.escaped("a\tb") == #"a\tb"#)
        #expect(DisplayText.escaped("/bin/sh\r") == #"/bin/sh\r"#)
        #expect(DisplayText.escaped("\u{1B}[2J") == #"\x1b[2J"#)
        #expect(DisplayText.escaped("\r\u{0}\u{7F}") == #"\r\x00\x7f"#)
        #expect(DisplayText.escaped(#"C:\x1b"#) == #"C:\\x1b"#)
    }

    @Test func textAsWrittenKeepsItsBackslashesAndEscapesItsControls() {
        #expect(DisplayText.escapedAsWritten(#"exec sh -c 'a\ b' "g\\h""#) == #"exec sh -c 'a\ b' "g\\h""#)
        #expect(DisplayText.escapedAsWritten("a\\\n\u{1B}\u{202E}") == #"a\\n\x1b\u202e"#)
    }

    @Test func c1ControlsLineSeparatorsAndBidiOverridesAreEscaped() {
        #expect(DisplayText.escaped("\u{9B}31m") == #"\u009b31m"#)
        #expect(DisplayText.escaped("a\u{2028}b\u{2029}") == #"a\u2028b\u2029"#)
        #expect(DisplayText.escaped("txt.\u{202E}exe") == #"txt.\u202eexe"#)
        #expect(DisplayText.escaped("\u{2066}x\u{2069}") == #"\u2066x\u2069"#)
    }

    @Test func aForgedDebugLineStaysOnTheLineItIsIn() {
        let title = "x\n[   9.999999] action         rm: exec rm -rf / on x -> done in 1 us\u{1B}[0m"
        let escaped = DisplayText.escaped(title)
        #expect(!escaped.contains("\n"))
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(escaped == #"x\n[   9.999999] action         rm: exec rm -rf / on x -> done in 1 us\x1b[0m"#)
    }
}
