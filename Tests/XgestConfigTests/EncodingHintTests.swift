import Testing

@testable import XgestConfig

/// A config saved as UTF-16, with or without its byte order mark, or with lines ending in
/// CR alone is one error saying so; UTF-8 with a stray NUL or CR is read as usual.
@Suite struct EncodingHintTests {
    static let text = "[[gesture]]\nkind = \"tap\"\naction = \"key F5\"\n"

    @Test func utf16WithoutItsMarkIsSaid() {
        let little = Array(Self.text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = Array(Self.text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big] {
            #expect(EncodingHint.problem(bytes)?.hasPrefix("the file looks like UTF-16") == true)
        }
    }

    @Test func utf8WithAStrayNULOrCRIsReadAsUsual() {
        #expect(EncodingHint.problem(Array(Self.text.utf8)) == nil)
        #expect(EncodingHint.problem(Array("[[gesture]]\nname = \"a\u{0}b\"\n".utf8)) == nil)
        #expect(EncodingHint.problem(Array("[[gesture]]\r\nkind = \"tap\"\r\n".utf8)) == nil)
        #expect(EncodingHint.problem(Array("# one line ending in CR\r".utf8)) == nil)
        #expect(EncodingHint.problem(Array("a = 1\rb = 2".utf8))?.hasPrefix("the lines end in CR alone") == true)
    }
}
