/// Applying decisions: the state machine is checked in ``transition(_:to:reason:related:)``,
/// the only place a slot's state changes, and arbitration (conditions, exclusivity,
/// required failures) happens before a recognizer may begin or recognize.
extension GestureEngine {
    /// Kept out of line: the feeding loops call it only for a decision other than `.none`,
    /// and inlined, its arbitration and every recognizer's decision detail sat in the body
    /// of the loop that feeds each event to every recognizer, costing about 6 % per event
    /// at 200 recognizers (`xgest-bench engine`) for code that loop rarely runs.
    @inline(never)
    mutating func apply(_ decision: RecognizerDecision, to i: Int) {
        switch decision {
        case .recognize, .fail:
            // Recognized or failed: the recognizer may say more (a stroke's matches).
            apply(decision, to: i, detail: recognizers.decisionDetail(i))
        case .none, .change, .begin, .end, .cancel:
            apply(decision, to: i, detail: nil)
        }
    }

    mutating func apply(_ decision: RecognizerDecision, to i: Int, detail: TransitionDetail?) {
        switch decision {
        case .none:
            return
        case .change:
            // A held gesture has not begun for anyone else yet; its changes are folded
            // into the report it gives when released.
            guard slots[i].held == nil else { return }
            transition(i, to: .changed, reason: .moved)
        case .begin(let r), .recognize(let r):
            guard slots[i].state == .possible, slots[i].held == nil else {
                transition(i, to: decision.targetState ?? .began, reason: r)  // logged as invalid
                return
            }
            requestStart(i, to: decision.targetState ?? .began, reason: r, detail: detail)
        case .end(let r):
            if let h = slots[i].held {
                switch h {
                case .begin(let b): slots[i].held = .beginThenEnd(b, end: r)
                case .recognize, .beginThenEnd: transition(i, to: .ended, reason: r)  // logged as invalid
                }
                return
            }
            transition(i, to: .ended, reason: r)
        case .cancel(let r):
            // Cancelling what never began, for anyone, is failing.
            if slots[i].state == .possible {
                fail(i, reason: r, detail: detail)
            } else {
                transition(i, to: .cancelled, reason: r, detail: detail)
            }
        case .fail(let r):
            if slots[i].state.isActive {
                transition(i, to: .failed, reason: r)  // logged as invalid; the recognizer is cancelled
                return
            }
            fail(i, reason: r, detail: detail)
        }
    }

    /// The one place a recognizer's state changes. An invalid transition is recorded as a
    /// bug and the recognizer is taken out of the running (cancelled if active, failed if
    /// possible), never crashed on.
    mutating func transition(
        _ i: Int, to next: GestureState, reason: TransitionReason, related: Int? = nil, detail: TransitionDetail? = nil
    ) {
        let from = slots[i].state
        guard from.canTransition(to: next, continuous: slots[i].isContinuous) else {
            record(i, from: from, to: next, reason: .invalidTransition, related: related)
            switch from {
            case .possible: transition(i, to: .failed, reason: .invalidTransition)
            case .began, .changed: transition(i, to: .cancelled, reason: .invalidTransition)
            case .ended, .cancelled, .recognized, .failed: break
            }
            return
        }
        slots[i].state = next
        settleMarks.insert(i)
        if from != next { record(i, from: from, to: next, reason: reason, related: related, detail: detail) }
        switch next {
        case .began, .changed, .ended, .cancelled, .recognized:
            emitGesture(i, state: next)
        case .failed where reason == .patternNotMatched:
            // The one failure bindings act on (a pattern's `on-failure`).
            emitGesture(i, state: next)
        case .possible, .failed:
            break
        }
        if next.isTerminal {
            slots[i].held = nil
            timers.clear(i)
            ownershipDirty = true
        }
    }

    /// Conditions, exclusivity and required failures, in UIKit's order, before a
    /// recognizer may begin (continuous) or recognize (discrete).
    mutating func requestStart(
        _ i: Int, to target: GestureState, reason: TransitionReason, detail: TransitionDetail? = nil
    ) {
        if let p = infos[i].shouldBegin, let k = deviceIndex(slots[i].device ?? -1) {
            let context = ShouldBeginContext(
                name: infos[i].name, kind: infos[i].kind, deviceKind: slots[i].deviceKind, device: devices[k].device,
                target: targets[i], startLocation: slots[i].startLocation, modifiers: modifiers,
                report: recognizers.report(i), screen: devices[k].area.rect)
            if case .fail(let why, let words) = p(context) {
                return fail(i, reason: why, detail: words.map(TransitionDetail.words) ?? detail)
            }
        }
        if let j = exclusiveOwner(against: i) {
            return fail(i, reason: .excludedByOtherRecognizer, related: j, detail: detail)
        }
        if let j = pendingRequirement(of: i) {
            slots[i].held = target == .recognized ? .recognize(reason) : .begin(reason)
            record(i, from: .possible, to: .possible, reason: .requiredFailurePending, related: j, detail: detail)
            return
        }
        commit(i, to: target, reason: reason, detail: detail)
    }

    /// Whether `winner`, beginning or recognizing, makes `other` on the same touches fail:
    /// not when they may run together, and only when `winner` can prevent `other` and
    /// `other` can be prevented by `winner` (UIKit's `canPrevent` and `canBePrevented(by:)`).
    func prevents(_ winner: Int, _ other: Int) -> Bool {
        !infos[winner].simultaneous.contains(other)
            && (infos[winner].canPrevent?.contains(other) ?? true)
            && (infos[other].canBePreventedBy?.contains(winner) ?? true)
    }

