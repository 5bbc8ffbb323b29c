import SeededRandom

/// Corrupts config text the ways that reach the parser's and the schema's error paths:
/// single bytes (often ones the grammar cares about), grammar fragments, repeated or
/// dropped chunks (duplicate keys and headers, cut strings), swapped lines, truncation;
/// and, in a quarter of the edits, a number (bare or with a unit) replaced by one at or
/// past a conversion's limit.
struct Mutator {
    /// Bytes that matter to the grammar, so that mutations hit interesting paths more
    /// often than uniformly random bytes would; plus NUL, DEL and bytes of broken UTF-8.
    static let interestingBytes: [UInt8] =
        Array("[]{}=,.\"'#\\\n\r\t _-+0123456789exuUbfnr:%/".utf8) + [0, 0x7F, 0xC3, 0xA9, 0xFF, 0xEF, 0xBB, 0xBF]

    /// Fragments of the language and of the schema's vocabulary.
    static let fragments: [String] = [
        "[[", "]]", "[gesture]", "[[gesture]]", "[[app]]", "[[app.gesture]]", "[settings]", "\"\"\"", "'''",
        "\\u", "\\U0010FFFF", "\\uD800", " = ", "==", "#", "{ x = 1, y = 2 }", "[1, [2, [3]]]", "a.b.c = 1",
        "kind = \"swipe\"", "fingers = 0", "fingers = -1", "fingers = 9223372036854775807", "1e309", "nan",
        "inf", "-0.0", "0x", "0b2", "1_000", "true", "\"500ms\"", "\"1.5s\"", "\"12mm\"", "\"150px/s\"",
        "\"50%\"", "action = \"key ctrl+\"", "action = \"exec \\\"\"", "requires-failure-of = [\"x\"]",
        "simultaneous-with = [\"x\", \"x\"]", "direction = \"up-left\"", "device = \"any\"", "repeat = true",
        "\u{FEFF}", "\r\n", "\u{2028}", "é", "\u{10FFFF}", "\"9999999999999999999999999ms\"",
        "\"\(String(repeating: "9", count: 400))px\"", "\"1e400s\"", "\"99999999999999999999mm/s\"",
        "tap-interval = \"9999999999999999999999999ms\"", "swipe-speed = 1e308", "pan-distance = inf",
        "region = { x = 1e300, y = nan, width = \"1e9%\", height = \"99999999999999999999px\" }",
    ]

    /// Numbers at and past every limit a conversion has: 32 and 64 bits signed and unsigned,
    /// a Double's largest and smallest, a day and a million (the language's own limits),
    /// and digits no integer or Double holds. Number-heavy edits put them where numbers were.
    static let extremeNumbers: [String] = [
        "0", "-0", "-1", "0.0", "1e15", "1e19", "1e300", "-1e300", "1e308", "1e309", "1.7976931348623157e308",
        "5e-324", "2147483647", "2147483648", "4294967295", "4294967296", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
        "86400", "86401", "86400.000001", "1000000", "1000001", "9999999999999999999999999",
        String(repeating: "9", count: 400), "0." + String(repeating: "0", count: 400) + "1", "inf", "-inf", "nan",
        "0x7FFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFF", "1_000_000_000_000_000_000_000",
    ]

    var generator: SplitMix64

    /// `1...maximumEdits` edits of `original`.
    mutating func mutate(_ original: [UInt8], maximumEdits: Int) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...maximumEdits, using: &generator) { edit(&bytes) }
        return bytes
    }

    private mutating func edit(_ bytes: inout [UInt8]) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<12, using: &generator) {
        case 9, 10, 11:
            replaceNumber(&bytes, near: position)
        case 0 where !bytes.isEmpty:
            bytes[position] = randomByte()
        case 1:
            bytes.insert(randomByte(), at: position)
        case 2 where !bytes.isEmpty:
            bytes.remove(at: position)
        case 3:
            // Repeat a chunk elsewhere: duplicate keys, headers, half strings.
            let length = min(Int.random(in: 1...80, using: &generator), bytes.count - position)
            let chunk = bytes[position..<(position + length)]
            bytes.insert(contentsOf: chunk, at: Int.random(in: 0...bytes.count, using: &generator))
        case 4 where !bytes.isEmpty:
            let length = min(Int.random(in: 1...40, using: &generator), bytes.count - position)
            bytes.removeSubrange(position..<(position + length))
        case 5:
            let fragment = Self.fragments[Int.random(in: 0..<Self.fragments.count, using: &generator)]
            bytes.insert(contentsOf: Array(fragment.utf8), at: position)
        case 6:
            swapLines(&bytes)
        case 7 where bytes.count > 1:
            bytes.removeSubrange(Int.random(in: 1..<bytes.count, using: &generator)...)
        default:
            // Break the end of a line: an unterminated value, or two lines joined.
            if let newline = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) {
                bytes[newline] = Bool.random(using: &generator) ? UInt8(ascii: " ") : UInt8(ascii: "\"")
            }
        }
    }

    /// Replaces the run of digits at or after `position` (a bare number, or the number in
    /// "500ms") with an extreme number, keeping what follows it (the unit).
    private mutating func replaceNumber(_ bytes: inout [UInt8], near position: Int) {
        let isDigit = { (b: UInt8) in b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        let numberByte = { (b: UInt8) in isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") }
        guard let start = bytes[position...].firstIndex(where: isDigit) ?? bytes.firstIndex(where: isDigit) else {
            return
        }
        var end = start
        while end < bytes.count && numberByte(bytes[end]) { end += 1 }
        let number = Self.extremeNumbers[Int.random(in: 0..<Self.extremeNumbers.count, using: &generator)]
        bytes.replaceSubrange(start..<end, with: Array(number.utf8))
    }

    private mutating func randomByte() -> UInt8 {
        Bool.random(using: &generator)
            ? Self.interestingBytes[Int.random(in: 0..<Self.interestingBytes.count, using: &generator)]
            : UInt8.random(in: 0...255, using: &generator)
    }

    private mutating func swapLines(_ bytes: inout [UInt8]) {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count > 1 else { return }
        let a = Int.random(in: 0..<lines.count, using: &generator)
        let b = Int.random(in: 0..<lines.count, using: &generator)
        lines.swapAt(a, b)
        bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    }
}
