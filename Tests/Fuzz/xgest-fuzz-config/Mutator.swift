import SeededRandom

/// Corrupts config text the ways that reach the parser's and the schema's error paths:
/// single bytes (often ones the grammar cares about), grammar fragments, repeated or
/// dropped chunks (duplicate keys and headers, cut strings), swapped lines, truncation.
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
        "\u{FEFF}", "\r\n", "\u{2028}", "é", "\u{10FFFF}",
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
        switch Int.random(in: 0..<9, using: &generator) {
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
