/// Timers run on event time: each recognizer's deadline is cached in `deadlines`, and
/// due ones fire in time order (registration order on ties) through the same path as
/// events.
extension GestureEngine {
    mutating func fireTimers(upTo time: EventTime) {
        guard time.microseconds >= earliestDeadlineBound else { return }
        while let (i, due) = earliestDeadline(), due <= time.microseconds {
            let when = EventTime(microseconds: due)
            if when > now { now = when }
            deadlines[i] = .max
            let step = recognizers.access(i, TimerAccess(), when)
            let d = step.decision
            setDeadline(i, step.deadline)
            if deadlines[i] <= due {
                // A timer that re-arms at or before the time it fired would fire forever.
                deadlines[i] = .max
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
        earliestDeadlineBound = earliestDeadline()?.1 ?? .max
    }

    private func earliestDeadline() -> (Int, UInt64)? {
        var best = UInt64.max
        var index = -1
        for i in deadlines.indices where deadlines[i] < best {
            best = deadlines[i]
            index = i
        }
        return index >= 0 ? (index, best) : nil
    }
}
