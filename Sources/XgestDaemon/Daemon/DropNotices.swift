import XgestCore
import XgestX11

/// The lines that say actions were dropped: one when a burst of drops starts, one when it
/// ends with how many went, never one per action (a flood would flood the log too).
public struct DropNotices {
    private var repeatsDropped: [String: Int] = [:]
    private var execsDropped = 0
    private var staleDropped = 0

    /// A step of `binding` dropped by the ``RepeatRateLimiter``: the line to write at the
    /// first of a burst, nil for the rest.
    mutating func repeatDropped(binding: String, firstOfBurst: Bool) -> String? {
        repeatsDropped[binding, default: 0] += 1
        guard firstOfBurst else { return nil }
        let ms = RepeatRateLimiter.minimumInterval.microseconds / 1000
        return
            "\(binding): its gesture's events come faster than one per \(ms) ms; dropping the steps of the extra ones"
    }

    /// The gesture of `binding` began or ended: the line closing its burst of drops, if there was one.
    mutating func repeatRan(binding: String) -> String? {
        guard let n = repeatsDropped.removeValue(forKey: binding) else { return nil }
        return "\(binding): \(n) step\(n == 1 ? "" : "s") dropped"
    }

    /// An `exec` not started because too many commands run: the line for the first of a burst.
    /// Execs start again when one of the commands counted exits or grows older than the
    /// window they are counted in, whichever comes first.
    mutating func execDropped(binding: String, reason: String) -> String? {
        execsDropped += 1
        let window = Int(X11ActionExecutor.childFloodWindow.seconds)
        return execsDropped == 1
            ? "\(binding): \(reason); dropping exec actions until one of them exits or has run for \(window) s" : nil
    }

    /// A command started again: the line closing the burst of dropped execs, if there was one.
    mutating func execStarted() -> String? {
        guard execsDropped > 0 else { return nil }
        defer { execsDropped = 0 }
        return "\(execsDropped) exec action\(execsDropped == 1 ? "" : "s") dropped while too many commands ran"
    }

    /// An action not run because its gesture was made `age` ago: the line for the first of
    /// a burst, which says how far behind the daemon is.
    mutating func staleDropped(age: EventDuration) -> String? {
        staleDropped += 1
        guard staleDropped == 1 else { return nil }
        let limit = DaemonCore.staleGestureMilliseconds / 1000
        return "reading input made \(Self.seconds(age)) s ago (xgest was stopped or fell behind): the actions of"
            + " gestures older than \(limit) s are not run"
    }

    /// An action of a recent gesture runs: the line closing the burst of stale ones, if any.
    mutating func freshRan() -> String? {
        guard staleDropped > 0 else { return nil }
        defer { staleDropped = 0 }
        let limit = DaemonCore.staleGestureMilliseconds / 1000
        return "\(staleDropped) action\(staleDropped == 1 ? "" : "s") not run: their gestures were more than"
            + " \(limit) s old when read"
    }

    /// `age` in seconds with one decimal: 30.2.
    static func seconds(_ age: EventDuration) -> String {
        let tenths = (age.microseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
