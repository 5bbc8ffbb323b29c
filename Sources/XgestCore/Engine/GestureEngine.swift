/// UIKit's gesture environment for X11 input: runs registered recognizers over input
/// events, arbitrates between them, fires their timers on event time, and decides who
/// owns each input sequence.
///
/// Deterministic and clock-free: time comes only from events and from ``advance(to:into:)``.
/// Outputs (gesture events, ownership decisions, transition records) are appended in time
/// order to a caller-owned buffer, so a caller that reuses its buffer allocates nothing
/// per event in steady state.
///
/// ```swift
/// var engine = try GestureEngine(registrations: regs, hitTesting: stack, screen: screen)
/// var out: [EngineOutput] = []
/// engine.process(event, into: &out)       // fires due timers first
/// if let d = engine.nextDeadline { … }    // call advance(to: d, into: &out) when reached
/// ```
public struct GestureEngine {
    /// Asked once per sequence, at its first point; replay replaces it as window records
    /// arrive. An existential is fine here: it is called once per sequence, while the
    /// engine itself stays non-generic so that callers in other modules run specialized code.
    public var hitTesting: any HitTesting
    /// The root window and its monitors: each sequence runs on the area it gets when it
    /// starts (``ScreenLayout/area(device:kind:at:)``).
    public internal(set) var layout: ScreenLayout
    /// The root window.
    public var screen: Rect { layout.root }
    /// Keyboard modifiers held, from the last `.modifiers` event.
    public internal(set) var modifiers = Modifiers()
    /// The latest event or timer time processed.
    public internal(set) var now = EventTime.zero
    public let settings: EngineSettings

    /// Registration data per slot (names, relations, predicates): read on transitions
    /// only, changed only when a slot takes another device's recognizer (``alternatives``).
    var infos: [SlotInfo]
    /// By slot, for the slots with recognizers of their own for some devices: empty in
    /// most configurations, and then a sequence start asks nothing more.
    var alternatives: [Int: SlotAlternatives] = [:]
    /// Per-event state per slot: plain values, updated in place.
    var slots: [SlotState]
    /// The recognizers, by concrete type.
    var recognizers: RecognizerStore
    /// The hit target of each slot's sequence, set when the slot binds to a sequence.
    var targets: [HitTarget]
    /// Slot indices by device kind (touchscreen, touchpad, pointer), in registration order.
    var slotsByKind: [[Int]]
    /// Each slot's deadline, in the order they fire.
    var timers: SlotTimers
    /// Slots changed since their device was last settled (``settleIdle(device:)``).
    var settleMarks: SlotMarks
    /// Per slot, where in its requirements the last one found pending is
    /// (``hasPendingRequirement(_:)``).
    var requirementCursors: [Int]
    var devices: [DeviceSequence] = []
    /// `devices[k].device`, kept apart so that finding a device reads plain integers.
    var deviceIDs: [Int] = []
    var undecided: [UndecidedSequence] = []
    var lastSequence: SequenceID = 0
    var ownershipDirty = false
    /// Touch updates applied but not yet seen by the recognizers (same-time frames only).
    var deferredFrame: DeferredTouchFrame?
    /// By device index: how many fingers the last frame judged had updated, until a
    /// finger lands or lifts (``pendingFrame``'s expectation).
    var lastFrameFingers: [Int: Int] = [:]
    /// The output buffer while an input is processed (the caller's, swapped in).
    var out: [EngineOutput] = []
    /// Touches of rejected sequences still to end, by device index.
    var handBacks: [(device: Int, sequence: SequenceID, touchIDs: [UInt32])] = []
    /// The window the caller found under the event being processed, for a sequence it
    /// starts (``process(_:startTarget:into:)``).

    public init(
        registrations: [RecognizerRegistration], hitTesting: any HitTesting = DesktopHitTesting(), screen: Rect,
        settings: EngineSettings = EngineSettings()
    ) throws(EngineConfigurationError) {
        self.hitTesting = hitTesting
        layout = .single(root: screen)
        self.settings = settings
        infos = try buildSlots(registrations)
        slots = registrations.map {
            SlotState(deviceKind: $0.recognizer.deviceKind, isContinuous: $0.recognizer.isContinuous)
        }
        recognizers = RecognizerStore(registrations.map(\.recognizer))
        for (i, r) in registrations.enumerated() where !r.perDevice.isEmpty {
            alternatives[i] = SlotAlternatives(r)
        }
        targets = Array(repeating: .desktop, count: registrations.count)
        slotsByKind = Array(repeating: [], count: DeviceKind.allCases.count)
        for (i, s) in slots.enumerated() { slotsByKind[s.deviceKind.index].append(i) }
        timers = SlotTimers(slots: slots.count)
        settleMarks = SlotMarks(slots: slots.count)
        requirementCursors = Array(repeating: 0, count: slots.count)
        devices.reserveCapacity(4)
        deviceIDs.reserveCapacity(4)
        undecided.reserveCapacity(8)
    }

