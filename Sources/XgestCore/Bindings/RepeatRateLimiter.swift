/// Keeps actions fired while a gesture changes (the steps of a repeating binding, a
/// binding with `trigger = "update"`) from outrunning the daemon: a step that comes less
/// than ``minimumInterval`` after the last step of the same binding ran is dropped, never
/// queued. A flood of touchpad updates then costs at most one action per binding per
/// interval, and the loop keeps time for signals, timers and children.
///
/// The begin and end of a gesture always pass: only the steps in between can come at the
/// input's rate. Time is whatever monotonic clock the caller reads, in microseconds; the
/// limiter reads none itself.
public struct RepeatRateLimiter: Sendable {
    /// The shortest time between two steps of one binding: 8 ms, 125 steps a second, above
    /// the 60 to 120 updates a second a touchpad sends, so a real gesture loses no step.
    public static let minimumInterval = EventDuration.milliseconds(8)

    /// What became of a step.
    public enum Verdict: Hashable, Sendable {
        /// Run it.
        case run
        /// Drop it; `firstOfBurst` for the first step of the gesture dropped (the one to
        /// say something about).
        case drop(firstOfBurst: Bool)
    }

    private struct BindingState: Sendable {
        var lastRun: UInt64
        var dropping: Bool
    }

    private var bindings: [String: BindingState] = [:]
    /// Steps dropped since the limiter was created, for reports.
    public private(set) var droppedCount = 0

    public init() {}

    /// Whether a step of `binding` fired by a gesture in `state` runs at `nowMicroseconds`.
    public mutating func admit(binding: String, state: GestureState, nowMicroseconds now: UInt64) -> Verdict {
        switch state {
        case .changed:
            break
        case .began, .ended, .cancelled, .recognized, .failed, .possible:
            // A gesture's own edges: never dropped. An end also closes the burst.
            bindings[binding] = state == .began ? BindingState(lastRun: now, dropping: false) : nil
            return .run
        }
        guard let last = bindings[binding], now &- last.lastRun < Self.minimumInterval.microseconds,
            now >= last.lastRun
        else {
            // A burst lasts until the gesture ends: a flood lets a step through every
            // interval, and each must not start a burst (and a log line) of its own.
            bindings[binding] = BindingState(lastRun: now, dropping: bindings[binding]?.dropping ?? false)
            return .run
        }
        droppedCount += 1
        bindings[binding]?.dropping = true
        return .drop(firstOfBurst: !last.dropping)
    }
}
