import Testing
import XgestCore

/// A window title is read up to 4 KiB: a read that ends inside a multibyte character ended
/// the title in U+FFFD; it ends at the last whole character instead.
@Suite struct CutTextTests {
    /// The title's start, then "é" (2 bytes) or "€" (3) or "🎉" (4) across the limit.
    static let start = "Inbox — "
    static let padding = Array(start.utf8)

    @Test(arguments: ["é", "€", "🎉"])
    func aCharacterCutByTheLimitIsLeftOut(_ character: String) {
        let read = Array((Self.padding + Array(character.utf8)).prefix(Self.padding.count + 1))
        let title = CutText.utf8(read, cut: true)
        #expect(!title.contains("\u{FFFD}"))
        #expect(title == Self.start)
        // STRING (Latin-1 by ICCCM) holding UTF-8 is cut the same way, not read as Latin-1.
        #expect(CutText.latin1(read, cut: true) == title)
    }

    @Test func wholeCharactersBeforeTheCutStay() {
        let read = Self.padding + Array("é".utf8)
        #expect(CutText.utf8(read, cut: true) == Self.start + "é")
        #expect(CutText.utf8(Array("€🎉".utf8), cut: true) == "€🎉")
        #expect(CutText.utf8(Array("€🎉".utf8).dropLast(), cut: true) == "€")
        #expect(CutText.utf8(Array("€🎉".utf8).dropLast(3), cut: true) == "€")
    }

    /// Only a cut is mended: a whole property with a broken end shows it, as before, and
    /// text ends at the first NUL.
    @Test func anUncutTitleIsDecodedAsItIs() {
        #expect(CutText.utf8([0x61, 0xC3], cut: false) == "a\u{FFFD}")
        #expect(CutText.utf8([0x61, 0, 0x62], cut: true) == "a")
    }

    /// Latin-1 text cut anywhere is whole: a last byte that looks like a UTF-8 lead, in
    /// text that is not UTF-8, is a Latin-1 character.
    @Test func latin1TextKeepsEveryByte() {
        #expect(CutText.latin1([0x43, 0x61, 0x66, 0xE9, 0x20, 0xC3], cut: true) == "Café Ã")
        #expect(CutText.latin1([0x43, 0xC3], cut: false) == "CÃ")
    }
}
