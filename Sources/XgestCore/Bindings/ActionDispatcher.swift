/// An action a gesture event calls for, with the text the config wrote it as.
public struct DispatchedAction: Hashable, Sendable {
    public var invocation: ActionInvocation
    /// The config's text of the action (`"key ctrl+plus"`).
    public var text: String
    /// Whether this is a repeating binding's reverse action.
    public var isReverse: Bool

    public init(invocation: ActionInvocation, text: String, isReverse: Bool) {
        self.invocation = invocation
        self.text = text
        self.isReverse = isReverse
    }
}

/// Decides which actions run for the engine's gesture events: resolves each event to its
/// binding for the window it started on, fires the action when the binding's trigger
/// says so, and steps repeating bindings with a ``RepeatTracker`` per registration.
/// Pure: it runs nothing, so `xgest replay` and the daemon share it.
public struct ActionDispatcher: Sendable {
    public let bindings: BindingSet
    private var trackers: [String: RepeatTracker] = [:]

    public init(bindings: BindingSet) { self.bindings = bindings }

    /// The actions for one gesture event, in the order they should run.
    public mutating func handle(_ event: GestureEvent) -> [DispatchedAction] {
        guard let entry = bindings.entry(forRegistration: event.name), bindings.applies(entry, to: event.target)
        else { return [] }
        let b = bindings.bindings[entry.binding]
        let fire = { (action: BoundAction, reverse: Bool) in
            DispatchedAction(
                invocation: Self.invocation(action.action, b, event), text: action.text, isReverse: reverse)
        }
        switch event.state {
        case .recognized:
            return [fire(b.action, false)]
        case .failed:
            // The engine reports only a pattern's wrong pattern as a failed gesture.
            return b.failureAction.map { [fire($0, false)] } ?? []
        case .possible:
            return []
        case .began, .changed, .ended, .cancelled:
            break
        }
        switch b.trigger {
        case .automatic:
            let at: GestureState = b.kind == .longPress ? .began : .ended
            return event.state == at ? [fire(b.action, false)] : []
        case .begin:
            return event.state == .began ? [fire(b.action, false)] : []
        case .update:
            return event.state == .began || event.state == .changed ? [fire(b.action, false)] : []
        case .end:
            return event.state == .ended ? [fire(b.action, false)] : []
        case .repeat:
            var tracker =
                trackers[event.name]
                ?? RepeatTracker(
                    kind: b.kind, steps: bindings.tunables(forBinding: entry.binding).repeatSteps(on: entry.device))
            let steps = tracker.track(event.state, event.report)
            trackers[event.name] = tracker
            return steps.compactMap { step in
                switch step {
                case .forward: return fire(b.action, false)
                case .reverse: return b.reverseAction.map { fire($0, true) }
                }
            }
        }
    }

    static func invocation(_ action: Action, _ b: GestureBinding, _ e: GestureEvent) -> ActionInvocation {
        ActionInvocation(
            action: action, binding: b.name, gestureKind: b.kind, fingers: e.fingers,
            direction: e.direction, target: e.target, location: e.location, time: e.time, report: e.report)
    }
}