    /// A recognizer that owns the same touches and keeps `i` from running alongside it.
    func exclusiveOwner(against i: Int) -> Int? {
        for j in slotsByKind[slots[i].deviceKind.index] where j != i && slots[j].overlaps(slots[i]) {
            switch slots[j].state {
            case .began, .changed, .ended, .recognized:
                if prevents(j, i) { return j }
            case .possible, .cancelled, .failed:
                break
            }
        }
        return nil
    }

    /// A recognizer `i` requires to fail that is still possible on the same touches: the
    /// first of them, for the record of what `i` waits for.
    func pendingRequirement(of i: Int) -> Int? {
        for j in infos[i].requires where slots[j].state == .possible && slots[j].overlaps(slots[i]) { return j }
        return nil
    }

    /// Whether `i` still waits for a requirement, asked each time one of them fails. The
    /// search starts at the one found pending last time and wraps around: requirements
    /// fail in a burst (a single tap waiting for every double tap as they time out), and
    /// starting from the first each time made the burst cost the square of their number.
    mutating func hasPendingRequirement(_ i: Int) -> Bool {
        let n = infos[i].requires.count
        var k = requirementCursors[i] < n ? requirementCursors[i] : 0
        for _ in 0..<n {
            let j = infos[i].requires[k]
            if slots[j].state == .possible && slots[j].overlaps(slots[i]) {
                requirementCursors[i] = k
                return true
            }
            k = k + 1 == n ? 0 : k + 1
        }
        return false
    }

    /// `i` begins or recognizes: recognizers on the same touches that may not run
    /// alongside it fail (or are cancelled), those waiting for its failure fail, and the
    /// sequences it covers are accepted (unless it shares its touches: then they are
    /// decided like the others' failures, handed back and still watched).
    mutating func commit(_ i: Int, to target: GestureState, reason: TransitionReason, detail: TransitionDetail? = nil) {
        transition(i, to: target, reason: reason, detail: detail)
        guard slots[i].state == target else { return }
        for j in infos[i].requiredBy where slots[j].state == .possible && slots[j].overlaps(slots[i]) {
            fail(j, reason: .requiredRecognizerSucceeded, related: i)
        }
        for j in slotsByKind[slots[i].deviceKind.index] where j != i && slots[j].overlaps(slots[i]) {
            guard prevents(i, j) else { continue }
            switch slots[j].state {
            case .possible: fail(j, reason: .failedByOtherRecognizer, related: i)
            case .began, .changed: transition(j, to: .cancelled, reason: .cancelledByOtherRecognizer, related: i)
            case .ended, .cancelled, .recognized, .failed: break
            }
        }
        guard let d = slots[i].device else { return }
        if infos[i].sharesTouches {
            ownershipDirty = true
        } else {
            accept(device: d, from: slots[i].firstSequence, to: slots[i].lastSequence)
        }
    }

    /// possible → failed; then any recognizer held only by this one goes ahead.
    mutating func fail(_ i: Int, reason: TransitionReason, related: Int? = nil, detail: TransitionDetail? = nil) {
        guard slots[i].state == .possible else { return }
        transition(i, to: .failed, reason: reason, related: related, detail: detail)
        for j in infos[i].requiredBy {
            guard let h = slots[j].held, slots[j].state == .possible, !hasPendingRequirement(j) else { continue }
            slots[j].held = nil
            settleMarks.insert(j)
            if let k = exclusiveOwner(against: j) {
                fail(j, reason: .excludedByOtherRecognizer, related: k)
                continue
            }
            switch h {
            case .begin:
                commit(j, to: .began, reason: .requiredFailureHappened)
            case .recognize:
                commit(j, to: .recognized, reason: .requiredFailureHappened)
            case .beginThenEnd(_, let end):
                commit(j, to: .began, reason: .requiredFailureHappened)
                if slots[j].state == .began { transition(j, to: .ended, reason: end) }
            }
        }
    }

    mutating func record(
        _ i: Int, from: GestureState, to: GestureState, reason: TransitionReason, related: Int?,
        detail: TransitionDetail? = nil
    ) {
        if reason == .notReceiving, !settings.recordsNotReceiving { return }
        out.append(
            .transition(
                TransitionRecord(
                    time: now, name: infos[i].name, from: from, to: to, reason: reason,
                    related: related.map { infos[$0].name }, detail: detail)))
    }

    mutating func emitGesture(_ i: Int, state: GestureState) {
        let s = slots[i]
        var deviceKind = s.deviceKind
        var touches: [Touch] = []
        let report = recognizers.report(i)
        if let d = s.device, let k = deviceIndex(d) {
            deviceKind = devices[k].kind
            if deviceKind == .touchscreen, settings.reportsTouches {
                if !report.touches.isEmpty {
                    touches = report.touches
                } else {
                    // Read in place: a copy of the device's tracker would cost more than the event.
                    touches = devices[k].touches.frame.touches
                    if devices[k].touches.frame.phase == .end { touches = devices[k].touches.touchesAt(now) }
                }
            }
        }
        out.append(
            .gesture(
                GestureEvent(
                    time: now, name: infos[i].name, kind: infos[i].kind, state: state, device: s.device ?? 0,
                    deviceKind: deviceKind, target: targets[i], report: report, touches: touches)))
    }
}
