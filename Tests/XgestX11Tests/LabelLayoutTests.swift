import CXgest
import Testing
import XgestCore

@testable import XgestX11

/// Where a label's box goes and what text it holds, without a server.
@Suite struct LabelLayoutTests {
    let monitor = LabelPainter.Bounds(x: 0, y: 0, width: 1920, height: 1080)

    @Test func theBoxIsDownAndRightOfTheEndWhereItFits() {
        let (x, y) = LabelPainter.place(
            anchor: Point(x: 500, y: 400), offset: 14, width: 200, height: 30, within: monitor)
        #expect(x == 514 && y == 414)
    }

    /// At the bottom-right corner the box goes above and left of the stroke's end, not on it.
    @Test func atTheBottomRightCornerTheBoxKeepsOffTheEnd() {
        let end = Point(x: 1900, y: 1070)
        let (x, y) = LabelPainter.place(anchor: end, offset: 14, width: 200, height: 30, within: monitor)
        #expect(x + 200 <= 1900 && y + 30 <= 1070, "\(x),\(y)")
        #expect(x == 1900 - 14 - 200 && y == 1070 - 14 - 30)
        // On a second monitor's edge, the same within its bounds.
        let right = LabelPainter.Bounds(x: 1920, y: 0, width: 1280, height: 1024)
        let (x2, y2) = LabelPainter.place(
            anchor: Point(x: 3190, y: 500), offset: 14, width: 200, height: 30, within: right)
        #expect(x2 == 3190 - 14 - 200 && y2 == 514)
    }

    /// A box larger than its monitor starts at the monitor's corner.
    @Test func aBoxLargerThanItsBoundsStartsAtTheirCorner() {
        let small = LabelPainter.Bounds(x: 100, y: 50, width: 320, height: 240)
        let (x, y) = LabelPainter.place(
            anchor: Point(x: 300, y: 200), offset: 14, width: 400, height: 300, within: small)
        #expect(x == 100 && y == 50)
    }

    static func codes(_ glyphs: [XChar2b]) -> [UInt16] { glyphs.map { UInt16($0.byte1) << 8 | UInt16($0.byte2) } }

    /// A font of Latin-1, Greek and Cyrillic, with the replacement character.
    static func has(_ code: UInt16) -> Bool {
        (0x20..<0x7f).contains(code) || (0xa0...0x4ff).contains(code) || code == LabelGlyphs.replacement
    }

    /// Each character as its code point where the font has it; one replacement for a
    /// character it lacks, for one past U+FFFF and for a control; `?` for a font without
    /// the replacement.
    @Test func textIsTheFontsGlyphsAndTheRestOneReplacementEach() {
        let text = LabelGlyphs.encode("Café Δ ж 三\u{1F600}a\u{7f}", has: Self.has)
        #expect(
            text.map(Self.codes) == [
                [0x43], [0x61], [0x66], [0xe9], [0x20], [0x394], [0x20], [0x436], [0x20], [0xfffd], [0xfffd], [0x61],
                [0xfffd],
            ])
        let latin1 = LabelGlyphs.encode("ж≠", has: { (0x20...0xff).contains($0) })
        #expect(latin1.map(Self.codes) == [[0x3f], [0x3f]])
    }

    /// A name wider than its room is cut and ends in `...`, as wide as the room at most,
    /// between characters: a letter and its combining accent stay together.
    @Test func aNameTooWideIsShortenedWithAnEllipsisBetweenCharacters() {
        let measure: ([XChar2b]) -> Int32 = { Int32($0.count) * 10 }
        let text = LabelGlyphs.encode("not recognized: closest check 0.62", has: Self.has)
        let ellipsis = LabelPainter.ellipsis
        let whole = LabelGlyphs.fitted(text, ellipsis: ellipsis, within: 1000, measure: measure)
        #expect(Self.codes(whole) == Self.codes(text.flatMap { $0 }))
        let cut = LabelGlyphs.fitted(text, ellipsis: ellipsis, within: 100, measure: measure)
        #expect(Self.codes(cut) == Array("not rec...".utf16))
        #expect(
            Self.codes(LabelGlyphs.fitted(text, ellipsis: ellipsis, within: 20, measure: measure)) == [
                0x2e, 0x2e, 0x2e,
            ])
        // "e" and U+0301 are one character: both go, or neither ("cafe..." would fit).
        let accented = LabelGlyphs.encode("cafe\u{301}s!!", has: Self.has)
        #expect(accented.count == 7)
        let kept = LabelGlyphs.fitted(accented, ellipsis: ellipsis, within: 75, measure: measure)
        #expect(Self.codes(kept) == [0x63, 0x61, 0x66, 0x2e, 0x2e, 0x2e])
    }
}
