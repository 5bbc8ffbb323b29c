import Testing

@testable import XgestConfig

@Suite struct RendererTests {
    private func at(_ line: Int, _ column: Int, to endColumn: Int? = nil, endLine: Int? = nil) -> SourceRange {
        SourceRange(
            start: XgestConfig.SourceLocation(line: line, column: column),
            end: XgestConfig.SourceLocation(line: endLine ?? line, column: endColumn ?? column))
    }

    @Test func tabsStayAligned() {
        let renderer = DiagnosticRenderer(file: "f", source: "\tkey =\t\"v\"\n")
        #expect(
            renderer.render(.error("m", at: at(1, 8, to: 11))) == "f:1:8: error: m\n\tkey =\t\"v\"\n\t     \t^~~")
    }

    @Test func rangeRunningOnToLaterLinesIsCutAtTheLineEnd() {
        let renderer = DiagnosticRenderer(file: "f", source: "a = [1,\n  2\n")
        #expect(renderer.render(.error("m", at: at(1, 5, to: 4, endLine: 2))) == "f:1:5: error: m\na = [1,\n    ^~~")
    }

    @Test func locationsPastTheTextStillRender() {
        let renderer = DiagnosticRenderer(file: "f", source: "abc")
        #expect(renderer.render(.error("m", at: at(1, 4))) == "f:1:4: error: m\nabc\n   ^")
        #expect(renderer.render(.error("m", at: at(1, 2, to: 40))) == "f:1:2: error: m\nabc\n ^~")
        #expect(renderer.render(.error("m", at: at(9, 1))) == "f:9:1: error: m\n\n^")
    }

    @Test func columnsCountUnicodeScalars() {
        // "é" written as e + combining acute is two scalars (one character), so "x" is
        // at column 10, not 9; on the terminal the accent takes no column of its own.
        let source = "k = \"e\u{301}\" x\n"
        let result = parse(source)
        #expect(result.diagnostics.first?.location == XgestConfig.SourceLocation(line: 1, column: 10))
        #expect(result.renderedDiagnostics().hasSuffix("\n        ^"))
    }

    /// East Asian wide characters take two terminal columns: the caret after them, and
    /// the underline under them, count two for each (it pointed two columns short).
    @Test func wideCharactersTakeTwoColumns() {
        let renderer = DiagnosticRenderer(file: "f", source: "m = [\"日本\", \"bogus\"]\n")
        let line = "m = [\"日本\", \"bogus\"]"
        #expect(renderer.render(.error("m", at: at(1, 6, to: 10))) == "f:1:6: error: m\n\(line)\n     ^~~~~~")
        #expect(
            renderer.render(.error("m", at: at(1, 12, to: 19)))
                == "f:1:12: error: m\n\(line)\n" + String(repeating: " ", count: 13) + "^~~~~~~")
    }

    @Test func warningsAndSeverities() {
        let renderer = DiagnosticRenderer(file: "f", source: "a = 1\n")
        let warning = Diagnostic.warning("unused", at: at(1, 1, to: 2))
        #expect(renderer.render(warning) == "f:1:1: warning: unused\na = 1\n^")
        #expect(![warning].containsErrors)
        #expect([warning, .error("e", at: at(1, 1))].containsErrors)
    }

    @Test func carriageReturnsAreNotShown() {
        let result = parse("a = 1\r\nb = 2 3\r\n")
        #expect(
            result.renderedDiagnostics()
                == "test.toml:2:7: error: expected end of line after value, found \"3\"\nb = 2 3\n      ^")
    }
}
