/// An action a gesture event calls for, with the text the config wrote it as.
public struct DispatchedAction: Hashable, Sendable {
    public var invocation: ActionInvocation
    /// The config's text of the action (`"key ctrl+plus"`).
    public var text: String
    /// Whether this is a repeating binding's reverse action.
    public var isReverse: Bool
    /// The registration of the gesture it fired for (``GestureEvent/name``).
    public var registration: String
    /// Which of the dispatcher's gesture events fired it, counted from 1: the steps one
    /// event works out share it, and the ``RepeatRateLimiter`` judges them together.
    public var event: UInt64

    public init(
        invocation: ActionInvocation, text: String, isReverse: Bool, registration: String = "", event: UInt64 = 0
    ) {
        self.invocation = invocation
        self.text = text
        self.isReverse = isReverse
        self.registration = registration
        self.event = event
    }
}

/// Decides which actions run for the engine's gesture events: resolves each event to its
/// binding for the window it started on, fires the action when the binding's trigger
/// says so, and steps repeating bindings with a ``RepeatTracker`` per registration.
/// Pure: it runs nothing, so `xgest replay` and the daemon share it.
public struct ActionDispatcher: Sendable {
    public let bindings: BindingSet
    /// The same bindings made at another density, by touchscreen id: a repeating
    /// gesture's steps on that touchscreen are its monitor's millimetres.
    public let perDevice: [Int: BindingSet]
    /// Per registration: the repeating gesture's tracker, and the device whose steps it counts.
    private var trackers: [String: (device: Int, tracker: RepeatTracker)] = [:]
    /// Per registration: the `key-up` each key-down still down is owed.
    private var heldKeys: [String: [BoundAction]] = [:]
    private var dragPoints = DragPoints()
    /// Registrations whose gesture in progress has given the keyboard to its window: only
    /// the key actions of its first event with any do (``ActionInvocation/keysToTarget``),
    /// so a switcher's Alt+Tab moving the focus away is not undone at the next Tab. Until
    /// they reach the window (``keysMissedTheirWindow(_:)``), each event's key actions give
    /// it again: a key that could not go there (a pop-up, another client's keyboard grab)
    /// must not make the next ones go wherever the focus is.
    private var keyboardGiven: Set<String> = []
    /// Per registration: the clicks its touchscreen gesture fired while its fingers were
    /// down, run when it ends. The X server holds button 1 down on the master pointer for
    /// the finger it emulates the pointer with until that finger lifts, and a click sent
    /// meanwhile came with button 1 in its state: Qt 5 then lost the click's release (a
    /// long press's `click 3` left the right button down in the application;
    /// docs/x11-notes.md, "Button bits can stay in the core state after touches").
    private var heldClicks: [String: [DispatchedAction]] = [:]
    /// The gesture events handled so far, numbering each one's actions (``DispatchedAction/event``).
    private var eventsHandled: UInt64 = 0

    public init(bindings: BindingSet, perDevice: [Int: BindingSet] = [:]) {
        self.bindings = bindings
        self.perDevice = perDevice
    }

    /// The actions for one gesture event, in the order they should run. A gesture that
    /// ends (or is cancelled) with keys still down from its `key-down` actions gets their
    /// `key-up` last, so nothing stays pressed whatever way it ends.
    /// The name of the binding a gesture event is of (as actions carry it), nil for none.
    public func bindingName(of event: GestureEvent) -> String? {
        bindings.entry(forRegistration: event.name).map { bindings.bindings[$0.binding].name }
    }

    public mutating func handle(_ event: GestureEvent) -> [DispatchedAction] {
        eventsHandled &+= 1
        guard let entry = bindings.entry(forRegistration: event.name), bindings.applies(entry, to: event.target)
        else { return [] }
        let b = bindings.bindings[entry.binding]
        if event.state == .began { keyboardGiven.remove(event.name) }
        defer { if event.state.isTerminal { keyboardGiven.remove(event.name) } }
        var fired: [(action: BoundAction, reverse: Bool)] = []
        switch event.state {
        case .recognized:
            fired = [(b.action, false)]
        case .failed:
            // The engine reports only a pattern's wrong pattern as a failed gesture.
            fired = b.failureAction.map { [($0, false)] } ?? []
        case .possible:
            return []
        case .began, .changed, .ended, .cancelled:
            if event.state == .began, let begin = b.beginAction { fired.append((begin, false)) }
            fired += triggered(b, entry: entry, event)
            if event.state == .ended, let end = b.endAction { fired.append((end, false)) }
        }
        var result = fired.map { fire($0.action, b, event, reverse: $0.reverse) }
        if event.state.isTerminal, let held = heldKeys.removeValue(forKey: event.name) {
            result += held.map { fire($0, b, event, reverse: false) }
        }
        if result.contains(where: \.invocation.keysToTarget) { keyboardGiven.insert(event.name) }
        return holdingClicks(result, of: event)
    }

