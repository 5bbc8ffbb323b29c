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
