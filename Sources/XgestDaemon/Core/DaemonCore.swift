import XgestCore
import XgestSystem
import XgestX11

/// The daemon's decisions, without X: each input event through the engine, each
/// ownership decision to the input side (``OwnershipEffects``), each gesture event through
/// the dispatcher to the executor, with the daemon's own rules around actions (none
/// behind a locker but releases, the steps of one binding from at most one event per
/// 8 ms, a cap on running commands). ``GestureDaemon`` feeds it from the X server; tests
/// feed it a trace with a recording source and executor, and get what the daemon would
/// have done.
public final class DaemonCore {
    public private(set) var engine: GestureEngine
    public private(set) var dispatcher: ActionDispatcher
    public private(set) var executor: any ActionExecutor
    private let effects: OwnershipEffects
    private let trace: DebugTrace?
    private var outputs: [EngineOutput] = []
    /// Gestures whose actions wait for touch accepts held behind a press or gesture begin
    /// the input side has not answered yet, and the gestures after them, in order
    /// (``touchVerdictsSent()``).
    private var awaitingVerdicts: [GestureEvent] = []
    /// Whether ``apply()`` is under way: actions freed meanwhile run at its end.
    private var applying = false
    /// Steps of repeating bindings whose events come faster than actions should run are dropped.
    private var rateLimiter = RepeatRateLimiter()
    private var drops = DropNotices()
    /// Sequences under way when a locker came up or went: their actions stay unrun to their end.
    private var lockMuted = LockMutedSequences()
    /// Monotonic microseconds, for the rate limit and the actions' timing.
    private let monotonicMicroseconds: () -> UInt64
    /// Sees every output before it is applied (the feedback overlay).
    var observer: ((EngineOutput) -> Void)?
    /// Told after a gesture event's actions when one of them was not run or failed: the
    /// overlay, which labelled the binding as recognized when ``observer`` saw the event,
    /// must not go on saying it acted.
    var actionMissed: ((GestureEvent, FeedbackTracker.Miss) -> Void)?
    /// The X server's time now, however far behind the input read is; nil when it cannot
    /// be known (a replayed trace), and then no gesture is too old to act.
    public var serverNow: (() -> EventTime?)?
    /// A device's name for the trace's input lines; nil when unknown.
    public var deviceName: ((Int) -> String?)?

    public init(
        engine: GestureEngine, bindings: BindingSet, perDevice: [Int: BindingSet] = [:], effects: OwnershipEffects,
        executor: any ActionExecutor, trace: DebugTrace?,
        monotonicMicroseconds: @escaping () -> UInt64 = DebugTrace.monotonicMicroseconds
    ) {
        self.engine = engine
        dispatcher = ActionDispatcher(bindings: bindings, perDevice: perDevice)
        self.effects = effects
        self.executor = executor
        self.trace = trace
        self.monotonicMicroseconds = monotonicMicroseconds
    }

    /// Same-time touch updates (one per finger, one hardware frame) are judged together;
    /// gesture events list their touches when a command or the trace can read them, and
    /// bindings that do not watch a sequence say so only to a trace.
    public static func engineSettings(_ bindings: BindingSet, tracing: Bool) -> EngineSettings {
        .daemon(reportsTouches: tracing || bindings.readsTouches, recordsNotReceiving: tracing)
    }

    /// The bindings running.
    public var bindings: BindingSet { dispatcher.bindings }
    /// No sequence under way, and no action waiting for its touches' verdict.
    public var isIdle: Bool { engine.isIdle && awaitingVerdicts.isEmpty }
    public var nextDeadline: EventTime? { engine.nextDeadline }
    public var pendingFrame: PendingTouchFrame? { engine.pendingFrame }
    public var now: EventTime { engine.now }

