/// How many terminal columns text takes, for lines whose parts must line up (`xgest
/// devices`' columns, the caret under a config error): East Asian wide and fullwidth
/// characters and emoji take two, combining marks and format characters none, the rest
/// one. Counted by characters, a device named "Größe日本語" shifted its row three columns
/// right, and a caret after "日本" pointed two columns short.
///
/// Not wcwidth(3): that follows the locale, and under LANG=C it knows no character past
/// ASCII; the table is the wide ranges of Unicode's East Asian Width (as Markus Kuhn's
/// wcwidth has them), which every terminal draws two columns wide.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int { text.unicodeScalars.reduce(0) { $0 + of($1) } }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.value == 0 { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    /// East Asian Wide (W) and Fullwidth (F): Hangul Jamo, CJK, Hangul syllables,
    /// compatibility ideographs, vertical and small forms, fullwidth forms, and the
    /// supplementary ideographic planes.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// `text` padded with spaces to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    /// The rows as lines of aligned columns: each column but the last as wide as its
    /// widest cell and a space, and at least its `minimumWidths` entry. A name longer than
    /// its column's usual width widens the column for every row, rather than pushing the
    /// rest of its own row out of line.
    public static func table(_ rows: [[String]], minimumWidths: [Int]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in
            max(
                c < minimumWidths.count ? minimumWidths[c] : 0, rows.map { c < $0.count ? of($0[c]) + 1 : 0 }.max() ?? 0
            )
        }
        return rows.map { row in
            row.enumerated().map { c, cell in c == row.count - 1 ? cell : padded(cell, to: widths[c]) }.joined()
        }
    }
}