    // MARK: Inspection

    public var recognizerNames: [String] { infos.map(\.name) }

    /// The public state of the named recognizer.
    public func state(of name: String) -> GestureState? {
        infos.firstIndex { $0.name == name }.map { slots[$0].state }
    }

    /// Every recognizer's name and state, in registration order.
    public var states: [(name: String, state: GestureState)] {
        slots.indices.map { (infos[$0].name, slots[$0].state) }
    }

    /// The earliest timer due, if any: call ``advance(to:into:)`` when event time reaches it.
    public var nextDeadline: EventTime? {
        timers.earliestDeadline.map { EventTime(microseconds: $0) }
    }

    /// The devices of `kind` with a sequence under way.
    public func busyDevices(of kind: DeviceKind) -> [Int] {
        devices.filter { $0.kind == kind && !$0.isIdle }.map(\.device)
    }

    /// The devices of any kind with a sequence under way.
    public var busyDevices: [Int] { devices.filter { !$0.isIdle }.map(\.device) }

    /// Whether `device` has a sequence under way.
    public func isBusy(device: Int) -> Bool {
        deviceIndex(device).map { !devices[$0].isIdle } ?? false
    }

    /// No sequence running, no timer pending, no decision outstanding.
    public var isIdle: Bool {
        devices.allSatisfy(\.isIdle) && undecided.isEmpty && nextDeadline == nil
    }

    /// Touch updates are applied but wait for the end of their frame before the
    /// recognizers see them: call ``flush(into:)`` once the input queue is drained.
    public var hasDeferredFrame: Bool { deferredFrame != nil }

    /// The frame waiting for ``flush(into:)``, and whether the fingers that moved in the
    /// frame before (every finger down, after one landed or lifted) have their updates in
    /// it yet.
    public var pendingFrame: PendingTouchFrame? {
        deferredFrame.map {
            let down = devices[$0.device].touches.frame.touches.count
            return PendingTouchFrame(
                device: deviceIDs[$0.device], time: $0.time, updatedFingers: $0.touches.count,
                expectedFingers: min(down, lastFrameFingers[$0.device] ?? down))
        }
    }

    /// Sequences still waiting for their ownership decision.
    public var undecidedSequences: [SequenceID] { undecided.map(\.sequence) }

    /// The root as one monitor (no RandR). Sequences already running keep their area.
    public mutating func setScreen(_ r: Rect) { layout = .single(root: r) }

    /// Takes effect at the next sequence: a sequence already running finishes on the
    /// area it started on, so a gesture never changes its edges halfway. For an engine
    /// with nothing running yet; a running one is given a new layout with
    /// ``setLayout(_:at:into:)``, which may cancel touchscreen sequences.
    public mutating func setLayout(_ l: ScreenLayout) { layout = l }

    // MARK: Input

    /// Processes one event: first fires the timers due by its time, then feeds it to the
    /// recognizers of its device kind. Outputs are appended to `output`. A caller that has
    /// already found the window under the event (the X layer does, at each sequence's
    /// first event) passes it as `startTarget`, and the engine uses it, instead of its
    /// ``hitTesting``, when the event starts a sequence.
    public mutating func process(
        _ event: InputEvent, startTarget: HitTarget? = nil, into output: inout [EngineOutput]
    ) {
        swap(&out, &output)
        defer {
            timers.dropStale()
            swap(&out, &output)
        }
        catchUp(to: event)
        if event.time > now { now = event.time }
        // Written only when given: a target holds strings, and most events start nothing.

        switch event.payload {
        case .touch(let t): handleTouch(t, device: event.device, time: event.time, startTarget: startTarget)
        case .touchpadSwipe(let s):
            handleTouchpad(
                device: event.device, phase: s.phase, location: s.location, .swipe(s), startTarget: startTarget)
        case .touchpadPinch(let p):
            handleTouchpad(
                device: event.device, phase: p.phase, location: p.location, .pinch(p), startTarget: startTarget)
        case .pointerMotion(let p): handlePointer(device: event.device, kind: .motion, location: p, startTarget: nil)
        case .button(let b):
            handlePointer(
                device: event.device, kind: b.isPress ? .press(button: b.button) : .release(button: b.button),
                location: b.location, startTarget: startTarget)
        case .modifiers(let m): modifiers = m
        }
        settleOwnershipIfNeeded()
    }

