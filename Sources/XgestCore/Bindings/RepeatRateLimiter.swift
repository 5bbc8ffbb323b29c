/// Keeps actions fired while a gesture changes (the steps of a repeating binding, a
/// binding with `trigger = "update"`) from outrunning the daemon: the steps of a gesture
/// event that comes less than ``minimumInterval`` after the last event whose steps of the
/// same binding ran are dropped, never queued. A flood of touchpad updates then costs at
/// most one event's steps per binding per interval, and the loop keeps time for signals,
/// timers and children.
///
/// The steps one event works out (a fast pinch crossing three steps of `repeat-scale` in
/// one update) share its verdict: they are the gesture's progress at one instant, not
/// steps coming fast, and dropping all but one lost the rest for good. The
/// ``RepeatTracker`` bounds how many one event can work out.
///
/// The begin and end of a gesture always pass: only the steps in between can come at the
/// input's rate. Time is whatever monotonic clock the caller reads, in microseconds; the
/// limiter reads none itself.
public struct RepeatRateLimiter: Sendable {
    /// The shortest time between two events whose steps of one binding run: 8 ms, 125 events
    /// a second, above the 60 to 120 updates a second a touchpad sends, so a real gesture
    /// loses no step.
    public static let minimumInterval = EventDuration.milliseconds(8)

    /// Why a dropped step did not run, in `--debug` and replay alike.
    public static let droppedReason =
        "dropped: the binding ran the steps of an event less than \(minimumInterval.microseconds / 1000) ms ago"

    /// What became of a step.
    public enum Verdict: Hashable, Sendable {
        /// Run it.
        case run
        /// Drop it; `firstOfBurst` for the first step of the gesture dropped (the one to
        /// say something about).
        case drop(firstOfBurst: Bool)
    }

    private struct BindingState: Sendable {
        /// When the steps of ``event`` were judged.
        var lastRun: UInt64
        /// The event whose steps were judged last, and whether they run.
        var event: UInt64
        var eventRuns: Bool
        var dropping: Bool
    }

    private var bindings: [String: BindingState] = [:]
    /// Steps dropped since the limiter was created, for reports.
    public private(set) var droppedCount = 0

    public init() {}

    /// Whether a step of `binding` fired by a gesture in `state` runs at `nowMicroseconds`;
    /// `event` tells the gesture events apart (``DispatchedAction/event``): the steps of
    /// one event share the verdict of its first.
    public mutating func admit(
        binding: String, state: GestureState, event: UInt64, nowMicroseconds now: UInt64
    ) -> Verdict {
        switch state {
        case .changed:
            break
        case .began, .ended, .cancelled, .recognized, .failed, .possible:
            // A gesture's own edges: never dropped. An end also closes the burst.
            bindings[binding] =
                state == .began ? BindingState(lastRun: now, event: event, eventRuns: true, dropping: false) : nil
            return .run
        }
        if let last = bindings[binding], last.event == event {
            guard !last.eventRuns else { return .run }
            droppedCount += 1
            return .drop(firstOfBurst: false)
        }
        guard let last = bindings[binding], now &- last.lastRun < Self.minimumInterval.microseconds,
            now >= last.lastRun
        else {
            // A burst lasts until the gesture ends: a flood lets an event through every
            // interval, and each must not start a burst (and a log line) of its own.
            bindings[binding] = BindingState(
                lastRun: now, event: event, eventRuns: true, dropping: bindings[binding]?.dropping ?? false)
            return .run
        }
        droppedCount += 1
        bindings[binding] = BindingState(lastRun: last.lastRun, event: event, eventRuns: false, dropping: true)
        return .drop(firstOfBurst: !last.dropping)
    }
}
