/// A dry run fed one trace record at a time (``DryRun``): `xgest replay` reads a trace line
/// by line and prints each record as it comes, so its memory does not grow with the trace.
public struct DryRunSession {
    private var replay: TraceReplay
    private var dispatcher: ActionDispatcher
    private let bindings: BindingSet
    private let explain: Bool
    private var tally = ReplaySummary.Tally()
    /// The engine's outputs for the record at hand, emptied after each (its storage kept).
    private var outputs: [EngineOutput] = []
    /// The daemon's limit on a binding's steps, on the trace's clock: a trace faster than a
    /// touchpad ran more steps in replay than the daemon runs.
    private var rateLimiter = RepeatRateLimiter()
    /// Whether the trace says a screen locker is up: the daemon runs no action then but
    /// what lets go of a held key or button.
    private var locked = false
    /// Sequences under way when the trace's locker came up or went: as the daemon, none of
    /// their actions run to their end but releases.
    private var lockMuted = LockMutedSequences()
    /// Which touchpad gestures the daemon would keep, and which it leaves to applications.
    private var touchpadClaims: TouchpadReplayClaims

    /// `touchscreens`: the bindings made at the densities the header gives touchscreens of
    /// their own (``TraceHeader/touchscreenDensities``), as the daemon made them.
    public init(
        header: TraceHeader, bindings: BindingSet, touchscreens: TouchscreenBindingSets = .none, explain: Bool = false
    ) throws(EngineConfigurationError) {
        // As the daemon judges: replay is its bug report.
        replay = try TraceReplay(
            header: header, registrations: bindings.registrations(alternatives: touchscreens.alternatives),
            settings: .daemon(reportsTouches: true, recordsNotReceiving: explain))
        dispatcher = ActionDispatcher(bindings: bindings, perDevice: touchscreens.byDevice)
        touchpadClaims = TouchpadReplayClaims(bindings)
        self.bindings = bindings
        self.explain = explain
    }

    /// The summary of what has been fed so far.
    public var summary: ReplaySummary { tally.summary }

    /// The records one trace record gives.
    public mutating func feed(_ record: TraceRecord) -> [DryRunRecord] {
        var decided: [DryRunRecord] = []
        if case .input(let e) = record {
            tally.count(e)
            let judged = touchpadClaims.judge(e, in: replay)
            if let d = judged.decision {
                tally.count(d)
                if explain { decided.append(.touchpadOwnership(d)) }
            }
            // A gesture left to the application: the daemon gets none of it after its begin.
            guard judged.engineGetsIt else { return decided }
            if lockMuted.mutes(device: e.device) {
                // As the daemon: the muted sequence's timers due before `e` are its own.
                replay.catchUp(to: e, into: &outputs)
                decided += drain()
                lockMuted.input(device: e.device, isBusy: replay.isBusy(device: e.device))
            }
        }
        guard case .lock(let t, let event) = record else {
            replay.feed(record, into: &outputs)
            return decided + drain()
        }
        // The timers due before it fire with the lock as it was; its line comes before
        // what it cancels.
        replay.advance(to: t, into: &outputs)
        var records = drain()
        if event == .locked { locked = true } else if event == .unlocked { locked = false }
        if event == .locked || event == .unlocked { lockMuted.lockChanged(busy: replay.busyDevices) }
        records.append(.lock(time: t, event))
        replay.feed(record, into: &outputs)
        return records + drain()
    }

    /// The records the end of the trace gives: a deferred frame, the timers still pending.
    public mutating func finish() -> [DryRunRecord] {
        replay.finish(into: &outputs)
        return drain()
    }

    private mutating func drain() -> [DryRunRecord] {
        defer { outputs.removeAll(keepingCapacity: true) }
        tally.count(outputs)
        var records: [DryRunRecord] = []
        for output in outputs {
            if case .transition(let t) = output, t.reason == .shapeMatched || t.reason == .shapeNotMatched,
                t.detail?.strokeClassification != nil, let entry = bindings.entry(forRegistration: t.name)
            {
                records.append(.stroke(t, binding: bindings.bindings[entry.binding].name))
                continue
            }
            guard case .gesture(let g) = output, let entry = bindings.entry(forRegistration: g.name) else {
                if explain, !output.isGesture { records.append(.explanation(output)) }
                continue
            }
            let binding = bindings.bindings[entry.binding].name
            records.append(.gesture(g, binding: binding, app: g.target.appName))
            for action in dispatcher.handle(g) {
                let i = action.invocation
                if locked || lockMuted.mutes(device: g.device), !i.releasesInput {
                    let reason = locked ? ScreenLockEvent.actionNotRunReason : ScreenLockEvent.actionMutedReason
                    records.append(.skipped(action, reason: reason))
                    continue
                }
                // A click held to the end of its gesture counts as the step it was fired at.
                if !i.releasesInput,
                    case .drop = rateLimiter.admit(
                        binding: i.binding, state: i.state, event: action.event, nowMicroseconds: g.time.microseconds)
                {
                    // A line as the daemon's trace has it; the summary counts them.
                    tally.countDroppedStep()
                    records.append(.skipped(action, reason: RepeatRateLimiter.droppedReason))
                    continue
                }
                records.append(.action(action))
            }
        }
        tally.count(records)
        return records
    }
}

extension EngineOutput {
    fileprivate var isGesture: Bool {
        if case .gesture = self { return true }
        return false
    }
}
