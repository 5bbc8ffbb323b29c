/// Feeding inputs to recognizers: one function per device kind. Each starts or continues
/// the device's sequence, binds idle recognizers to a sequence at its start, feeds every
/// recognizer still in the running, and applies what they decide.
extension GestureEngine {
    func deviceIndex(_ device: Int) -> Int? { deviceIDs.firstIndex(of: device) }

    mutating func ensureDevice(_ device: Int, kind: DeviceKind) -> Int {
        if let k = deviceIndex(device) { return k }
        devices.append(
            DeviceSequence(device: device, kind: kind, screen: layout.area(device: device, kind: kind, at: .zero)))
        deviceIDs.append(device)
        return devices.count - 1
    }

    /// Starts a sequence on device `k`, on `target` when the caller found it, else
    /// hit-testing its first point once, and asks the recognizers that would take it on
    /// whether they receive it.
    mutating func startSequence(
        _ k: Int, at p: Point, target: HitTarget?, tracked: Bool, touchID: UInt32? = nil, button: Int? = nil,
        area known: ScreenArea? = nil
    ) {
        lastSequence += 1
        devices[k].sequence = lastSequence
        devices[k].isSettled = false
        devices[k].verdict = nil
        devices[k].shared = false
        devices[k].target = target ?? hitTesting.hitTest(p)
        let area = known ?? layout.area(device: deviceIDs[k], kind: devices[k].kind, at: p)
        devices[k].area = area
        devices[k].touches.setScreen(area.rect)
        if tracked {
            var ids: [UInt32] = []
            if let t = touchID { ids.append(t) }
            undecided.append(
                UndecidedSequence(
                    device: deviceIDs[k], kind: devices[k].kind, sequence: lastSequence, touchIDs: ids,
                    button: button))
            ownershipDirty = true
        }
        offerSequence(k, at: p)
    }

    /// Binds every idle recognizer of the device's kind to its new sequence, asking each
    /// one's `shouldReceive` once, and asks it too of a multi-tap waiting for its next tap
    /// on this device. A recognizer that turns the sequence down is absent for it: it is
    /// failed (`not receiving`), so it sees none of the sequence's events, releases whoever
    /// waits for its failure and claims nothing for the ownership decision; it is reset
    /// when the sequence ends. A multi-tap that does not receive its next tap fails the
    /// same way, since its taps can no longer follow each other.
    mutating func offerSequence(_ k: Int, at p: Point) {
        let device = deviceIDs[k]
        let seq = devices[k].sequence
        // One context for the whole sequence, each slot's name and kind put in as it is
        // asked: made per slot, its window and monitor were copied for every binding
        // (3,000 with 300 [[app]] sections).
        var context = receiveContext(device: k, at: p)
        for i in slotsByKind[devices[k].kind.index] {
            let s = slots[i]
            guard let d = s.device else {
                _ = join(i, device: k, sequence: seq, at: p, context: &context)
                continue
            }
            // A held recognizer waits on its own sequences only and never takes a new one.
            guard d == device, s.state == .possible, s.held == nil, infos[i].shouldReceive != nil else { continue }
            if case .ignore(let why) = askShouldReceive(i, &context) {
                fail(i, reason: .notReceiving, detail: .words(why))
            }
        }
    }

    /// Binds idle slot `i` to `sequence` on device `k`, which started at `p`; false when
    /// its `shouldReceive` turns the sequence down, which fails it. `context` is the
    /// sequence's (``receiveContext(device:at:)``), made once for the slots asked together.
    /// Kept out of line: it runs when a sequence starts, not in the per-event loop that
    /// calls `admit`.
    @inline(never)
    mutating func join(
        _ i: Int, device k: Int, sequence seq: SequenceID, at p: Point, context: inout ShouldReceiveContext
    ) -> Bool {
        slots[i].device = deviceIDs[k]
        // Idle, so in its reset state: a device with its own recognizer (a touchscreen on a
        // monitor of another density) gets it now, and keeps it until another device's
        // sequence comes; nothing is asked per event.
        if !alternatives.isEmpty { installRecognizer(i, for: deviceIDs[k]) }
        settleMarks.insert(i)
        slots[i].firstSequence = seq
        slots[i].lastSequence = seq
        slots[i].startLocation = p
        targets[i] = devices[k].target
        guard case .ignore(let why) = askShouldReceive(i, &context) else { return true }
        fail(i, reason: .notReceiving, detail: .words(why))
        return false
    }

