import XgestCore

/// The user-dependent tables of `xgest-bench strokes --human`: templates from a person's
/// own drawings.
extension HumanStrokeBenchmark {
    static let userDependentRepetitions = 20
    static let userDependentThresholds = [0.70, 0.72, 0.75]

    /// A sample as a template recorded under its gesture's name; a circle turns freely
    /// (its start point is anywhere), as the built-in circles do.
    static func template(_ s: HumanStroke) -> StrokeTemplate {
        let tolerance = s.gesture.hasPrefix("circle") ? Double.pi : defaultStrokeRotationToleranceRadians
        return StrokeTemplate(name: s.gesture, points: s.points, rotationToleranceRadians: tolerance)
    }

    /// The $1 paper's protocol: for each person and E, repeatedly pick E of their samples
    /// of every gesture as templates and one other as the candidate. With `builtIns` (per
    /// source, the built-ins with the offsets and verifiers fitted without it), the
    /// person's samples are recorded templates beside the built-ins, as xgest runs
    /// recorded samples of a built-in's name (`xgest record-stroke check` adds to `check`).
    ///
    /// A template is a drawing `xgest record-stroke` could have recorded: one stroke, so
    /// never a sample with a pen-up jump (its redraw would have been a second recording).
    /// A candidate is delivered stroke by stroke, as in every other table
    /// (``delivered(_:to:thresholds:)``).
    ///
    /// `which` says which samples these are: every sample as labelled, or all but the
    /// drawings of another gesture than their label (``HumanStrokeLabelAudit``).
    static func userDependent(_ samples: [HumanStroke], builtIns: [String: StrokeClassifier]?, which: String) {
        let thresholds = userDependentThresholds
        print(
            builtIns != nil
                ? "\nuser-dependent as xgest runs it: the built-in templates and E of the person's own samples; \(which)"
                : "\nuser-dependent: E templates from the person's own samples ($1 protocol, circle by direction); \(which)"
        )
        print("accepted % / random walks accepted % at stroke-threshold:")
        print(pad("E", 4) + pad("top-1 %", 10) + thresholds.map { pad(f2($0), 14) }.joined())
        let walks = syntheticNonGestures(seed: StrokeBenchmark.evaluationSeed).filter { $0.kind == .randomWalk }
        var byPerson: [String: [String: [HumanStroke]]] = [:]
        for s in samples { byPerson[s.person, default: [:]][s.gesture, default: []].append(s) }
        var rng = BenchRandom(seed: 0x05E7_0E1D)
        var hardShares: [String] = []
        for e in [1, 2, 3, 5] {
            var top = 0
            var total = 0
            var accepted = [Int](repeating: 0, count: thresholds.count)
            var walksAccepted = [Int](repeating: 0, count: thresholds.count)
            var walksTried = 0
            var missed = 0
            var missedByBothAlone = 0
            for person in byPerson.keys.sorted() {
                guard let gestures = byPerson[person], let source = gestures.values.first?.first?.source else {
                    continue
                }
                let names = gestures.keys.sorted().filter { name in
                    let pool = gestures[name] ?? []
                    return pool.count > e && pool.filter { !$0.hasPenUp }.count >= e
                }
                for _ in 0..<userDependentRepetitions {
                    var templates: [StrokeTemplate] = []
                    var candidates: [HumanStroke] = []
                    for name in names {
                        guard let pool = gestures[name] else { continue }
                        var order = Array(pool.indices)
                        order.shuffle(using: &rng)
                        let chosen = Array(order.filter { !pool[$0].hasPenUp }.prefix(e))
                        templates += chosen.map { template(pool[$0]) }
                        if let candidate = order.first(where: { !chosen.contains($0) }) {
                            candidates.append(pool[candidate])
                        }
                    }
                    let ownOnly = StrokeClassifier(templates: templates)
                    let builtIn = builtIns?[source]
                    let classifier = builtIn?.recording(templates) ?? ownOnly
                    for _ in 0..<10 {
                        let c = classifier.classify(walks[walksTried % walks.count].points)
                        walksTried += 1
                        for (k, t) in thresholds.enumerated() where passes(c, t, in: classifier) {
                            walksAccepted[k] += 1
                        }
                    }
                    for sample in candidates {
                        total += 1
                        let verdict = delivered(sample, to: classifier, thresholds: thresholds)
                        guard verdict.best == sample.gesture else {
                            missed += 1
                            // Ranked wrong by the person's own drawings alone and by the
                            // built-ins alone too: no mixing of the two would rank it right.
                            if let builtIn, delivered(sample, to: ownOnly).best != sample.gesture,
                                delivered(sample, to: builtIn).best != sample.gesture
                            {
                                missedByBothAlone += 1
                            }
                            continue
                        }
                        top += 1
                        for k in thresholds.indices where verdict.accepted[k] == sample.gesture { accepted[k] += 1 }
                    }
                }
            }
            print(
                pad("\(e)", 4) + pad(percent(top, total), 10)
                    + thresholds.indices.map {
                        pad(percent(accepted[$0], total) + " / " + percent(walksAccepted[$0], walksTried), 14)
                    }.joined())
            hardShares.append("E = \(e) \(percent(missedByBothAlone, missed)) %")
        }
        if builtIns != nil {
            print(
                "drawings ranked wrong that the person's own templates alone and the built-ins alone rank wrong too: "
                    + hardShares.joined(separator: ", "))
        }
    }
}
