import SeededRandom

/// Corrupts trace text with number-heavy edits, the ones that reached a trap in replay
/// (a `t`, a version, a pid past what its conversion holds): numbers replaced by extreme
/// ones, fields with extreme numbers added to records, and a few structural edits (bytes,
/// cut or repeated lines) so that the JSON reader's own error paths are walked too.
struct TraceMutator {
    /// At and past every limit: the ranges of TraceLimits, 32 and 64 bits signed and
    /// unsigned, a Double's largest and smallest, what overflows to infinity, and numbers
    /// JSON allows but nobody writes.
    static let extremeNumbers: [String] = [
        "0", "-0", "-1", "0.5", "-0.0", "1e15", "1e19", "1e300", "-1e300", "1e308", "1e400", "-1e400", "1e-400",
        "1.7976931348623157e308", "5e-324", "64", "65", "255", "256", "1000000", "1000000.5", "-1000000.5",
        "1000000000", "1000000001", "2147483647", "2147483648", "4294967295", "4294967296",
        "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616",
        "99999999999999999999999999", "1E+2", "0.000001", "123456789.123456789",
    ]

    /// Every numeric field a record or the header may hold.
    static let numericKeys = [
        "t", "dev", "id", "x", "y", "dx", "dy", "scale", "angle", "fingers", "button", "pid", "width", "height",
        "xgest-trace", "px_per_mm",
    ]

    var generator: SplitMix64

    mutating func mutate(_ original: [UInt8], maximumEdits: Int) -> [UInt8] {
        var bytes = original
        for _ in 0..<Int.random(in: 1...maximumEdits, using: &generator) { edit(&bytes) }
        return bytes
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &generator)]
    }

    private mutating func edit(_ bytes: inout [UInt8]) {
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<10, using: &generator) {
        case 0, 1, 2, 3, 4:
            replaceNumber(&bytes, near: position)
        case 5, 6:
            addField(&bytes, near: position)
        case 7 where !bytes.isEmpty:
            bytes[position] = pick(Array("{}[]:,\"-.e0123456789\n".utf8))
        case 8:
            // A line repeated elsewhere: events out of time order, a second header.
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let line = pick(lines)
            lines.insert(line, at: Int.random(in: 0...lines.count, using: &generator))
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        default:
            if bytes.count > 1 { bytes.removeSubrange(Int.random(in: 1..<bytes.count, using: &generator)...) }
        }
    }

    /// Replaces the JSON number at or after `position` with an extreme one.
    private mutating func replaceNumber(_ bytes: inout [UInt8], near position: Int) {
        let isStart = { (b: UInt8) in (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") }
        let isNumber = { (b: UInt8) in
            (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
                || b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
        }
        // A number follows a colon (a field) or a bracket or comma (an array element).
        var start = position
        while start < bytes.count {
            if isStart(bytes[start]), start > 0,
                [UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "[")].contains(bytes[start - 1])
            {
                break
            }
            start += 1
        }
        guard start < bytes.count else { return }
        var end = start
        while end < bytes.count && isNumber(bytes[end]) { end += 1 }
        bytes.replaceSubrange(start..<end, with: Array(pick(Self.extremeNumbers).utf8))
    }

    /// Puts `"KEY":NUMBER,` just after the `{` at or after `position`: a field the record
    /// may not have had, or a second copy of one it has (the later one wins).
    private mutating func addField(_ bytes: inout [UInt8], near position: Int) {
        guard
            let brace = bytes[position...].firstIndex(of: UInt8(ascii: "{")) ?? bytes.firstIndex(of: UInt8(ascii: "{"))
        else { return }
        let field = "\"\(pick(Self.numericKeys))\":\(pick(Self.extremeNumbers)),"
        bytes.insert(contentsOf: Array(field.utf8), at: brace + 1)
    }
}
