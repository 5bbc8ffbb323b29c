import Testing

@testable import XgestConfig

/// The column an error names, and the caret under it, where the line holds tabs, characters
/// of several bytes in UTF-8, CRLF line endings or a leading byte order mark: a column is
/// one Unicode scalar (a tab one column, the mark none), as an editor's character count.
@Suite struct SourceColumnTests {
    /// The rendered diagnostics of a file of these bytes.
    static func rendered(_ bytes: [UInt8]) -> String {
        XgestConfiguration.load(bytes: bytes, file: "c.toml", isKnownKeysym: isTestKeysym).renderedDiagnostics()
    }

    static func rendered(_ text: String) -> String { rendered(Array(text.utf8)) }

    @Test func aLanguageErrorAfterTabsAndWideCharacters() {
        #expect(
            Self.rendered("[[gesture]]\r\n\taction\t= \"exec echo café\" x\r\n") == """
                c.toml:2:28: error: expected end of line after value, found "x"
                \taction\t= "exec echo café" x
                \t      \t                   ^
                """)
        #expect(
            Self.rendered("\u{FEFF}[[gesture]]\naction = \"exec echo 日本\" x\n") == """
                c.toml:2:25: error: expected end of line after value, found "x"
                action = "exec echo 日本" x
                                          ^
                """)
    }

    @Test func aSchemaErrorOnACRLFLineAfterMultiByteCharacters() {
        #expect(
            Self.rendered("[[gesture]]\r\nkind = \"tap\" # é\r\naction = \"click 1\"\r\n\tfingers = \"ü\"\r\n") == """
                c.toml:4:12: error: expected fingers as an integer, found a string
                \tfingers = "ü"
                \t          ^~~
                """)
    }

    /// A byte that is not UTF-8 on the first line of a file that starts with a byte order
    /// mark was said one column to its right: the mark was counted.
    @Test func aByteThatIsNotUTF8AfterAByteOrderMark() {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for (prefix, column) in [(mark, 9), ([], 9)] as [([UInt8], Int)] {
            let bytes = prefix + Array("x = \"é\tc".utf8) + [0xE9] + Array("\"\r\n".utf8)
            #expect(
                Self.rendered(bytes) == """
                    c.toml:1:\(column): error: invalid UTF-8 (byte 0xE9): a config must be UTF-8 text
                    x = "é\tc\u{FFFD}"
                    \(String(repeating: " ", count: 6))\t ^
                    """)
        }
    }
}