    /// A new config's engine and bindings, taken while the engine is idle.
    public func replace(engine: GestureEngine, bindings: BindingSet, perDevice: [Int: BindingSet] = [:]) {
        self.engine = engine
        dispatcher = ActionDispatcher(bindings: bindings, perDevice: perDevice)
    }

    /// The monitors or mappings changed, seen at `time`: the next sequences run on the new
    /// layout, and a root of a new size cancels the touchscreen sequences in progress
    /// (``GestureEngine/setLayout(_:at:into:)``).
    public func setLayout(_ layout: ScreenLayout, at time: EventTime) {
        engine.setLayout(layout, at: time, into: &outputs)
        apply()
    }

    /// The windows changed at `time` (a replayed trace's window records): timers due
    /// before then fire against the old stack.
    public func windowsChanged(at time: EventTime, hitTesting: any HitTesting) {
        advance(to: time)
        engine.hitTesting = hitTesting
    }

    public func process(_ e: InputEvent, startTarget: HitTarget?) {
        if lockMuted.mutes(device: e.device) {
            // What the muted sequence's timers fire before `e` is still its own.
            catchUp(to: e)
            lockMuted.input(device: e.device, isBusy: engine.isBusy(device: e.device))
        }
        engine.process(e, startTarget: startTarget, into: &outputs)
        apply()
    }

    /// Runs what the engine owes before `e` (``GestureEngine/catchUp(to:into:)``): called
    /// before `e` is traced, the trace says it in event-time order.
    public func catchUp(to e: InputEvent) {
        engine.catchUp(to: e, into: &outputs)
        apply()
    }

    /// A screen locker came up or went (``OwnershipEffects/isScreenLocked`` says which now):
    /// the gestures under way go on to their end, but run nothing but what lets go of a held
    /// key or button, after an unlock too.
    public func screenLockChanged() {
        lockMuted.lockChanged(busy: engine.busyDevices)
    }

    /// The device went away, a locker covered the screen (`reason`), or its positions no
    /// longer compare (`why` says how): its sequence is cancelled.
    public func cancelSequence(
        device: Int, at time: EventTime, reason: TransitionReason = .deviceCancelled, because why: String? = nil
    ) {
        engine.cancelSequence(
            device: device, at: time, reason: reason, because: why.map(TransitionDetail.words), into: &outputs)
        apply()
    }

    /// The input queue is empty: the last same-time frame is complete.
    public func flush() {
        engine.flush(into: &outputs)
        apply()
    }

    /// Fires the engine's timers due by `time`.
    public func advance(to time: EventTime) {
        engine.advance(to: time, into: &outputs)
        apply()
    }

    /// Lets go of whatever `key-down` and `drag` actions hold.
    public func releaseHeldInput(because reason: String) {
        guard executor.holdsInput else { return }
        executor.releaseAll()
        trace?.note("\(reason): held keys and buttons released")
    }