    /// What comes before `event`: the deferred frame it does not continue, and the timers
    /// due by its time. ``process(_:startTarget:into:)`` does it first; a caller that
    /// traces the event calls this before, so that what the engine makes of the input
    /// before it (earlier by event time) is said before it.
    public mutating func catchUp(to event: InputEvent, into output: inout [EngineOutput]) {
        swap(&out, &output)
        defer {
            timers.dropStale()
            swap(&out, &output)
        }
        catchUp(to: event)
    }

    private mutating func catchUp(to event: InputEvent) {
        if deferredFrame != nil, !continuesDeferredFrame(event) { evaluateDeferredFrame() }
        fireTimers(upTo: event.time)
    }

    /// Fires, in order, every timer due at or before `time` (after evaluating a deferred frame).
    public mutating func advance(to time: EventTime, into output: inout [EngineOutput]) {
        swap(&out, &output)
        defer {
            timers.dropStale()
            swap(&out, &output)
        }
        evaluateDeferredFrame()
        fireTimers(upTo: time)
        if time > now { now = time }
    }

    /// The input queue is drained: a deferred same-time frame is complete, and the
    /// recognizers see it now. Does nothing when no frame is deferred.
    public mutating func flush(into output: inout [EngineOutput]) {
        swap(&out, &output)
        defer {
            timers.dropStale()
            swap(&out, &output)
        }
        evaluateDeferredFrame()
    }

    /// Convenience for callers that do not reuse a buffer.
    public mutating func process(_ event: InputEvent) -> [EngineOutput] {
        var o: [EngineOutput] = []
        process(event, into: &o)
        return o
    }

    public mutating func advance(to time: EventTime) -> [EngineOutput] {
        var o: [EngineOutput] = []
        advance(to: time, into: &o)
        return o
    }

    /// Takes the running sequence of `device` away from the recognizers (the device went,
    /// or the server cancelled the touches): active gestures are cancelled, possible ones
    /// fail, and an undecided sequence is rejected. `reason` is their transitions' (the
    /// device went, or a locker covered the screen); `why`, when given, each transition's
    /// detail: what made the positions before and after not compare.
    public mutating func cancelSequence(
        device: Int, at time: EventTime, reason: TransitionReason = .deviceCancelled,
        because why: TransitionDetail? = nil, into output: inout [EngineOutput]
    ) {
        swap(&out, &output)
        defer {
            timers.dropStale()
            swap(&out, &output)
        }
        evaluateDeferredFrame()
        fireTimers(upTo: time)
        if time > now { now = time }
        guard let k = deviceIndex(device), !devices[k].isIdle else { return }
        let frame = devices[k].touches.frame
        for i in slots.indices where slots[i].device == device && !slots[i].state.isTerminal {
            let d: RecognizerDecision
            switch devices[k].kind {
            case .touchscreen: d = recognizers.access(i, TouchAccess(phase: .cancelled), frame).decision
            case .touchpad, .pointer, .keyboard: d = .none
            }
            switch (d, why) {
            case (.cancel, .some(let why)), (.fail, .some(let why)): apply(d, to: i, detail: why)
            default: apply(d, to: i)
            }
            if slots[i].state.isActive {
                transition(i, to: .cancelled, reason: reason, detail: why)
            } else if slots[i].state == .possible {
                fail(i, reason: reason, detail: why)
            }
        }
        devices[k] = DeviceSequence(device: device, kind: devices[k].kind, screen: devices[k].area)
        settleIdle(device: device)
        settleOwnershipIfNeeded()
    }
}

extension DeviceKind {
    /// Position in `allCases`, for per-kind tables.
    var index: Int {
        switch self {
        case .touchscreen: return 0
        case .touchpad: return 1
        case .pointer: return 2
        case .keyboard: return 3
        }
    }
}
