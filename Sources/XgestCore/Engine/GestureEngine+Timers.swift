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
                apply(d, to: i)
            }
            if let device = slots[i].device { settleIdle(device: device) }
            settleOwnershipIfNeeded()
        }
    }
}
