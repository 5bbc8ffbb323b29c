/// What a recognizer asks for after an input: the engine validates it against the state
/// machine, arbitrates it against the other recognizers, and applies it.
public enum RecognizerDecision: Hashable, Sendable {
    /// Nothing to report.
    case none
    /// Continuous: possible → began.
    case begin(TransitionReason)
    /// Continuous: began/changed → changed.
    case change
    /// Continuous: began/changed → ended.
    case end(TransitionReason)
    /// Continuous: began/changed → cancelled.
    case cancel(TransitionReason)
    /// Discrete: possible → recognized.
    case recognize(TransitionReason)
    /// possible → failed.
    case fail(TransitionReason)

    /// The state this decision leads to, when it leads anywhere.
    public var targetState: GestureState? {
        switch self {
        case .none: return nil
        case .begin: return .began
        case .change: return .changed
        case .end: return .ended
        case .cancel: return .cancelled
        case .recognize: return .recognized
        case .fail: return .failed
        }
    }

    public var reason: TransitionReason {
        switch self {
        case .none, .change: return .moved
        case .begin(let r), .end(let r), .cancel(let r), .recognize(let r), .fail(let r): return r
        }
    }
}
