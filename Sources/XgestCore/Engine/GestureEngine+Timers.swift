/// Timers run on event time: each recognizer's deadline is kept in `timers`, and due ones
/// fire in time order (registration order on ties) through the same path as events.
extension GestureEngine {
    mutating func fireTimers(upTo time: EventTime) {
        while let (i, due) = timers.earliest(), due <= time.microseconds {
            let when = EventTime(microseconds: due)
            if when > now { now = when }
            timers.clear(i)
            settleMarks.insert(i)
            let step = recognizers.access(i, TimerAccess(), when)
            let d = step.decision
            setDeadline(i, step.deadline)
            if timers[i] <= due {
                // A timer that re-arms at or before the time it fired would fire forever.
                timers.clear(i)
                record(i, from: slots[i].state, to: slots[i].state, reason: .invalidTransition, related: nil)
                if slots[i].state.isActive {
                    transition(i, to: .cancelled, reason: .invalidTransition)
                } else {
                    fail(i, reason: .invalidTransition)
                }
            } else {
                applyTimerDecision(d, to: i, at: when)
            }
            if let device = slots[i].device { settleIdle(device: device) }
            settleOwnershipIfNeeded()
        }
    }

    /// Applies what slot `i`'s timer decided at `deadline`. A touchscreen recognizer's timer
    /// failing it with too few fingers is its landing window ending: the failure says how
    /// many had landed (``LandingShortfall``), read from the device's touches, so that no
    /// recognizer keeps a copy of what every event would read. Kept out of line, with that
    /// look-up, from the loop that catches up with each event's time: inlined there, or with
    /// the count kept in each recognizer, it cost about 3 % per event at 200 recognizers.
    @inline(never)
    private mutating func applyTimerDecision(_ d: RecognizerDecision, to i: Int, at deadline: EventTime) {
        guard case .fail(.tooFewFingers) = d, let device = slots[i].device, let k = deviceIndex(device),
            devices[k].kind == .touchscreen, let awaited = recognizers.access(i, FingersAwaitedAccess(), ()),
            let short = awaited.shortfall(devices[k].touches.frame, at: deadline)
        else { return apply(d, to: i) }
        apply(d, to: i, detail: .landing(short))
    }
}
