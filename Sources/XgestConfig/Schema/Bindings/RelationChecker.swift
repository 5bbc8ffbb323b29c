import XgestCore

/// Checks `requires-failure-of`, `simultaneous-with`, `prevents` and `prevented-by` once
/// every binding is read:
/// unknown and self references, and requirement cycles (the default that a tap waits for
/// a tap with more taps of the same fingers counts too).
extension SchemaContext {
    mutating func resolveRelations(_ drafts: inout [BindingDraft]) {
        // Looked up in a set: a search of the list for each relation made a chain of
        // 40,000 bindings, each naming the next, take most of a minute to check.
        let names = Names(list: drafts.map(\.binding.name))
        for i in drafts.indices {
            drafts[i].binding.requiresFailureOf = checkNames(drafts[i].requires, of: drafts[i].binding.name, in: names)
            drafts[i].binding.simultaneousWith = checkNames(
                drafts[i].simultaneous, of: drafts[i].binding.name, in: names)
            drafts[i].binding.prevents = drafts[i].prevents.map {
                checkNames($0, of: drafts[i].binding.name, in: names)
            }
            drafts[i].binding.preventedBy = drafts[i].preventedBy.map {
                checkNames($0, of: drafts[i].binding.name, in: names)
            }
        }
        reportCycle(drafts)
    }

    private mutating func checkNames(_ items: [(String, ConfigValue)], of owner: String, in names: Names) -> [String] {
        var out: [String] = []
        // Whether a name is out already, at once: a search of the list made a binding
        // simultaneous with 300 others cost 45,000 comparisons.
        var seen = Set<String>()
        for (name, value) in items {
            if name == owner {
                error("a binding cannot be related to itself (\(quoteBasic(name)))", at: value.range)
            } else if names.set.contains(name) {
                if seen.insert(name).inserted { out.append(name) }
            } else {
                missing(
                    "no binding is named \(quoteBasic(name))\(Suggestions.didYouMean(name, in: names.list))",
                    at: value.range
                )
            }
        }
        return out
    }

    /// The bindings' names in order (a suggestion goes to the earlier of two as close),
    /// and as a set.
    private struct Names {
        var list: [String]
        var set: Set<String>
        init(list: [String]) {
            self.list = list
            set = Set(list)
        }
    }

    private mutating func reportCycle(_ drafts: [BindingDraft]) {
        let index = Dictionary(drafts.enumerated().map { ($1.binding.name, $0) }, uniquingKeysWith: { a, _ in a })
        var edges: [[Int]] = drafts.map { d in d.binding.requiresFailureOf.compactMap { index[$0] } }
        // The tap default, as the engine adds it (``DefaultTapWaits``). Taps are touchscreen
        // gestures only, so the device kind the engine compares too is the same for all.
        let taps = drafts.enumerated().compactMap { i, d in
            d.binding.kind == .tap
                ? DefaultTapWaits.Tap(
                    index: i, device: .touchscreen,
                    profile: MultiTapProfile(
                        taps: d.binding.taps ?? 1, touches: d.binding.fingers(on: .touchscreen) ?? 1),
                    takesDefault: true) : nil
        }
        var steps = 0
        for (i, waits) in DefaultTapWaits.waits(of: taps, steps: &steps) where !waits.isEmpty {
            // Each other tap comes once: only a relation written out can repeat it.
            let written = Set(edges[i])
            for j in waits where j != i && !written.contains(j) { edges[i].append(j) }
        }
        guard var cycle = WaitCycle.first(in: edges) else { return }
        // Point at a relation the user wrote (the cycle may also use the tap default).
        let explicit = cycle.indices.dropLast().first { k in
            drafts[cycle[k]].binding.requiresFailureOf.contains(drafts[cycle[k + 1]].binding.name)
        }
        if let k = explicit {
            cycle = Array(cycle[k..<(cycle.count - 1)] + cycle[0..<k]) + [cycle[k]]
        }
        let first = drafts[cycle[0]]
        let path = cycle.map { quoteBasic(drafts[$0].binding.name) }.joined(separator: " → ")
        let implicit = cycle.indices.dropLast().contains { k in
            !drafts[cycle[k]].binding.requiresFailureOf.contains(drafts[cycle[k + 1]].binding.name)
        }
        let range = first.table[BindingKey.requiresFailureOf.rawValue]?.value.range ?? first.table.range
        error(
            "bindings wait for each other to fail in a cycle, so none could ever be recognized: \(path)"
                + (implicit ? " (a tap waits for a tap with more taps of the same fingers by default)" : ""),
            at: range)
    }
}