    /// `action`'s keys did not reach the window they were for (its keyboard could not be
    /// given to it: ``ActionInvocation/keysToTarget``): the gesture's next key actions give
    /// it again, and fail while it cannot be, rather than type into another application.
    public mutating func keysMissedTheirWindow(_ action: DispatchedAction) {
        guard action.invocation.keysToTarget else { return }
        keyboardGiven.remove(action.registration)
    }

    /// The actions to run now: a touchscreen gesture's clicks are kept while its fingers
    /// are down (any state but a terminal one) and run first when it ends, where and in
    /// the state they were fired (``heldClicks``), at the end's time: they are sent then, and
    /// a click held longer than the daemon's bound on a gesture's age must not count as
    /// stale.
    private mutating func holdingClicks(_ actions: [DispatchedAction], of event: GestureEvent) -> [DispatchedAction] {
        guard event.deviceKind == .touchscreen else { return actions }
        guard !event.state.isTerminal else {
            let held = (heldClicks.removeValue(forKey: event.name) ?? []).map { action in
                var sent = action
                sent.invocation.time = event.time
                return sent
            }
            return held + actions
        }
        var now: [DispatchedAction] = []
        for action in actions {
            if case .click = action.invocation.action {
                heldClicks[event.name, default: []].append(action)
            } else {
                now.append(action)
            }
        }
        return now
    }

    /// The binding's own action (and reverse) for a continuous gesture's event, by its trigger.
    private mutating func triggered(
        _ b: GestureBinding, entry: BindingSet.Entry, _ event: GestureEvent
    ) -> [(action: BoundAction, reverse: Bool)] {
        if case .drag = b.action.action {
            // A drag presses at the begin, follows every change and releases at the end.
            return [(b.action, false)]
        }
        switch b.trigger {
        case .automatic:
            let at: GestureState = b.kind == .longPress ? .began : .ended
            return event.state == at ? [(b.action, false)] : []
        case .begin:
            return event.state == .began ? [(b.action, false)] : []
        case .update:
            return event.state == .began || event.state == .changed ? [(b.action, false)] : []
        case .end:
            return event.state == .ended ? [(b.action, false)] : []
        case .repeat:
            // Made again for another device when that one's steps differ (its own density).
            let kept = trackers[event.name].flatMap {
                $0.device == event.device || perDevice.isEmpty ? $0.tracker : nil
            }
            var tracker =
                kept
                ?? RepeatTracker(
                    kind: b.kind,
                    steps: (perDevice[event.device] ?? bindings).tunables(forBinding: entry.binding)
                        .repeatSteps(on: entry.device))
            let steps = tracker.track(event.state, event.report)
            trackers[event.name] = (event.device, tracker)
            return steps.compactMap { step in
                switch step {
                case .forward: return (b.action, false)
                case .reverse: return b.reverseAction.map { ($0, true) }
                }
            }
        }
    }

    /// One action for the event, keeping the book of held keys and drags.
    private mutating func fire(
        _ action: BoundAction, _ b: GestureBinding, _ event: GestureEvent, reverse: Bool
    ) -> DispatchedAction {
        var invocation = Self.invocation(action.action, b, event)
        switch action.action {
        case .key, .keyDown:
            // An [[app]] binding was chosen for the window the gesture is on: its keys go there.
            // Every key action of the event does: the first of them may fail. The later
            // ones are for that window too, and fail once it is gone.
            if b.app != nil {
                invocation.keysForTarget = true
                if !keyboardGiven.contains(event.name) { invocation.keysToTarget = true }
            }
        case .keyUp, .exec, .window, .desktop, .click, .scroll, .drag:
            break
        }
        switch action.action {
        case .keyDown(let combo):
            var held = heldKeys[event.name] ?? []
            if !held.contains(where: { $0.action == .keyUp(combo) }) {
                held.append(BoundAction(.keyUp(combo), text: "key-up \(Self.words(afterVerbOf: action.text))"))
            }
            heldKeys[event.name] = held
        case .keyUp(let combo):
            heldKeys[event.name]?.removeAll { $0.action == .keyUp(combo) }
        case .drag:
            invocation.location = dragPoints.point(for: event)
        case .key, .exec, .window, .desktop, .click, .scroll:
            break
        }
        return DispatchedAction(
            invocation: invocation, text: action.text, isReverse: reverse, registration: event.name,
            event: eventsHandled)
    }

    /// `key-down ctrl+alt` → `ctrl+alt`: the combo as the config wrote it.
    private static func words(afterVerbOf text: String) -> Substring {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return trimmed.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" }
    }

    static func invocation(_ action: Action, _ b: GestureBinding, _ e: GestureEvent) -> ActionInvocation {
        var invocation = ActionInvocation(
            action: action, binding: b.name, gestureKind: b.kind, fingers: e.fingers,
            direction: e.direction, target: e.target, location: e.location, time: e.time, report: e.report,
            state: e.state)
        invocation.deviceKind = e.deviceKind
        if !e.touches.isEmpty { invocation.touches = e.touches.map(\.location) }
        return invocation
    }
}
