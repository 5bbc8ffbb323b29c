import XgestCore

/// Carries out the actions that recognized gestures fire: the X11 executor for real, a
/// ``RecordingExecutor`` for dry runs and tests.
///
/// `execute` returns once the action has been handed to the X server (or the command
/// has been spawned), never after waiting for its effect, so the caller can time the
/// call as the action's dispatch latency.
public protocol ActionExecutor {
    mutating func execute(_ invocation: ActionInvocation) -> ActionOutcome
    /// Whether a `key-down` or a `drag` has something pressed now.
    var holdsInput: Bool { get }
    /// Lets go of everything `key-down` and `drag` hold: the daemon calls it when it stops
    /// and before it applies a reloaded config.
    mutating func releaseAll()
}

/// What became of one action, for `--debug` and the logs.
public enum ActionOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Sent to the X server, or spawned.
    case done
    /// There was nothing to do, and that is not an error: a window operation on the
    /// desktop, "next desktop" on the last one without wrapping.
    case skipped(reason: String)
    /// It could not be carried out (a window that is gone, a program not found).
    case failed(reason: String)

    public var isDone: Bool { self == .done }

    public var description: String {
        switch self {
        case .done: return "done"
        case .skipped(let reason): return "skipped: \(reason)"
        case .failed(let reason): return "failed: \(reason)"
        }
    }
}
