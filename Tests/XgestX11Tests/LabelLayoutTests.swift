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

    @Test func textIsLatin1AndTheRestIsAQuestionMark() {
        let bytes = LabelPainter.latin1("Café ≠ a\u{7f}\u{9c}ÿ").map { UInt8(bitPattern: $0) }
        #expect(bytes == [0x43, 0x61, 0x66, 0xe9, 0x20, 0x3f, 0x20, 0x61, 0x3f, 0x3f, 0xff])
    }

    /// A name wider than its room is cut and ends in `...`, as wide as the room at most.
    @Test func aNameTooWideIsShortenedWithAnEllipsis() {
        let measure: ([CChar]) -> Int32 = { Int32($0.count) * 10 }
        let text = LabelPainter.latin1("not recognized: closest check 0.62")
        #expect(LabelPainter.fitted(text, within: 1000, measure: measure) == text)
        let cut = LabelPainter.fitted(text, within: 100, measure: measure)
        #expect(cut == LabelPainter.latin1("not rec..."))
        #expect(LabelPainter.fitted(text, within: 20, measure: measure) == LabelPainter.ellipsis)
    }
}
