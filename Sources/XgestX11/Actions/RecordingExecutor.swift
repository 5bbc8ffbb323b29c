import XgestCore

/// An executor that carries out nothing: it keeps every invocation, in order, for
/// `xgest replay` (a dry run) and for tests of what the bindings fire.
public struct RecordingExecutor: ActionExecutor, Sendable {
    public private(set) var invocations: [ActionInvocation] = []
    /// What every call reports; `.done` unless a test wants to see failures handled.
    public var outcome: ActionOutcome

    public init(outcome: ActionOutcome = .done) { self.outcome = outcome }

    public var actions: [Action] { invocations.map(\.action) }

    public mutating func execute(_ invocation: ActionInvocation) -> ActionOutcome {
        invocations.append(invocation)
        return outcome
    }

    public mutating func removeAll() { invocations.removeAll() }
}
