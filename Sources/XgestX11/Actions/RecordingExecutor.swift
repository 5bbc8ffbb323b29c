import XgestCore

/// An executor that carries out nothing: it keeps every invocation, in order, for
/// `xgest replay` (a dry run) and for tests of what the bindings fire. It keeps the book
/// of what `key-down` and `drag` would hold, as the X11 executor does, so a test can see
/// that whatever ends a gesture lets go of it.
public struct RecordingExecutor: ActionExecutor, Sendable {
    public private(set) var invocations: [ActionInvocation] = []
    /// What every call reports; `.done` unless a test wants to see failures handled.
    public var outcome: ActionOutcome
    /// Combos a `key-down` pressed and no `key-up` released, and a drag's button.
    public private(set) var heldKeys: [KeyCombo] = []
    public private(set) var heldButton: Int?
    /// How many times ``releaseAll()`` found something to release.
    public private(set) var releasedAll = 0

    public init(outcome: ActionOutcome = .done) { self.outcome = outcome }

    public var actions: [Action] { invocations.map(\.action) }

    public var holdsInput: Bool { !heldKeys.isEmpty || heldButton != nil }

    public mutating func execute(_ invocation: ActionInvocation) -> ActionOutcome {
        invocations.append(invocation)
        switch invocation.action {
        case .keyDown(let combo):
            if !heldKeys.contains(combo) { heldKeys.append(combo) }
        case .keyUp(let combo):
            heldKeys.removeAll { $0 == combo }
        case .drag(let button):
            if invocation.state == .began { heldButton = button }
            if invocation.state.isTerminal { heldButton = nil }
        case .key, .exec, .window, .desktop, .click, .scroll:
            break
        }
        return outcome
    }

    public mutating func releaseAll() {
        guard holdsInput else { return }
        heldKeys.removeAll()
        heldButton = nil
        releasedAll += 1
    }

    public mutating func removeAll() { invocations.removeAll() }
}
