import Testing

@testable import XgestConfig

/// One test per kind of error, each with its exact rendering.
@Suite struct DiagnosticTests {
    @Test func duplicateKey() {
        expectDiagnostics(
            """
            [[gesture]]
            2️⃣fingers = 3
            1️⃣fingers = 4
            """,
            """
            test.toml:3:1: error: duplicate key "gesture.fingers"
            fingers = 4
            ^~~~~~~
            test.toml:2:1: note: "gesture.fingers" first defined here
            fingers = 3
            ^~~~~~~
            """)
    }

    @Test func duplicateDottedKey() {
        expectDiagnostics(
            """
            debug.2️⃣level = 1
            debug.1️⃣level = 2
            """,
            """
            test.toml:2:7: error: duplicate key "debug.level"
            debug.level = 2
                  ^~~~~
            test.toml:1:7: note: "debug.level" first defined here
            debug.level = 1
                  ^~~~~
            """)
    }

    @Test func tableDefinedTwice() {
        expectDiagnostics(
            """
            2️⃣[settings]
            a = 1
            1️⃣[settings]
            """,
            """
            test.toml:3:1: error: table [settings] is defined more than once
            [settings]
            ^~~~~~~~~~
            test.toml:1:1: note: "settings" first defined here
            [settings]
            ^~~~~~~~~~
            """)
    }

    @Test func tableAlreadyDefinedByDottedKeys() {
        expectDiagnostics(
            """
            [settings]
            2️⃣debug.level = 1
            1️⃣[settings.debug]
            """,
            """
            test.toml:3:1: error: table [settings.debug] is already defined by dotted keys
            [settings.debug]
            ^~~~~~~~~~~~~~~~
            test.toml:2:1: note: "settings.debug" first defined here
            debug.level = 1
            ^~~~~
            """)
    }

    @Test func unterminatedString() {
        expectDiagnostics(
            """
            action = 1️⃣"key ctrl+alt
            fingers = 3
            """,
            """
            test.toml:1:10: error: unterminated string (missing closing '"')
            action = "key ctrl+alt
                     ^~~~~~~~~~~~~
            """)
    }

    @Test func unterminatedMultilineString() {
        expectDiagnostics(
            """
            template = 1️⃣'''
            never closed
            """,
            """
            test.toml:1:12: error: unterminated multi-line string (missing closing "'''")
            template = '''
                       ^~~
            """)
    }

