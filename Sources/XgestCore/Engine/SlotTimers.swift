/// Each slot's deadline, and the order they fire in: earliest first, the lower slot first
/// on ties (registration order).
///
/// The order is a binary min-heap of (deadline, slot) beside the flat array of deadlines.
/// Finding the next timer by scanning every slot made a burst of timers quadratic: when
/// a finger lifts, every recognizer waiting out its landing window fires at once, and
/// with a thousand bindings each of a thousand firings scanned a thousand slots. An entry
/// is current while its slot's deadline still equals it; an entry its slot left behind (it
/// re-armed, fired or ended) is dropped when it reaches the top, and all of them at once
/// when the heap fills its storage. The storage is reserved once, so setting a deadline
/// never allocates.
struct SlotTimers {
    private struct Entry {
        var deadline: UInt64
        var slot: Int

        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && slot < other.slot)
        }
    }

    /// Per slot, in microseconds; `UInt64.max` for none.
    private(set) var deadlines: [UInt64]
    private var heap: [Entry] = []
    /// Twice the slots: a rebuild keeps at most one entry per slot, so at least as many
    /// settings again fit before the next.
    private let heapCapacity: Int

    init(slots count: Int) {
        deadlines = Array(repeating: .max, count: count)
        heapCapacity = 2 * count + 16
        heap.reserveCapacity(heapCapacity)
    }

    subscript(slot: Int) -> UInt64 { deadlines[slot] }

    mutating func set(_ slot: Int, _ microseconds: UInt64) {
        deadlines[slot] = microseconds
        guard microseconds != .max else { return }
        if heap.count == heapCapacity {
            // The rebuild takes the deadline just set from `deadlines`.
            rebuild()
        } else {
            heap.append(Entry(deadline: microseconds, slot: slot))
            siftUp(heap.count - 1)
        }
    }

    mutating func clear(_ slot: Int) { deadlines[slot] = .max }

    /// The slot whose timer fires next and its deadline; nil when no slot has one.
    mutating func earliest() -> (slot: Int, deadline: UInt64)? {
        while let top = heap.first {
            if deadlines[top.slot] == top.deadline { return (top.slot, top.deadline) }
            removeTop()
        }
        return nil
    }

    /// Drops the entries their slots left behind from the top, so that the top is current
    /// and ``earliestDeadline`` reads it at once. The engine calls this as each of its calls
    /// returns: a transition that clears the earliest timer (a recognizer that fails before
    /// its deadline) would otherwise leave the daemon's next poll timeout to a scan of
    /// every slot.
    mutating func dropStale() {
        while let top = heap.first, deadlines[top.slot] != top.deadline { removeTop() }
    }

    /// Whether the top entry is current, or there is none: ``earliestDeadline`` costs no scan.
    var topIsCurrent: Bool { heap.first.map { deadlines[$0.slot] == $0.deadline } ?? true }

    /// The earliest deadline, for callers that cannot drop stale entries: the top when it is
    /// current (every current deadline has an entry), a scan otherwise.
    var earliestDeadline: UInt64? {
        guard let top = heap.first else { return nil }
        if deadlines[top.slot] == top.deadline { return top.deadline }
        var m = UInt64.max
        for d in deadlines where d < m { m = d }
        return m == .max ? nil : m
    }

    private mutating func rebuild() {
        heap.removeAll(keepingCapacity: true)
        for (slot, d) in deadlines.enumerated() where d != .max { heap.append(Entry(deadline: d, slot: slot)) }
        var k = heap.count / 2
        while k > 0 {
            k -= 1
            siftDown(k)
        }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var k = start
        while k > 0 {
            let parent = (k - 1) / 2
            guard heap[k].precedes(heap[parent]) else { return }
            heap.swapAt(k, parent)
            k = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var k = start
        while true {
            let left = 2 * k + 1
            guard left < heap.count else { return }
            var first = left
            if left + 1 < heap.count && heap[left + 1].precedes(heap[left]) { first = left + 1 }
            guard heap[first].precedes(heap[k]) else { return }
            heap.swapAt(k, first)
            k = first
        }
    }
}