    /// Puts in idle slot `i` the recognizer and conditions `device`'s sequences run with,
    /// when another is in place.
    private mutating func installRecognizer(_ i: Int, for device: Int) {
        guard var a = alternatives[i], let r = a.install(for: device) else { return }
        alternatives[i] = a
        recognizers.replace(i, with: r.recognizer)
        infos[i].shouldReceive = r.shouldReceive
        infos[i].shouldBegin = r.shouldBegin
    }

    /// Slot `i`'s answer to whether it watches the sequence of `context`; receive when it
    /// has no condition.
    private func askShouldReceive(_ i: Int, _ context: inout ShouldReceiveContext) -> ReceiveDecision {
        guard let shouldReceive = infos[i].shouldReceive else { return .receive }
        context.name = infos[i].name
        context.kind = infos[i].kind
        return shouldReceive(context)
    }

    /// What a should-receive condition is asked with for a sequence of device `k` starting
    /// at `p`, but the asking slot's name and kind.
    func receiveContext(device k: Int, at p: Point) -> ShouldReceiveContext {
        ShouldReceiveContext(
            name: "", kind: .tap, deviceKind: devices[k].kind, device: deviceIDs[k], target: devices[k].target,
            startLocation: p, modifiers: modifiers, screen: devices[k].area.rect, monitor: devices[k].area.monitor,
            monitorIsPrimary: devices[k].area.isPrimary)
    }

    /// Whether slot `i` should see an event of `sequence`, running on device `k`; binds an
    /// idle slot when the event starts something (`joining`), and extends a multi-tap's
    /// attempt to the device's new sequence.
    mutating func admit(_ i: Int, device k: Int, sequence seq: SequenceID, joining: Bool, at p: Point) -> Bool {
        let s = slots[i]
        guard !s.state.isTerminal else { return false }
        guard let d = s.device else {
            // Idle recognizers join at the sequence's start; one freed from another device
            // may join a sequence already running here.
            guard joining else { return false }
            var context = receiveContext(device: k, at: p)
            return join(i, device: k, sequence: seq, at: p, context: &context)
        }
        guard d == deviceIDs[k] else { return false }
        if s.lastSequence != seq {
            // A held recognizer waits on its own sequences only: it never claims a new one.
            guard joining, s.held == nil else { return false }
            slots[i].lastSequence = seq
        }
        return true
    }

    /// Feeds one input to every admitted slot of `slotsByKind[kind]`, in registration
    /// order, and applies what each decides.
    mutating func feed<A: RecognizerAccess>(
        _ a: A, _ input: A.Input, kind: DeviceKind, device k: Int, joining: Bool, at p: Point
    ) where A.Result == RecognizerStep {
        let seq = devices[k].sequence
        for i in slotsByKind[kind.index] {
            guard admit(i, device: k, sequence: seq, joining: joining, at: p) else { continue }
            let step = recognizers.access(i, a, input)
            // Admitted, so not terminal: the deadline stands as the recognizer gives it.
            if timers[i] != step.deadline { setDeadline(i, step.deadline) }
            if case .none = step.decision { continue }
            apply(step.decision, to: i)
        }
    }