    @Test func badEscape() {
        expectDiagnostics(
            #"""
            path = "C:1️⃣\qtemp"
            """#,
            #"""
            test.toml:1:11: error: invalid escape sequence \q (valid: \b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX)
            path = "C:\qtemp"
                      ^~
            """#)
    }

    @Test func aStringWithABadEscapeIsOneErrorAndItsLineIsLeftOut() {
        // Read as "key " without the escape, the action was a second error.
        let result = parse("[[gesture]]\nkind = \"tap\"\naction = \"key \\q\"\nname = \"x\"")
        #expect(result.diagnostics.map(\.location) == [XgestConfig.SourceLocation(line: 3, column: 15)])
        let gesture = value(result, "gesture")?.asTableArray()?.first
        #expect(gesture?["action"] == nil)
        #expect(gesture?["name"]?.value.asString() == "x")
        // A control character the letter would hide is shown quoted.
        #expect(
            parse("a = \"\\\u{7}\"").diagnostics.first?.message.hasPrefix(
                "invalid escape sequence: a backslash followed by U+0007 (") == true)
    }

    @Test func badUnicodeEscape() {
        expectDiagnostics(
            #"""
            a = "1️⃣\uD800"
            b = "2️⃣\u12"
            """#,
            #"""
            test.toml:1:6: error: \uD800 is not a Unicode scalar value
            a = "\uD800"
                 ^~~~~~
            test.toml:2:6: error: \u must be followed by exactly 4 hexadecimal digits
            b = "\u12"
                 ^~~~
            """#)
    }

    @Test func invalidNumbers() {
        expectDiagnostics(
            """
            a = 1️⃣3x
            b = 2️⃣1__000
            c = 3️⃣007
            d = 4️⃣1.
            e = 5️⃣-0x10
            f = 6️⃣0o19
            """,
            """
            test.toml:1:5: error: invalid number "3x": unexpected "x"
            a = 3x
                ^~
            test.toml:2:5: error: invalid number "1__000": "_" is only allowed between two digits
            b = 1__000
                ^~~~~~
            test.toml:3:5: error: invalid number "007": leading zeros are not allowed
            c = 007
                ^~~
            test.toml:4:5: error: invalid number "1.": a digit must follow the decimal point
            d = 1.
                ^~
            test.toml:5:5: error: invalid number "-0x10": hexadecimal, octal and binary integers cannot have a sign
            e = -0x10
                ^~~~~
            test.toml:6:5: error: invalid number "0o19": "9" is not a octal digit
            f = 0o19
                ^~~~
            """)
    }

    @Test func integerOutOfRange() {
        expectDiagnostics(
            """
            big = 1️⃣9223372036854775808
            small = 2️⃣-9223372036854775809
            ok = -9223372036854775808
            """,
            """
            test.toml:1:7: error: invalid number "9223372036854775808": out of range for a 64-bit integer (the largest is 9223372036854775807)
            big = 9223372036854775808
                  ^~~~~~~~~~~~~~~~~~~
            test.toml:2:9: error: invalid number "-9223372036854775809": out of range for a 64-bit integer (the smallest is -9223372036854775808)
            small = -9223372036854775809
                    ^~~~~~~~~~~~~~~~~~~~
            """)
    }

    @Test func missingEquals() {
        expectDiagnostics(
            """
            fingers 1️⃣3
            direction2️⃣
            fingers = 3
            """,
            """
            test.toml:1:9: error: expected "=" after key "fingers", found "3"
            fingers 3
                    ^
            test.toml:2:10: error: expected "=" after key "direction", found end of line
            direction
                     ^
            """)
    }

    @Test func garbageAfterValue() {
        expectDiagnostics(
            """
            fingers = 3 1️⃣4
            action = "key a" 2️⃣"key b"
            [settings] 3️⃣x = 1
            """,
            """
            test.toml:1:13: error: expected end of line after value, found "4"
            fingers = 3 4
                        ^
            test.toml:2:18: error: expected end of line after value, found a string
            action = "key a" "key b"
                             ^~~~~~~
            test.toml:3:12: error: expected end of line after table header, found "x"
            [settings] x = 1
                       ^
            """)
    }

    @Test func unquotedString() {
        expectDiagnostics(
            """
            kind = 1️⃣swipe
            """,
            """
            test.toml:1:8: error: expected a value, found "swipe" (strings must be quoted: "swipe")
            kind = swipe
                   ^~~~~
            """)
    }

    @Test func missingValue() {
        expectDiagnostics(
            """
            kind =1️⃣
            fingers = 3
            """,
            """
            test.toml:1:7: error: expected a value, found end of line
            kind =
                  ^
            """)
    }

    @Test func unterminatedArrayAtEndOfFile() {
        expectDiagnostics(
            """
            modifiers = 1️⃣["super",
              "ctrl"
            """,
            """
            test.toml:1:13: error: unterminated array (missing "]")
            modifiers = ["super",
                        ^
            """)
    }

    @Test func unterminatedArrayBeforeNextKey() {
        let marked = """
            modifiers = 2️⃣["super", "ctrl"
            1️⃣fingers = 3
            """
        expectDiagnostics(
            marked,
            """
            test.toml:2:1: error: expected "," or "]" after an array element, found "fingers"
            fingers = 3
            ^~~~~~~
            test.toml:1:13: note: array opened here
            modifiers = ["super", "ctrl"
                        ^
            """)
        // Recovery starts the next statement at the line the array ran into.
        #expect(value(parse(MarkedSource(marked).text), "fingers")?.asInteger() == 3)
    }

    @Test func recoveryAfterAnArrayRunsIntoAHeader() {
        let result = parse("a = [1, 2\n[settings]\nx = 1\nb = [1,\n  2x,\n]\n")
        #expect(
            result.diagnostics.map { "\($0.location) \($0.message)" } == [
                #"2:1 expected "," or "]" after an array element, found "[""#,
                #"5:3 invalid number "2x": unexpected "x""#,
                #"6:1 expected a key or a table header, found "]""#,
            ])
        #expect(value(result, "settings", "x")?.asInteger() == 1)
    }

    @Test func unterminatedInlineTable() {
        expectDiagnostics(
            """
            region = 2️⃣{ x = 0, y = 01️⃣
            """,
            """
            test.toml:1:24: error: unterminated inline table (missing "}"; an inline table must fit on one line)
            region = { x = 0, y = 0
                                   ^
            test.toml:1:10: note: inline table opened here
            region = { x = 0, y = 0
                     ^
            """)
    }

    @Test func keyUsedAsValueThenTable() {
        expectDiagnostics(
            """
            2️⃣settings = 1
            1️⃣[settings]
            """,
            """
            test.toml:2:1: error: "settings" is already an integer, so it cannot be a table
            [settings]
            ^~~~~~~~~~
            test.toml:1:1: note: "settings" first defined here
            settings = 1
            ^~~~~~~~
            """)
    }

    @Test func keyUsedAsTableThenValue() {
        expectDiagnostics(
            """
            2️⃣debug.level = 1
            1️⃣debug = 2
            """,
            """
            test.toml:2:1: error: "debug" is already a table, so it cannot be a value
            debug = 2
            ^~~~~
            test.toml:1:1: note: "debug" first defined here
            debug.level = 1
            ^~~~~
            """)
    }

    @Test func valueUsedAsTableInDottedKey() {
        expectDiagnostics(
            """
            2️⃣debug = 1
            1️⃣debug.level = 2
            """,
            """
            test.toml:2:1: error: "debug" is already an integer, so it cannot hold keys
            debug.level = 2
            ^~~~~
            test.toml:1:1: note: "debug" first defined here
            debug = 1
            ^~~~~
            """)
    }

    @Test func tableThenArrayOfTables() {
        expectDiagnostics(
            """
            2️⃣[gesture]
            1️⃣[[gesture]]
            """,
            """
            test.toml:2:1: error: "gesture" is already a table, so it cannot be an array of tables
            [[gesture]]
            ^~~~~~~~~~~
            test.toml:1:1: note: "gesture" first defined here
            [gesture]
            ^~~~~~~~~
            """)
    }

    @Test func arrayOfTablesThenTable() {
        expectDiagnostics(
            """
            2️⃣[[gesture]]
            1️⃣[gesture]
            """,
            """
            test.toml:2:1: error: "gesture" is already an array of tables; write [[gesture]] to add one
            [gesture]
            ^~~~~~~~~
            test.toml:1:1: note: "gesture" first defined here
            [[gesture]]
            ^~~~~~~~~~~
            """)
    }

    @Test func dottedKeyIntoHeaderTable() {
        expectDiagnostics(
            """
            2️⃣[settings.debug]
            [settings]
            1️⃣debug.level = 1
            """,
            """
            test.toml:3:1: error: table "settings.debug" is defined by a header; add keys to it under that header
            debug.level = 1
            ^~~~~
            test.toml:1:1: note: "settings.debug" first defined here
            [settings.debug]
            ^~~~~~~~~~~~~~~~
            """)
    }

    @Test func inlineTableIsClosed() {
        expectDiagnostics(
            """
            2️⃣region = { x = 0 }
            [1️⃣region.more]
            """,
            """
            test.toml:2:2: error: "region" is already an inline table, so it cannot hold a table
            [region.more]
             ^~~~~~
            test.toml:1:1: note: "region" first defined here
            region = { x = 0 }
            ^~~~~~
            """)
    }

    @Test func unexpectedCharacter() {
        expectDiagnostics(
            """
            1️⃣! = 3
            a = 2️⃣@
            """,
            """
            test.toml:1:1: error: expected a key or a table header, found "!"
            ! = 3
            ^
            test.toml:2:5: error: expected a value, found "@"
            a = @
                ^
            """)
    }

    @Test func badHeaders() {
        expectDiagnostics(
            """
            [settings1️⃣
            [[gesture2️⃣]
            [3️⃣]
            """,
            """
            test.toml:1:10: error: expected "]" to close the table header, found end of line
            [settings
                     ^
            test.toml:2:10: error: expected "]]" to close the array-of-tables header, found "]"
            [[gesture]
                     ^
            test.toml:3:2: error: expected a key, found "]"
            []
             ^
            """)
    }

    @Test func trailingCommaInInlineTable() {
        expectDiagnostics(
            """
            p = { x = 1, 1️⃣}
            """,
            """
            test.toml:1:14: error: trailing comma is not allowed in an inline table
            p = { x = 1, }
                         ^
            """)
    }

    @Test func datesAreRefused() {
        expectDiagnostics(
            """
            when = 1️⃣1979-05-27
            """,
            """
            test.toml:1:8: error: dates and times are not supported; write them as strings
            when = 1979-05-27
                   ^~~~~~~~~~
            """)
    }

    @Test func controlCharacterInString() {
        expectDiagnostics(
            "a = \"x1️⃣\u{07}y\"",
            """
            test.toml:1:7: error: control character U+0007 must be escaped in a string
            a = "x\\x07y"
                  ^~~~
            """)
    }

    @Test func multiLineStringAsKey() {
        expectDiagnostics(
            #"""
            1️⃣"""a""" = 1
            """#,
            #"""
            test.toml:1:1: error: a multi-line string cannot be a key
            """a""" = 1
            ^~~~~~~
            """#)
    }

    @Test func nestingLimit() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let result = parse("a = " + deep)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message.hasPrefix("arrays and inline tables are nested too deeply") == true)
        #expect(result.diagnostics.first?.location == XgestConfig.SourceLocation(line: 1, column: 69))
    }

    /// A key of `count` parts, each "k".
    private func dotted(_ count: Int) -> String { Array(repeating: "k", count: count).joined(separator: ".") }

    @Test func keyPartsLimit() {
        // 64 parts are a key; 65 are refused at the 65th, and the line after still counts.
        #expect(parse(dotted(64) + " = 1").diagnostics.isEmpty)
        let long = parse(dotted(65) + " = 1\nafter = 2")
        #expect(long.diagnostics.count == 1)
        #expect(long.diagnostics.first?.message.hasPrefix("a key of more than 64 parts") == true)
        #expect(long.diagnostics.first?.location == XgestConfig.SourceLocation(line: 1, column: 129))
        #expect(value(long, "k") == nil)
        #expect(value(long, "after")?.asInteger() == 2)
        // The parts of the table a key is written in count: 40 under a header of 30.
        let nested = parse("[\(dotted(30))]\n\(dotted(40)) = 1")
        #expect(nested.diagnostics.map(\.location) == [XgestConfig.SourceLocation(line: 2, column: 69)])
        let inline = parse("a = { \(dotted(63)) = { \(dotted(2)) = 1 } }")
        #expect(inline.diagnostics.count == 1)
    }

    @Test func headerPartsLimit() {
        // The lines under a refused header are checked but go nowhere: not into the table
        // before it.
        for header in ["[\(dotted(65))]", "[[\(dotted(65))]]"] {
            let result = parse("[before]\n\(header)\nx = 1\nx = 2\ny = \"unterminated")
            let expected = ["a key of more than 64 parts", "duplicate key \"x\"", "unterminated string"]
            #expect(result.diagnostics.count == expected.count)
            for (d, prefix) in zip(result.diagnostics, expected) {
                #expect(d.message.hasPrefix(prefix), "\(d.message)")
            }
            #expect(value(result, "before", "x") == nil)
        }
    }

    @Test func thousandsOfKeyPartsAreOneErrorNotACrash() {
        // 8,000 parts overflowed the stack when the document was frozen, and took a
        // gigabyte on the way.
        let result = parse(dotted(8_000) + " = 1\n[" + dotted(8_000) + "]\n[[" + dotted(8_000) + "]]")
        #expect(result.diagnostics.count == 3)
        #expect(result.document.root.entries.isEmpty)
    }
}