    private func apply() {
        applying = true
        defer { applying = false }
        if !awaitingVerdicts.isEmpty, !effects.holdsTouchVerdicts { runActionsAwaitingVerdicts() }
        // Bindings turning a sequence down for the same reason (a section's, for another
        // window) come one after another: traced as one line, or a config of 300 sections
        // wrote 3,000 lines a touch.
        var turnedDown: [TransitionRecord] = []
        // Accepts already applied ahead of their place (``acceptClaimedTouches(after:device:into:)``).
        var acceptedEarly: Set<Int> = []
        for (index, output) in outputs.enumerated() {
            observer?(output)
            if let trace, case .transition(let t) = output, t.reason == .notReceiving {
                if let first = turnedDown.first, first.time != t.time || first.detail != t.detail {
                    trace.notReceiving(turnedDown)
                    turnedDown.removeAll(keepingCapacity: true)
                }
                turnedDown.append(t)
                continue
            }
            if !turnedDown.isEmpty {
                trace?.notReceiving(turnedDown)
                turnedDown.removeAll(keepingCapacity: true)
            }
            switch output {
            case .ownership(let d):
                guard !acceptedEarly.contains(index) else { continue }
                trace?.engine(output)
                applyOwnership(d)
            case .transition:
                trace?.engine(output)
            case .handedBack(let h):
                // The engine ended the touch for xgest; the application has the rest of it.
                trace?.event(h.event, startTarget: nil, deviceName: deviceName?(h.device), note: "handed back")
            case .gesture(let g):
                trace?.engine(output)
                let accepted =
                    g.deviceKind == .touchscreen
                    && acceptClaimedTouches(after: index, device: g.device, into: &acceptedEarly)
                if accepted, effects.holdsTouchVerdicts, awaitingVerdicts.isEmpty {
                    trace?.note(Self.actionsAwaitVerdict(dispatcher.bindingName(of: g)))
                }
                if (accepted && effects.holdsTouchVerdicts) || !awaitingVerdicts.isEmpty {
                    // After the accepts, and in the order made.
                    awaitingVerdicts.append(g)
                } else {
                    act(on: g)
                }
            }
        }
        if !turnedDown.isEmpty { trace?.notReceiving(turnedDown) }
        outputs.removeAll(keepingCapacity: true)
        if !awaitingVerdicts.isEmpty, !effects.holdsTouchVerdicts { runActionsAwaitingVerdicts() }
    }

    /// The input side sent the touch verdicts it held behind a press or a gesture begin it
    /// had not answered: the actions that waited for them run now, in order.
    public func touchVerdictsSent() {
        // Within ``apply()`` (a verdict sent while it applies ownership), they run at its end.
        guard !applying else { return }
        runActionsAwaitingVerdicts()
    }

    private func runActionsAwaitingVerdicts() {
        while !awaitingVerdicts.isEmpty, !effects.holdsTouchVerdicts {
            act(on: awaitingVerdicts.removeFirst())
        }
    }

    /// The `--debug` line for a gesture whose actions wait for its touches' accepts.
    static func actionsAwaitVerdict(_ binding: String?) -> String {
        "\(binding ?? "gesture"): actions wait for its touches' accept, held behind a grabbed press or gesture"
            + " begin not answered yet"
    }

    /// Runs a gesture event's actions.
    private func act(on g: GestureEvent) {
        // A click held to the end of its gesture counts as the step it was fired at.
        var missed: FeedbackTracker.Miss?
        for action in dispatcher.handle(g) {
            let fate = run(action, state: action.invocation.state, device: g.device)
            if fate != .done { dispatcher.keysMissedTheirWindow(action) }
            if let miss = fate.miss, missed != .failed { missed = miss }
        }
        if let missed { actionMissed?(g, missed) }
        // The burst's count when its gesture ends, though a repeating binding runs
        // nothing then: it was said at the next gesture's first action, or never.
        if g.state.isTerminal, let name = dispatcher.bindingName(of: g),
            let line = drops.repeatRan(binding: name)
        {
            say(line)
        }
    }

    /// Applies the accepts of the touchscreen `device` that come after output `index` in
    /// this batch, before the actions of the gesture at `index` run. The engine decides the
    /// touches a gesture claims just after the gesture's event, and a tap is decided at the
    /// lift: until the server takes that verdict it holds button 1 down on the master
    /// pointer for the finger that moved the pointer (docs/x11-notes.md, "Button bits can
    /// stay in the core state after touches"), and a tap's keys, sent first, reached the
    /// application with Button1Mask though every finger had lifted. Accepted first (the
    /// X side lets go of that button right after the verdict), they carry no button.
    /// Returns whether it applied any: a touchscreen gesture's actions wait for accepts the
    /// input side holds (``OwnershipEffects/holdsTouchVerdicts``), since the server holds
    /// button 1 until it takes them.
    private func acceptClaimedTouches(after index: Int, device: Int, into applied: inout Set<Int>) -> Bool {
        var any = false
        for later in outputs.indices.dropFirst(index + 1) where !applied.contains(later) {
            guard case .ownership(let d) = outputs[later], d.deviceKind == .touchscreen, d.verdict == .accept,
                d.device == device
            else { continue }
            trace?.engine(outputs[later])
            applyOwnership(d)
            applied.insert(later)
            any = true
        }
        return any
    }

