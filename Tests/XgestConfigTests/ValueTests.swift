import Testing

@testable import XgestConfig

/// Every kind of value: what it parses to, how it is written back, and that the
/// written form parses to the same value again.
@Suite struct ValueTests {
    /// Parses `v = <literal>` and returns the value, failing the test on diagnostics.
    private func parseValue(_ literal: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> ConfigValue?
    {
        let result = parse("v = " + literal + "\n")
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())", sourceLocation: sourceLocation)
        return value(result, "v")
    }

    /// The value parses to `kind`, is written as `canonical`, and `canonical` parses
    /// back to `kind`.
    private func roundTrip(
        _ literal: String, _ kind: ConfigValue.Kind, _ canonical: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let parsed = parseValue(literal, sourceLocation: sourceLocation)
        #expect(parsed?.kind == kind, sourceLocation: sourceLocation)
        #expect(parsed?.configText == canonical, sourceLocation: sourceLocation)
        let reparsed = parseValue(canonical, sourceLocation: sourceLocation)
        #expect(reparsed?.kind == kind, sourceLocation: sourceLocation)
    }

    @Test func basicStrings() {
        roundTrip(#""hello""#, .string("hello"), #""hello""#)
        roundTrip(#""""#, .string(""), #""""#)
        roundTrip(
            #""a\tb\nc \"q\" \\ \b\f\r""#, .string("a\tb\nc \"q\" \\ \u{08}\u{0C}\r"),
            #""a\tb\nc \"q\" \\ \b\f\r""#)
        roundTrip(#""caf\u00E9 \U0001F600""#, .string("café 😀"), #""café 😀""#)
        roundTrip(#""ünïcödé ok""#, .string("ünïcödé ok"), #""ünïcödé ok""#)
    }

    @Test func literalStrings() {
        roundTrip(#"'C:\Users\x'"#, .string(#"C:\Users\x"#), #""C:\\Users\\x""#)
        roundTrip("''", .string(""), #""""#)
        roundTrip(#"'say "hi"'"#, .string(#"say "hi""#), #""say \"hi\"""#)
    }

    @Test func multilineBasicStrings() {
        // The newline after the opening quotes is dropped; a line-ending backslash
        // joins lines and eats the next line's indentation.
        roundTrip("\"\"\"\nline one\nline two\"\"\"", .string("line one\nline two"), #""line one\nline two""#)
        roundTrip(
            "\"\"\"\nThe quick \\\n    brown fox\"\"\"", .string("The quick brown fox"), #""The quick brown fox""#)
        roundTrip(
            #""""two "quotes" inside, "" and one at the end"""""#,
            .string(#"two "quotes" inside, "" and one at the end""#),
            #""two \"quotes\" inside, \"\" and one at the end\"""#)
        roundTrip("\"\"\"tab\\tescape\"\"\"", .string("tab\tescape"), #""tab\tescape""#)
    }

    @Test func multilineLiteralStrings() {
        roundTrip("'''\nraw \\n text\n'''", .string("raw \\n text\n"), #""raw \\n text\n""#)
        roundTrip("'''it's''''", .string("it's'"), #""it's'""#)
    }

    @Test func windowsLineEndings() {
        let result = parse("a = 1\r\nb = \"\"\"\r\nx\r\ny\"\"\"\r\n")
        #expect(result.diagnostics.isEmpty)
        #expect(value(result, "b")?.asString() == "x\ny")
        #expect(result.document.root["b"]?.keyRange.start == XgestConfig.SourceLocation(line: 2, column: 1))
    }

    @Test func integers() {
        roundTrip("42", .integer(42), "42")
        roundTrip("+17", .integer(17), "17")
        roundTrip("-17", .integer(-17), "-17")
        roundTrip("0", .integer(0), "0")
        roundTrip("-0", .integer(0), "0")
        roundTrip("1_000_000", .integer(1_000_000), "1000000")
        roundTrip("9223372036854775807", .integer(.max), "9223372036854775807")
        roundTrip("-9223372036854775808", .integer(.min), "-9223372036854775808")
        roundTrip("0xDEAD_beef", .integer(0xDEAD_BEEF), "3735928559")
        roundTrip("0o755", .integer(0o755), "493")
        roundTrip("0b1010", .integer(0b1010), "10")
        roundTrip("0x7FFFFFFFFFFFFFFF", .integer(.max), "9223372036854775807")
    }

    @Test func floats() {
        roundTrip("3.14", .float(3.14), "3.14")
        roundTrip("-0.5", .float(-0.5), "-0.5")
        roundTrip("+1.0", .float(1), "1.0")
        roundTrip("1e6", .float(1e6), "1000000.0")
        roundTrip("6.02E+23", .float(6.02e23), "6.02e+23")
        roundTrip("-2.5e-3", .float(-2.5e-3), "-0.0025")
        roundTrip("1_000.5", .float(1000.5), "1000.5")
        roundTrip("0.0", .float(0), "0.0")
        roundTrip("inf", .float(.infinity), "inf")
        roundTrip("+inf", .float(.infinity), "inf")
        roundTrip("-inf", .float(-.infinity), "-inf")
        for literal in ["nan", "+nan", "-nan"] {
            let parsed = parseValue(literal)
            #expect(parsed?.asDouble()?.isNaN == true)
            #expect(parsed?.configText == "nan")
        }
    }

    @Test func booleans() {
        roundTrip("true", .boolean(true), "true")
        roundTrip("false", .boolean(false), "false")
    }

    /// Composite values hold locations, so they are compared through their text.
    private func compositeRoundTrip(
        _ literal: String, _ canonical: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        #expect(
            parseValue(literal, sourceLocation: sourceLocation)?.configText == canonical, sourceLocation: sourceLocation
        )
        #expect(
            parseValue(canonical, sourceLocation: sourceLocation)?.configText == canonical,
            sourceLocation: sourceLocation)
    }

    @Test func arrays() {
        compositeRoundTrip("[]", "[]")
        compositeRoundTrip("[ 1, 2, 3 ]", "[1, 2, 3]")
        compositeRoundTrip("[1, 2,]", "[1, 2]")
        compositeRoundTrip(#"[[1, 2], ["a", 'b'], [], [[true]]]"#, #"[[1, 2], ["a", "b"], [], [[true]]]"#)
        compositeRoundTrip(#"[1, "mixed", 2.5, false, { x = 1 }]"#, #"[1, "mixed", 2.5, false, { x = 1 }]"#)
        compositeRoundTrip(
            """
            [
              "super",   # a comment
              # a comment line
              "ctrl",

            ]
            """,
            #"["super", "ctrl"]"#)
    }

    @Test func inlineTables() {
        compositeRoundTrip("{}", "{}")
        compositeRoundTrip(#"{ x = 0, y = 0.5, name = "left" }"#, #"{ x = 0, y = 0.5, name = "left" }"#)
        compositeRoundTrip(
            #"{ a.b = 1, a.c = 2, "key with space" = 3 }"#, #"{ a = { b = 1, c = 2 }, "key with space" = 3 }"#)
        compositeRoundTrip("{ inner = { deeper = [1, { z = true }] } }", "{ inner = { deeper = [1, { z = true }] } }")
    }

    @Test func valueLocations() {
        let result = parse("a = [1,\n  \"two\"]\nb = { c = 3 }\n")
        let array = value(result, "a")
        #expect(array?.range.start == XgestConfig.SourceLocation(line: 1, column: 5))
        #expect(array?.range.end == XgestConfig.SourceLocation(line: 2, column: 9))
        let two = array?.asArray()?.last
        #expect(two?.location == XgestConfig.SourceLocation(line: 2, column: 3))
        #expect(two?.range.end == XgestConfig.SourceLocation(line: 2, column: 8))
        let inline = value(result, "b")?.asTable()
        #expect(inline?.origin == .inline)
        #expect(inline?.path == ["b"])
        #expect(inline?["c"]?.keyRange.start == XgestConfig.SourceLocation(line: 3, column: 7))
        #expect(inline?["c"]?.value.location == XgestConfig.SourceLocation(line: 3, column: 11))
    }

    @Test func keysOfEveryForm() {
        let result = parse(
            #"""
            bare-key_1 = 1
            "quoted key" = 2
            'literal key' = 3
            "" = 4
            1234 = 5
            3.14 = 6
            a . "b.c" . d = 7
            true = 8
            """#)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        let root = result.document.root
        #expect(root.entries.map(\.key) == ["bare-key_1", "quoted key", "literal key", "", "1234", "3", "a", "true"])
        #expect(value(result, "3", "14")?.asInteger() == 6)
        #expect(value(result, "a", "b.c", "d")?.asInteger() == 7)
        #expect(root["a"]?.value.asTable()?["b.c"]?.value.asTable()?.dottedPath == #"a."b.c""#)
    }

    @Test func typedAccessors() {
        let result = parse("s = 'x'\ni = 2\nf = 2.5\nb = true\na = [1]\nt = { k = 1 }\nts = [{ k = 1 }, { k = 2 }]\n")
        #expect(value(result, "s")?.asString() == "x")
        #expect(value(result, "s")?.asInteger() == nil)
        #expect(value(result, "i")?.asDouble() == 2.0)
        #expect(value(result, "f")?.asInteger() == nil)
        #expect(value(result, "b")?.asBool() == true)
        #expect(value(result, "a")?.asArray()?.count == 1)
        #expect(value(result, "a")?.asTableArray() == nil)
        #expect(value(result, "t")?.asTable()?["k"]?.value.asInteger() == 1)
        #expect(value(result, "ts")?.asTableArray()?.count == 2)
        #expect(value(result, "i")?.kind.description == "an integer")
        #expect(value(result, "t")?.kind.description == "an inline table")
    }
}