    /// A touch event at `time` (the event's own time, which `now` may have clamped).
    /// Inlined into `process`, the per-event path; the hand-back path calls it too.
    @inline(__always)
    mutating func handleTouch(_ t: TouchSample, device: Int, time: EventTime, startTarget: HitTarget?) {
        let k = ensureDevice(device, kind: .touchscreen)
        let first = t.phase == .begin && devices[k].touches.isIdle
        // The sequence's area first: a mapped touchscreen's touches are taken inside it.
        let area = first ? layout.area(device: device, kind: .touchscreen, at: t.location) : devices[k].area
        let p = area.touchLocation(t.location)
        switch t.phase {
        case .begin:
            // Kept out of the tracker: the application has it, as it has the others.
            if first, devices[k].handedBack.takes(landingAt: now) {
                guard !devices[k].handedBack.contains(t.id) else { return }
                handBackLateFinger(t.id, device: k)
                return
            }
            guard devices[k].touches.begin(id: t.id, at: p, time: now) else { return }
            lastFrameFingers[k] = nil
            if first {
                startSequence(k, at: p, target: startTarget, tracked: true, touchID: t.id, area: area)
            } else if let v = devices[k].verdict {
                emitDecision(
                    v, device: k, sequence: devices[k].sequence, touchIDs: [t.id], button: nil,
                    shared: devices[k].shared)
            } else if let u = undecided.firstIndex(where: { $0.sequence == devices[k].sequence }) {
                undecided[u].touchIDs.append(t.id)
            }
        case .update:
            guard devices[k].touches.update(id: t.id, to: p, time: now) else { return }
            let moved = devices[k].touches.lastUpdateMoved
            if deferTouchUpdate(device: k, touch: t.id, time: time, moved: moved) { return }
            // A finger reported where it was (a touchscreen's pressure or contact size
            // changed) is no motion: a held long press, pan or pinch said `changed (moved)`
            // at every such report, and its `on = "update"` actions ran. Timers, not
            // reports, end what waits for time.
            guard moved else { return }
        case .end:
            guard devices[k].touches.end(id: t.id, at: p, time: now) else {
                // A handed-back finger's real lift, which the engine ended at the reject.
                devices[k].handedBack.lifted(t.id)
                return
            }
            lastFrameFingers[k] = nil
        }
        let phase: TouchAccess.Phase
        switch t.phase {
        case .begin: phase = .began
        case .update: phase = .moved
        case .end: phase = .ended
        }
        let frame = devices[k].touches.frame
        feed(
            TouchAccess(phase: phase), frame, kind: .touchscreen, device: k, joining: t.phase == .begin,
            at: frame.sequenceStartLocation)
        if devices[k].touches.isIdle { endSequence(k) }
    }

    mutating func handleTouchpad(
        device: Int, phase: GesturePhase, location: Point, _ input: TouchpadAccess.Input, startTarget: HitTarget?
    ) {
        let k = ensureDevice(device, kind: .touchpad)
        switch phase {
        case .begin:
            // A begin without the previous end: that gesture is over.
            if !devices[k].isIdle { endSequence(k) }
            startSequence(k, at: location, target: startTarget, tracked: false)
        case .update, .end:
            guard !devices[k].isIdle else { return }
        }
        feed(TouchpadAccess(time: now), input, kind: .touchpad, device: k, joining: phase == .begin, at: location)
        if phase == .end { endSequence(k) }
    }

    mutating func handlePointer(device: Int, kind: PointerInput.Kind, location: Point, startTarget: HitTarget?) {
        let k = ensureDevice(device, kind: .pointer)
        devices[k].pointerLocation = location
        let joining: Bool
        switch kind {
        case .press(let b):
            joining = devices[k].isIdle
            if joining { startSequence(k, at: location, target: startTarget, tracked: true, button: b) }
            devices[k].buttons |= buttonBit(b)
        case .release(let b):
            guard !devices[k].isIdle else { return }
            devices[k].buttons &= ~buttonBit(b)
            joining = false
        case .motion:
            // Motion outside a press reaches no recognizer: strokes start at a press.
            guard !devices[k].isIdle else { return }
            joining = false
        }
        let input = PointerInput(
            time: now, device: device, kind: kind, location: location, modifiers: modifiers,
            screen: devices[k].area.rect)
        feed(PointerAccess(), input, kind: .pointer, device: k, joining: joining, at: location)
        if devices[k].buttons == 0 { endSequence(k) }
    }

    private func buttonBit(_ b: Int) -> UInt64 { b >= 0 && b < 64 ? 1 << UInt64(b) : 1 << 63 }

    /// The device's sequence is over: recognizers watching only it are settled.
    mutating func endSequence(_ k: Int) {
        devices[k].sequence = 0
        devices[k].verdict = nil
        devices[k].shared = false
        devices[k].buttons = 0
        settleIdle(device: deviceIDs[k])
    }

    mutating func resetSlot(_ i: Int) {
        recognizers.reset(i)
        slots[i].state = .possible
        slots[i].held = nil
        slots[i].device = nil
        targets[i] = .desktop
        timers.clear(i)
    }

    /// Records slot `i`'s deadline (none once it is terminal).
    mutating func setDeadline(_ i: Int, _ microseconds: UInt64) {
        let d = slots[i].state.isTerminal ? UInt64.max : microseconds
        timers.set(i, d)
        if d == .max { settleMarks.insert(i) }
    }
}
