/// What a screen locker did, as a trace's `lock` record has it (`{"t":…,"type":"lock",
/// "state":"locked"}`), and as `--debug` and `xgest replay` say it: the daemon acts on
/// none of the input made behind a locker, so a trace without them replayed what the
/// user never got.
public enum ScreenLockEvent: Hashable, Sendable, CustomStringConvertible {
    /// A locker came up: gestures under way go on, but no action runs (but those letting
    /// go of a held key or button) until it goes, nor after it of those gestures.
    case locked
    case unlocked
    /// Windows came to cover every monitor, with no lock yet: a locker mapping its window
    /// before it takes its grabs. A stroke under way is cancelled (its button let go of,
    /// so that the locker can grab the pointer).
    case covered
    /// Input begun while locked, handed back at its start: the locker has all of it, and
    /// nothing more of it is recorded. `what` names it (`touch 55 of device 6`).
    case handedBack(String)

    /// Why an action of a gesture under way when the locker came up is not run (only what
    /// lets go of a held key or button is), in `--debug` and replay alike.
    public static let actionNotRunReason = "not run: the screen is locked"
    /// Why an action of a gesture under way when the locker came up is not run after it
    /// went, in `--debug` and replay alike: the gesture is muted to its end.
    public static let actionMutedReason = "not run: the screen was locked during its gesture"

    /// The trace's `state`.
    public var state: String {
        switch self {
        case .locked: return "locked"
        case .unlocked: return "unlocked"
        case .covered: return "covered"
        case .handedBack: return "handed-back"
        }
    }

    /// The line `--debug` and replay give it, after the time and `lock`.
    public var description: String {
        switch self {
        case .locked: return "locked: gestures paused"
        case .unlocked: return "unlocked: gestures resumed"
        case .covered: return "covered: windows cover the screen, a stroke under way is cancelled"
        case .handedBack(let what): return "\(what) handed back: the screen is locked"
        }
    }
}
