/// Ownership: each tracked sequence (touchscreen, pointer press) gets exactly one
/// decision. Accept when a recognizer covering it begins or recognizes; reject as soon as
/// no recognizer covering it is still in the running.
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

    mutating func settleOwnershipIfNeeded() {
        guard ownershipDirty else { return }
        ownershipDirty = false
        var u = 0
        while u < undecided.count {
            let s = undecided[u]
            let claimed = slots.contains { !$0.state.isTerminal && $0.covers(s.sequence) && $0.device == s.device }
            if claimed {
                u += 1
            } else {
                decide(u, .reject)
            }
        }
    }

    /// Emits the decision for undecided sequence `u` and forgets it; a sequence still
    /// running remembers the verdict for touches that land later.
    private mutating func decide(_ u: Int, _ verdict: OwnershipVerdict) {
        let s = undecided.remove(at: u)
        guard let k = deviceIndex(s.device) else { return }
        if devices[k].sequence == s.sequence { devices[k].verdict = verdict }
        emitDecision(verdict, device: k, sequence: s.sequence, touchIDs: s.touchIDs, button: s.button)
    }

    mutating func emitDecision(
        _ verdict: OwnershipVerdict, device k: Int, sequence: SequenceID, touchIDs: [UInt32], button: Int?
    ) {
        out.append(
            .ownership(
                OwnershipDecision(
                    time: now, verdict: verdict, device: devices[k].device, deviceKind: devices[k].kind,
                    sequence: sequence, touchIDs: touchIDs, button: button)))
    }
}
