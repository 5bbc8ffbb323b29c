import XgestCore

/// The lines that say actions were dropped: one when a burst of drops starts, one when it
/// ends with how many went, never one per action (a flood would flood the log too).
public struct DropNotices {
    private var repeatsDropped: [String: Int] = [:]
    private var execsDropped = 0

    /// A step of `binding` dropped by the ``RepeatRateLimiter``: the line to write at the
    /// first of a burst, nil for the rest.
    mutating func repeatDropped(binding: String, firstOfBurst: Bool) -> String? {
        repeatsDropped[binding, default: 0] += 1
        guard firstOfBurst else { return nil }
        let ms = RepeatRateLimiter.minimumInterval.microseconds / 1000
        return "\(binding): steps come faster than one per \(ms) ms; dropping the extra ones"
    }

    /// The gesture of `binding` began or ended: the line closing its burst of drops, if there was one.
    mutating func repeatRan(binding: String) -> String? {
        guard let n = repeatsDropped.removeValue(forKey: binding) else { return nil }
        return "\(binding): \(n) step\(n == 1 ? "" : "s") dropped"
    }

    /// An `exec` not started because too many commands run: the line for the first of a burst.
    mutating func execDropped(binding: String, reason: String) -> String? {
        execsDropped += 1
        return execsDropped == 1 ? "\(binding): \(reason); dropping exec actions until one exits" : nil
    }

    /// A command started again: the line closing the burst of dropped execs, if there was one.
    mutating func execStarted() -> String? {
        guard execsDropped > 0 else { return nil }
        defer { execsDropped = 0 }
        return "\(execsDropped) exec action\(execsDropped == 1 ? "" : "s") dropped while too many commands ran"
    }
}
