/// Turns registrations into slot records: resolves relation names to indices, adds the
/// default tap relations, and refuses duplicate names, unknown names and requirement cycles.
func buildSlots(_ registrations: [RecognizerRegistration]) throws(EngineConfigurationError) -> [SlotInfo] {
    var steps = 0
    return try buildSlots(registrations, tapSteps: &steps)
}

/// ``buildSlots(_:)``, counting in `tapSteps` the work of the tap default
/// (``DefaultTapWaits``), for the test of its growth.
func buildSlots(
    _ registrations: [RecognizerRegistration], tapSteps: inout Int
) throws(EngineConfigurationError) -> [SlotInfo] {
    var index: [String: Int] = [:]
    for (i, r) in registrations.enumerated() {
        guard index[r.name] == nil else { throw .duplicateName(r.name) }
        index[r.name] = i
    }
    var slots = registrations.map(SlotInfo.init)
    // The lists keep the order relations were written in; these sets say at once whether
    // one is there already, where a search of the list made 1,500 taps each simultaneous
    // with 300 others take seconds.
    var simultaneous = [Set<Int>](repeating: [], count: slots.count)
    for (i, r) in registrations.enumerated() {
        var requires = Set<Int>()
        for n in r.requiresFailureOf {
            guard let j = index[n] else { throw .unknownRecognizer(name: n, referencedBy: r.name) }
            if j != i, requires.insert(j).inserted { slots[i].requires.append(j) }
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
            if j != i, simultaneous[i].insert(j).inserted { slots[i].simultaneous.append(j) }
            if j != i, simultaneous[j].insert(i).inserted { slots[j].simultaneous.append(i) }
        }
    }
    // A tap waits for taps that need more taps of the same fingers on the same device kind.
    let taps = registrations.enumerated().compactMap { i, r in
        r.recognizer.multiTapProfile.map {
            DefaultTapWaits.Tap(index: i, device: r.deviceKind, profile: $0, takesDefault: r.defaultTapRelations)
        }
    }
    for (i, waits) in DefaultTapWaits.waits(of: taps, steps: &tapSteps) where !waits.isEmpty {
        // Each other tap comes once: only a relation written out can repeat it.
        let written = Set(slots[i].requires)
        for j in waits where j != i && !written.contains(j) { slots[i].requires.append(j) }
    }
    for i in slots.indices {
        for j in slots[i].requires { slots[j].requiredBy.append(i) }
    }
    if let cycle = WaitCycle.first(in: slots.map(\.requires)) { throw .requirementCycle(cycle.map { slots[$0].name }) }
    return slots
}
