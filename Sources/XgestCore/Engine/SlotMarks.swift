/// A set of slot indices as bits, visited in index order: the slots whose state, held
/// transition, deadline or device changed since their device was last settled.
struct SlotMarks {
    private var words: [UInt64]

    init(slots count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    @inline(__always)
    mutating func insert(_ slot: Int) { words[slot >> 6] |= 1 << UInt64(slot & 63) }

    mutating func remove(_ slot: Int) { words[slot >> 6] &= ~(1 << UInt64(slot & 63)) }

    func contains(_ slot: Int) -> Bool { words[slot >> 6] & (1 << UInt64(slot & 63)) != 0 }

    /// The lowest marked slot at or after `start`; nil when there is none.
    func first(from start: Int) -> Int? {
        var w = start >> 6
        guard w < words.count else { return nil }
        var bits = words[w] & (~0 << UInt64(start & 63))
        while true {
            if bits != 0 { return w << 6 + bits.trailingZeroBitCount }
            w += 1
            guard w < words.count else { return nil }
            bits = words[w]
        }
    }
}
