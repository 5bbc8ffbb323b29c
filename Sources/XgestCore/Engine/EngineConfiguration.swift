/// Turns registrations into slot records: resolves relation names to indices, adds the
/// default tap relations, and refuses duplicate names, unknown names and requirement cycles.
func buildSlots(_ registrations: [RecognizerRegistration]) throws(EngineConfigurationError) -> [SlotInfo] {
    var index: [String: Int] = [:]
    for (i, r) in registrations.enumerated() {
        guard index[r.name] == nil else { throw .duplicateName(r.name) }
        index[r.name] = i
    }
    var slots = registrations.map(SlotInfo.init)
    for (i, r) in registrations.enumerated() {
        for n in r.requiresFailureOf {
            guard let j = index[n] else { throw .unknownRecognizer(name: n, referencedBy: r.name) }
            if j != i, !slots[i].requires.contains(j) { slots[i].requires.append(j) }
        }
        if let names = r.prevents {
            slots[i].canPrevent = try names.map { n throws(EngineConfigurationError) in
                guard let j = index[n] else { throw .unknownRecognizer(name: n, referencedBy: r.name) }
                return j
            }
        }
        if let names = r.preventedBy {
            slots[i].canBePreventedBy = try names.map { n throws(EngineConfigurationError) in
                guard let j = index[n] else { throw .unknownRecognizer(name: n, referencedBy: r.name) }
                return j
            }
        }
        for n in r.simultaneousWith {
            guard let j = index[n] else { throw .unknownRecognizer(name: n, referencedBy: r.name) }
            if j != i, !slots[i].simultaneous.contains(j) { slots[i].simultaneous.append(j) }
            if j != i, !slots[j].simultaneous.contains(i) { slots[j].simultaneous.append(i) }
        }
    }
    // A tap waits for taps that need more taps of the same fingers on the same device kind.
    // Compared on plain numbers gathered once: copying each registration in an inner loop
    // over every other made 2,000 taps take half a second to start.
    let taps = registrations.enumerated().compactMap { i, r in
        r.recognizer.multiTapProfile.map {
            (index: i, device: r.deviceKind, profile: $0, defaults: r.defaultTapRelations)
        }
    }
    for mine in taps where mine.defaults {
        // Each other tap comes once: only a relation written out can repeat it.
        let written = Set(slots[mine.index].requires)
        for theirs in taps
        where theirs.index != mine.index && theirs.device == mine.device
            && mine.profile.waitsByDefault(for: theirs.profile) && !written.contains(theirs.index)
        {
            slots[mine.index].requires.append(theirs.index)
        }
    }
    for i in slots.indices {
        for j in slots[i].requires { slots[j].requiredBy.append(i) }
    }
    if let cycle = WaitCycle.first(in: slots.map(\.requires)) { throw .requirementCycle(cycle.map { slots[$0].name }) }
    return slots
}