    private func applyOwnership(_ d: OwnershipDecision) {
        switch d.deviceKind {
        case .touchscreen:
            if d.verdict == .accept {
                effects.accept(device: d.device, touches: d.touchIDs)
            } else if d.shared {
                effects.share(device: d.device, touches: d.touchIDs)
            } else {
                effects.handBack(device: d.device, touches: d.touchIDs)
            }
        case .pointer:
            // A grabbed press that is not a stroke: the application gets it back.
            guard let button = d.button else { return }
            guard d.verdict == .reject else {
                effects.keep(pressOf: button, device: d.device)
                return
            }
            switch effects.handBack(pressOf: button, device: d.device) {
            case .replayed(let from, let to):
                trace?.note("press of button \(button) handed back: replayed from \(from) to \(to)")
            case .atRelease:
                trace?.note("press of button \(button) handed back: replayed when the button is released")
            case .afterTheNextPress:
                trace?.note("press of button \(button) handed back: replayed when the press made since is over")
            case .windowGone(let gone):
                trace?.note(Self.pressNotReplayed(button: button, gone: gone))
            case .strokeNotReplayed:
                trace?.note("press of button \(button) handed back: " + Self.strokeNotReplayed)
            case .strokeNotReplayedAtRelease:
                trace?.note(
                    "press of button \(button) handed back, when the button is released: " + Self.strokeNotReplayed)
            case .nothingHeld:
                break
            }
        case .touchpad, .keyboard:
            break
        }
    }

    /// A press handed back that is not replayed: the user drew it into a stroke no binding took.
    static let strokeNotReplayed =
        "not replayed: a stroke drawn and not recognized reaches no application"
        + " (replay-unrecognized-strokes = true in [settings] replays it)"

    /// A press handed back that is not replayed: the window it was made over went.
    static func pressNotReplayed(button: Int, gone: PressWindowGone) -> String {
        "press of button \(button) handed back: not replayed, the window it was made on was \(gone.rawValue)"
            + " while it was held"
    }

    /// What came of one action.
    enum Fate {
        case done
        /// The executor found nothing to do (`desktop next` on the last desktop): the
        /// binding did act.
        case nothingToDo
        /// A repeating binding's step within the rate limit: its burst acts.
        case dropped
        /// Never run: the screen is locked, or its gesture is too old.
        case notRun
        case failed

        /// What the overlay's label says of it, nil for an action that acted.
        var miss: FeedbackTracker.Miss? {
            switch self {
            case .done, .nothingToDo, .dropped: nil
            case .notRun: .notRun
            case .failed: .failed
            }
        }
    }

