/// Ownership: each tracked sequence (touchscreen, pointer press) gets exactly one
/// decision. Accept when a recognizer covering it begins or recognizes; reject as soon as
/// no recognizer covering it is still in the running. Recognizers that share their touches
/// (`cancels-touches = false`) neither hold a sequence nor accept it: once only they are
/// left, it is rejected as `shared`, and they go on watching it.
///
/// A rejected touchscreen sequence is over for xgest: the application has the rest of its
/// touches. The engine ends them itself, where they last were, at the decision's time
/// (``EngineOutput/handedBack(_:)``), so that the next touch on the device starts a new
/// sequence; the X layer only drops what the server still sends of them. Replay and the
/// daemon share this rule because it lives here.
extension GestureEngine {
    mutating func accept(device: Int, from first: SequenceID, to last: SequenceID) {
        var u = 0
        while u < undecided.count {
            let s = undecided[u]
            if s.device == device && first <= s.sequence && s.sequence <= last {
                decide(u, .accept)
            } else {
                u += 1
            }
        }
    }

    @inline(__always)
    mutating func settleOwnershipIfNeeded() {
        // Most events decide nothing: nothing to do, and no call.
        guard ownershipDirty || !handBacks.isEmpty else { return }
        rejectUnclaimed()
        endHandedBackTouches()
    }

    private mutating func rejectUnclaimed() {
        guard ownershipDirty else { return }
        ownershipDirty = false
        var u = 0
        while u < undecided.count {
            if findClaimer(u) {
                u += 1
            } else {
                let s = undecided[u]
                decide(u, .reject, shared: isWatched(s) && s.kind == .touchscreen)
            }
        }
    }

    /// Whether a recognizer still in the running covers undecided sequence `u` and holds its
    /// touches. The search starts where the last one was found, wraps around, and keeps
    /// where it found one for next time.
    private mutating func findClaimer(_ u: Int) -> Bool {
        let s = undecided[u]
        let kind = s.kind.index
        let n = slotsByKind[kind].count
        var position = s.claimerPosition < n ? s.claimerPosition : 0
        for _ in 0..<n {
            let j = slotsByKind[kind][position]
            if !slots[j].state.isTerminal && slots[j].device == s.device && slots[j].covers(s.sequence)
                && !infos[j].sharesTouches
            {
                undecided[u].claimerPosition = position
                return true
            }
            position = position + 1 == n ? 0 : position + 1
        }
        return false
    }

    /// Whether a recognizer still in the running that shares its touches covers `s`.
    private func isWatched(_ s: UndecidedSequence) -> Bool {
        for j in slotsByKind[s.kind.index]
        where !slots[j].state.isTerminal && slots[j].device == s.device && slots[j].covers(s.sequence)
            && infos[j].sharesTouches
        {
            return true
        }
        return false
    }

    /// Ends the touches of rejected sequences, each where it last was. Ending them settles
    /// the recognizers left on the device, which may reject more sequences: those end in
    /// the same loop.
    private mutating func endHandedBackTouches() {
        while !handBacks.isEmpty {
            let (k, sequence, ids) = handBacks.removeFirst()
            let device = deviceIDs[k]
            for id in ids {
                guard let touch = devices[k].touches.frame.touches.first(where: { $0.id == id }) else { continue }
                devices[k].handedBack.add(id, of: sequence, landedAt: touch.startTime)
                out.append(
                    .handedBack(HandedBackTouch(time: now, device: device, touchID: id, location: touch.location)))
                handleTouch(
                    TouchSample(id: id, phase: .end, location: touch.location), device: device, time: now,
                    startTarget: nil)
            }
            rejectUnclaimed()
        }
    }

    /// Emits the decision for undecided sequence `u` and forgets it; a sequence still
    /// running remembers the verdict for touches that land later.
    private mutating func decide(_ u: Int, _ verdict: OwnershipVerdict, shared: Bool = false) {
        let s = undecided.remove(at: u)
        guard let k = deviceIndex(s.device) else { return }
        if devices[k].sequence == s.sequence {
            devices[k].verdict = verdict
            devices[k].shared = shared
        }
        emitDecision(verdict, device: k, sequence: s.sequence, touchIDs: s.touchIDs, button: s.button, shared: shared)
    }

    /// A finger landing on touchscreen `k` while the fingers of a sequence handed back are
    /// down, just after the last of them (``HandedBackFingers``): it is one more of them,
    /// handed back at once, and no recognizer sees it.
    mutating func handBackLateFinger(_ id: UInt32, device k: Int) {
        let sequence = devices[k].handedBack.sequence
        devices[k].handedBack.add(id, of: sequence, landedAt: now)
        out.append(
            .ownership(
                OwnershipDecision(
                    time: now, verdict: .reject, device: deviceIDs[k], deviceKind: .touchscreen, sequence: sequence,
                    touchIDs: [id], button: nil, reason: .joinsTouchesHandedBack)))
    }

    /// A shared sequence's touches go on for xgest: only an unshared reject ends them.
    mutating func emitDecision(
        _ verdict: OwnershipVerdict, device k: Int, sequence: SequenceID, touchIDs: [UInt32], button: Int?,
        shared: Bool = false
    ) {
        if verdict == .reject, !shared, devices[k].kind == .touchscreen, !touchIDs.isEmpty {
            handBacks.append((k, sequence, touchIDs))
        }
        out.append(
            .ownership(
                OwnershipDecision(
                    time: now, verdict: verdict, device: devices[k].device, deviceKind: devices[k].kind,
                    sequence: sequence, touchIDs: touchIDs, button: button, shared: shared)))
    }
}
