import XgestCore
import XgestTestServer

extension TestWindow {
    /// How long after `start` (monotonic nanoseconds) the key `keycode` was pressed in
    /// this window, once its release has come too; nil when the press does not come in
    /// `timeoutMilliseconds`. The benchmarks' action latency, measured where an
    /// application would see the key.
    func keyPressDelay(keycode: UInt32, after start: UInt64, timeoutMilliseconds: Int = 1_000) throws -> UInt64? {
        var arrived: UInt64?
        _ = try collectEvents(timeoutMilliseconds: timeoutMilliseconds) { events in
            if arrived == nil, events.keys.contains(where: { $0.isPress && $0.keycode == keycode }) {
                arrived = monotonicNanoseconds()
            }
            return events.keys.contains { !$0.isPress && $0.keycode == keycode }
        }
        return arrived.map { $0 &- start }
    }
}

extension Touchscreen {
    /// A three-finger swipe left whose last batch (the long move and the lifts) is what
    /// recognizes it, fingers numbered from `firstID`; returns when that batch's sync
    /// reply was read (monotonic nanoseconds), what the action latency is timed from.
    func latencySwipe(firstID: UInt32) throws -> UInt64 {
        let ids = (0..<3).map { firstID + UInt32($0) }
        for (i, t) in ids.enumerated() { try begin(id: t, x: 1200 + Double(i * 60), y: 500) }
        try sync()
        for (i, t) in ids.enumerated() { try update(id: t, x: 1195 + Double(i * 60), y: 500) }
        try sync()
        for (i, t) in ids.enumerated() { try update(id: t, x: 800 + Double(i * 60), y: 500) }
        for (i, t) in ids.enumerated() { try end(id: t, x: 800 + Double(i * 60), y: 500) }
        try sync()
        return lastSyncReplyNanoseconds
    }
}
