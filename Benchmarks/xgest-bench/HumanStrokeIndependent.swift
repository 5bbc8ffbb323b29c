import XgestCore

/// `xgest-bench strokes --independent DIR`: the shipped classifier on human drawings nothing
/// was fitted or chosen on, such as the $1 recognizer's 2007 logs
/// (`scripts/dollar-logs-to-jsonl.py` converts them).
///
/// The calibration folder of `--human` tunes the built-ins' offsets and verifiers, and its
/// drawings were looked at to choose the templates; its held-out figures are held out from
/// the fits only. Here every figure is on drawings no choice saw: the shipped offsets and
/// verifiers, the person's own drawings as recorded templates. A gesture the built-ins do
/// not have (the logs' question mark) counts, user-independent, as a drawing of no gesture:
/// accepting it is a false accept.
extension HumanStrokeBenchmark {
    /// `oneStroke`: the data holds one stroke per sample (``HumanStroke/isOneStroke``), as the
    /// $1 logs do.
    static func independent(directory: String, oneStroke: Bool) {
        guard var samples = HumanStrokeData.loadReporting(directory: directory) else { return }
        for i in samples.indices { samples[i].isOneStroke = oneStroke }
        let sources = Array(Set(samples.map(\.source))).sorted()
        print(
            "independent check: \(samples.count) samples of \(Set(samples.map(\.label)).count) gestures, "
                + "\(sources.joined(separator: ", ")), \(Set(samples.map(\.person)).count) people; "
                + "shipped offsets and verifiers, threshold \(f2(defaultStrokeRejectionThreshold))"
                + (oneStroke ? "; one stroke per sample" : ""))
        let known = Set(BuiltInStrokes.templateNames)
        let shipped = samples.map { delivered($0, to: StrokeClassifier.builtIn) }
        independentUserIndependent(samples, shipped, known: known)
        independentGroups("per person", samples, shipped, known: known, key: \.subject)
        independentFalseAccepts(samples, known: known)
        let builtIns = Dictionary(uniqueKeysWithValues: sources.map { ($0, StrokeClassifier.builtIn) })
        userDependent(samples, builtIns: nil, which: "every sample")
        userDependent(samples, builtIns: builtIns, which: "every sample")
        recognizerTimeLimits(samples.filter { known.contains($0.gesture) })
    }

    /// Accepted as the right gesture, per built-in gesture; a gesture with no built-in is
    /// listed apart with its drawings accepted as any gesture.
    static func independentUserIndependent(
        _ samples: [HumanStroke], _ shipped: [(best: String?, accepted: String?)], known: Set<String>
    ) {
        print("\nuser-independent, built-in templates (shipped): accepted as the right gesture")
        print(pad("gesture", 15) + pad("n", 7) + pad("top-1 %", 10) + "accepted %")
        var rows: [String: (n: Int, top: Int, ok: Int)] = [:]
        for (s, c) in zip(samples, shipped) {
            let r = rows[s.gesture, default: (0, 0, 0)]
            rows[s.gesture] = (r.n + 1, r.top + (c.best == s.gesture ? 1 : 0), r.ok + (c.accepted == s.gesture ? 1 : 0))
        }
        var all = (n: 0, top: 0, ok: 0)
        for name in BuiltInStrokes.templateNames {
            guard let r = rows[name] else { continue }
            all = (all.n + r.n, all.top + r.top, all.ok + r.ok)
            print(pad(name, 15) + pad("\(r.n)", 7) + pad(percent(r.top, r.n), 10) + percent(r.ok, r.n))
        }
        print(pad("all", 15) + pad("\(all.n)", 7) + pad(percent(all.top, all.n), 10) + percent(all.ok, all.n))
        for name in rows.keys.sorted() where !known.contains(name) {
            let taken = zip(samples, shipped).filter { $0.0.gesture == name && $0.1.accepted != nil }
            let n = rows[name]?.n ?? 0
            let names = Dictionary(grouping: taken, by: { $0.1.accepted ?? "" }).mapValues(\.count)
                .sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(4).map { "\($0.key) \($0.value)" }
            print(
                "\(name) (no built-in): \(n) drawings, \(percent(taken.count, n)) % accepted as a built-in gesture"
                    + (names.isEmpty ? "" : " (" + names.joined(separator: ", ") + ")"))
        }
    }

    static func independentGroups(
        _ title: String, _ samples: [HumanStroke], _ shipped: [(best: String?, accepted: String?)],
        known: Set<String>, key: KeyPath<HumanStroke, String>
    ) {
        print("\n\(title): accepted as the right gesture (shipped), drawings of built-in gestures")
        var rows: [String: (n: Int, ok: Int)] = [:]
        for (s, c) in zip(samples, shipped) where known.contains(s.gesture) {
            let r = rows[s[keyPath: key], default: (0, 0)]
            rows[s[keyPath: key]] = (r.n + 1, r.ok + (c.accepted == s.gesture ? 1 : 0))
        }
        let lines = rows.sorted { $0.key < $1.key }.map { "\($0.key) \(percent($0.value.ok, $0.value.n))" }
        // Four to a line: thirty people fit a screen.
        for start in stride(from: 0, to: lines.count, by: 4) {
            print("  " + lines[start..<min(start + 4, lines.count)].joined(separator: ", "))
        }
    }

    /// Leave one gesture out with the shipped offsets and verifiers, and what the built-ins
    /// make of a gesture they do not have.
    static func independentFalseAccepts(_ samples: [HumanStroke], known: Set<String>) {
        print("\nleave one gesture out (shipped): drawings accepted as another gesture once their own is removed")
        let logo = leaveOneGestureOut(
            samples, offsets: BuiltInStrokes.scoreOffsets, verifiers: BuiltInStrokes.verifiers,
            where: { known.contains($0.gesture) })
        var byGesture: [String: (n: Int, taken: Int)] = [:]
        for (i, name) in logo {
            let r = byGesture[samples[i].gesture, default: (0, 0)]
            byGesture[samples[i].gesture] = (r.n + 1, r.taken + (name != "-" ? 1 : 0))
        }
        let all = byGesture.values.reduce((n: 0, taken: 0)) { ($0.n + $1.n, $0.taken + $1.taken) }
        print(
            "  per gesture %: "
                + BuiltInStrokes.templateNames.compactMap { name in
                    byGesture[name].map { "\(name) \(percent($0.taken, $0.n))" }
                }.joined(separator: ", "))
        print("  all: \(percent(all.taken, all.n)) % of \(all.n)")
    }
}
