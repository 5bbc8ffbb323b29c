import XgestCore

/// Turns X's 32-bit millisecond `Time`, which wraps every 49.7 days, into the core's
/// monotonic 64-bit `EventTime`.
///
/// Events can arrive slightly out of order across devices, so a step is read as the
/// signed 32-bit difference from the last stamp: a small backwards step stays a small
/// backwards step (clamped, so time never goes back), and a step across the wrap point
/// keeps counting forwards.
public struct ServerTimeUnwrapper: Sendable {
    private var lastRaw: UInt32?
    private var milliseconds: UInt64 = 0
    private var latest: UInt64 = 0

    public init() {}

    public mutating func unwrap(_ raw: UInt32) -> EventTime {
        if let last = lastRaw {
            let step = Int32(bitPattern: raw &- last)
            milliseconds =
                step >= 0 ? milliseconds &+ UInt64(step) : milliseconds &- min(UInt64(-Int64(step)), milliseconds)
        } else {
            milliseconds = UInt64(raw)
        }
        lastRaw = raw
        latest = max(latest, milliseconds)
        return EventTime.milliseconds(latest)
    }
}