    /// Runs one action, or says why not.
    private func run(_ action: DispatchedAction, state: GestureState, device: Int) -> Fate {
        let binding = action.invocation.binding
        let releases = action.invocation.releasesInput
        // A gesture begun before the locker came up goes on, but acts on nothing behind it;
        // only what lets go of a held key or button still runs.
        guard !effects.isScreenLocked || releases else {
            // An action line, as replay says it for a trace's lock.
            trace?.action(action, outcome: .skipped(reason: ScreenLockEvent.actionNotRunReason), microseconds: 0)
            return .notRun
        }
        // Unlocked since, it still acts on nothing: the user left it to lock the screen.
        guard !lockMuted.mutes(device: device) || releases else {
            trace?.action(action, outcome: .skipped(reason: ScreenLockEvent.actionMutedReason), microseconds: 0)
            return .notRun
        }
        // A gesture made long before it is read (the daemon stopped, or behind a flood)
        // acts on whatever has come up since: it runs nothing but what lets go.
        if !releases, let age = staleAge(of: action.invocation.time) {
            if let line = drops.staleDropped(age: age) { say(line) }
            trace?.action(action, outcome: .skipped(reason: Self.staleReason(age)), microseconds: 0)
            return .notRun
        }
        if !releases, let line = drops.freshRan() { say(line) }
        let start = monotonicMicroseconds()
        // What lets go is never dropped.
        var verdict = RepeatRateLimiter.Verdict.run
        if !releases {
            verdict = rateLimiter.admit(binding: binding, state: state, event: action.event, nowMicroseconds: start)
        }
        switch verdict {
        case .drop(let first):
            if let line = drops.repeatDropped(binding: binding, firstOfBurst: first) { say(line) }
            // Without --debug a burst gets two lines; the trace has every action, run or not.
            trace?.action(action, outcome: .skipped(reason: RepeatRateLimiter.droppedReason), microseconds: 0)
            return .dropped
        case .run:
            // The burst's count, once its gesture ends.
            if state != .changed, let line = drops.repeatRan(binding: binding) { say(line) }
        }
        let outcome = executor.execute(action.invocation)
        let took = monotonicMicroseconds() &- start
        if case .exec = action.invocation.action {
            if outcome == .failed(reason: X11ActionExecutor.tooManyChildrenReason) {
                if let line = drops.execDropped(binding: binding, reason: X11ActionExecutor.tooManyChildrenReason) {
                    say(line)
                }
                trace?.action(action, outcome: outcome, microseconds: took)
                return .failed
            }
            if outcome.isDone, let line = drops.execStarted() { say(line) }
        }
        trace?.action(action, outcome: outcome, microseconds: took)
        if case .failed(let reason) = outcome, trace == nil {
            FileOutput.standardError.writeLine(
                DisplayText.escaped(Self.failureLine(binding: binding, action: action.text, reason: reason)),
                priority: .error)
        }
        switch outcome {
        case .done: return .done
        case .skipped: return .nothingToDo
        case .failed: return .failed
        }
    }

    /// How old, in the server's time, the input a gesture was made of may be when its
    /// action is to run: older, the action is not run. Input is read within milliseconds
    /// unless the daemon was stopped (`SIGSTOP`, a machine swapped out, a debugger) or fell
    /// behind a flood, and then a `key` action would type into whatever has the focus by now.
    public static let staleGestureMilliseconds: UInt64 = 2_000

    /// How old the input at `time` is, when it is older than ``staleGestureMilliseconds``.
    private func staleAge(of time: EventTime) -> EventDuration? {
        guard let now = serverNow?() else { return nil }
        let age = now - time
        return age > .milliseconds(Self.staleGestureMilliseconds) ? age : nil
    }

    /// The trace's outcome for an action whose gesture was made `age` before it was read.
    static func staleReason(_ age: EventDuration) -> String {
        "not run: its gesture was made \(DropNotices.seconds(age)) s ago, more than "
            + "\(staleGestureMilliseconds / 1000) s (xgest was stopped or behind)"
    }

    /// The line for an action that failed, without `--debug`. Most reasons start with the
    /// action's verb ("window close: no EWMH window manager is running", "exec: no such
    /// file: …"): the action's text is then left out, or the line said it twice.
    static func failureLine(binding: String, action: String, reason: String) -> String {
        let verb = action.prefix { $0 != " " }
        let named = reason.hasPrefix(verb + ":") || reason.hasPrefix(verb + " ")
        return "xgest: \(binding): " + (named ? "" : "\(action): ") + reason
    }

    /// A line for the log: in the trace with `--debug`, else on stderr.
    public func say(_ line: String) {
        if let trace {
            trace.note(line)
        } else {
            FileOutput.standardError.writeLine(DisplayText.escaped("xgest: " + line))
        }
    }
}
