import CXgest

/// A label's text as the glyphs of the core font it is drawn in, two bytes each (one per
/// code point of the Basic Multilingual Plane, as ISO 10646 core fonts index them; a
/// Latin-1 font is the first 256 of them).
enum LabelGlyphs {
    /// What a character the font cannot draw becomes: U+FFFD, the replacement character,
    /// where the font has it, else `?`.
    static let replacement: UInt16 = 0xfffd
    static let questionMark: UInt16 = 0x3f

    /// The glyphs of each of `text`'s characters (what a reader takes as one: a letter and
    /// its accents, a flag), for a font that has the glyphs `has` says. A character with
    /// a code point the font lacks, past U+FFFF or a control, is one replacement glyph.
    static func encode(_ text: String, has: (UInt16) -> Bool) -> [[XChar2b]] {
        let stand = has(replacement) ? replacement : questionMark
        return text.map { character in
            var glyphs: [XChar2b] = []
            for scalar in character.unicodeScalars {
                let v = scalar.value
                guard v >= 0x20, !(0x7f..<0xa0).contains(v), v <= 0xffff, has(UInt16(v)) else {
                    return [glyph(stand)]
                }
                glyphs.append(glyph(UInt16(v)))
            }
            return glyphs
        }
    }

    static func glyph(_ code: UInt16) -> XChar2b { XChar2b(byte1: UInt8(code >> 8), byte2: UInt8(code & 0xff)) }

    /// Whether `font` draws `code`: within its rows and columns, and not an empty cell
    /// (a font's gaps have all-zero metrics, and would draw its default character).
    static func has(_ font: XFontStruct, _ code: UInt16) -> Bool {
        let row = UInt32(code >> 8)
        let column = UInt32(code & 0xff)
        guard row >= font.min_byte1, row <= font.max_byte1, column >= font.min_char_or_byte2,
            column <= font.max_char_or_byte2
        else { return false }
        guard let cells = font.per_char else { return true }
        let columns = Int(font.max_char_or_byte2 - font.min_char_or_byte2) + 1
        let m = cells[Int(row - font.min_byte1) * columns + Int(column - font.min_char_or_byte2)]
        return m.width != 0 || m.ascent != 0 || m.descent != 0 || m.lbearing != 0 || m.rbearing != 0
    }

    /// `text` whole where `measure` finds it at most `width` pixels wide, else as many of
    /// its first characters as fit with `ellipsis` after them: whole characters, never
    /// part of one.
    static func fitted(
        _ text: [[XChar2b]], ellipsis: [XChar2b], within width: Int32, measure: ([XChar2b]) -> Int32
    ) -> [XChar2b] {
        let whole = text.flatMap { $0 }
        guard measure(whole) > width else { return whole }
        var kept = text
        while !kept.isEmpty, measure(kept.flatMap { $0 } + ellipsis) > width { kept.removeLast() }
        return kept.flatMap { $0 } + ellipsis
    }
}
