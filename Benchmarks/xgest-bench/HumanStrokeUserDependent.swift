import SeededRandom
import XgestCore

/// The user-dependent tables of `xgest-bench strokes --human`: templates from a person's
/// own drawings.
extension HumanStrokeBenchmark {
    /// Draws of templates per person and E; every other drawing of the person is a
    /// candidate in each.
    static let userDependentRepetitions = 5
    /// Random walks classified per draw: 13,400 in all per E.
    static let walksPerDraw = 40
    static let userDependentThresholds = [0.70, 0.72, 0.75]

    /// A sample as a template recorded under its gesture's name; a circle turns freely
    /// (its start point is anywhere), as the built-in circles do.
    static func template(_ s: HumanStroke) -> StrokeTemplate {
        let tolerance = s.gesture.hasPrefix("circle") ? Double.pi : defaultStrokeRotationToleranceRadians
        return StrokeTemplate(name: s.gesture, points: s.points, rotationToleranceRadians: tolerance)
    }

    /// The person's own templates alone, then beside the built-ins; each with every sample
    /// as labelled and with the drawings of another gesture left out.
    /// `noisePx` (`--noise PX`): Gaussian noise of that many pixels on every point of the
    /// templates and the candidates alike, as a noisy touchscreen would add to the drawings
    /// a person records and to those they draw.
    static func userDependentTables(
        _ samples: [HumanStroke], audited: [HumanStroke], builtIns: [String: StrokeClassifier], asLabelled: String,
        leftOut: String, noisePx: Double = 0
    ) {
        userDependent(samples, builtIns: nil, which: asLabelled, noisePx: noisePx)
        userDependent(audited, builtIns: nil, which: leftOut, noisePx: noisePx)
        userDependent(samples, builtIns: builtIns, which: asLabelled, noisePx: noisePx)
        userDependent(audited, builtIns: builtIns, which: leftOut, noisePx: noisePx)
    }

    /// The $1 paper's protocol: for each person and E, repeatedly pick E of their samples
    /// of every gesture as templates and the others as candidates (the paper took one
    /// other at random per gesture: alike on average, but every drawing counts alike
    /// here). The person's samples are recorded templates (``StrokeClassifier``'s
    /// `recorded`), as xgest holds the drawings a user recorded. With `builtIns` (per
    /// source, the built-ins with the offsets and verifiers fitted without it), they sit
    /// beside the built-ins, as xgest runs recorded samples of a built-in's name
    /// (`xgest record-stroke check` adds to `check`).
    ///
    /// A template is a drawing `xgest record-stroke` could have recorded: one stroke, so
    /// never a sample with a pen-up jump (its redraw would have been a second recording).
    /// A candidate is delivered stroke by stroke, as in every other table
    /// (``delivered(_:to:)``).
    ///
    /// `which` says which samples these are: every sample as labelled, or all but the
    /// drawings of another gesture than their label (``HumanStrokeLabelAudit``).
    static func userDependent(
        _ samples: [HumanStroke], builtIns: [String: StrokeClassifier]?, which: String, noisePx: Double = 0
    ) {
        let thresholds = userDependentThresholds
        print(
            builtIns != nil
                ? "\nuser-dependent as xgest runs it: the built-in templates and E of the person's own samples; \(which)"
                : "\nuser-dependent: E templates from the person's own samples ($1 protocol, circle by direction); \(which)"
        )
        if noisePx > 0 { print("with Gaussian noise of \(f2(noisePx)) px on every point of templates and candidates") }
        print("accepted % / random walks accepted % at stroke-threshold:")
        print(pad("E", 4) + pad("top-1 %", 10) + thresholds.map { pad(f2($0), 14) }.joined())
        let walks = syntheticNonGestures(seed: StrokeBenchmark.evaluationSeed).filter { $0.kind == .randomWalk }
        var byPerson: [String: [String: [HumanStroke]]] = [:]
        for s in samples { byPerson[s.person, default: [:]][s.gesture, default: []].append(s) }
        var rng = BenchRandom(seed: 0x05E7_0E1D)
        var hardShares: [String] = []
        // Single strokes and samples with a pen-up (redraws) apart, at the default threshold.
        let middle = thresholds.firstIndex(of: defaultStrokeRejectionThreshold) ?? 0
        var byKind: [(e: Int, single: KindTally, penUp: KindTally)] = []
        for e in [1, 2, 3, 5] {
            var single = KindTally()
            var penUp = KindTally()
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
                let names = drawableNames(gestures, e: e)
                for _ in 0..<userDependentRepetitions {
                    let (templates, candidates) = draw(gestures, names: names, e: e, noisePx: noisePx, &rng)
                    let ownOnly = StrokeClassifier(templates: [], recorded: templates)
                    let builtIn = builtIns?[source]
                    let classifier = builtIn?.recording(templates) ?? ownOnly
                    let byThreshold = atThresholds(thresholds, classifier)
                    for _ in 0..<walksPerDraw {
                        let walk = walks[walksTried % walks.count].points
                        walksTried += 1
                        for (k, c) in byThreshold.enumerated() where c.classify(walk).verdict == .accepted {
                            walksAccepted[k] += 1
                        }
                    }
                    for clean in candidates {
                        let sample = clean.withNoise(sigmaPx: noisePx, salt: Self.candidateNoiseSalt)
                        total += 1
                        let verdict = delivered(sample, to: byThreshold)
                        let right = verdict.best == sample.gesture
                        let taken = right && verdict.accepted[middle] == sample.gesture
                        if sample.hasPenUp {
                            penUp.add(right: right, accepted: taken)
                        } else {
                            single.add(right: right, accepted: taken)
                        }
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
            byKind.append((e, single, penUp))
        }
        print(
            "at \(f2(thresholds[middle])), top-1 / accepted %: single strokes "
                + byKind.map { "E = \($0.e) \($0.single)" }.joined(separator: ", ") + "; samples with a pen-up "
                + byKind.map { "E = \($0.e) \($0.penUp)" }.joined(separator: ", "))
        if builtIns != nil {
            print(
                "drawings ranked wrong that the person's own templates alone and the built-ins alone rank wrong too: "
                    + hardShares.joined(separator: ", "))
        }
    }
}

extension HumanStrokeBenchmark {
    /// The noise of a drawing as a template and as a candidate differ.
    static let templateNoiseSalt: UInt64 = 1
    static let candidateNoiseSalt: UInt64 = 2

    /// A person's gestures with more than `e` drawings, `e` of them single strokes: those a
    /// draw of `e` templates can be made of.
    static func drawableNames(_ gestures: [String: [HumanStroke]], e: Int) -> [String] {
        gestures.keys.sorted().filter { name in
            let pool = gestures[name] ?? []
            return pool.count > e && pool.filter { !$0.hasPenUp }.count >= e
        }
    }

    /// One draw of the $1 protocol for a person: of each of `names`, `e` single strokes
    /// picked at random as templates, and every other drawing a candidate. Taking the first
    /// of a shuffled pool that is not chosen would favour the samples that can never be
    /// chosen (those with a pen-up): at E = 3 they were 8.4 % of the candidates against
    /// 2.6 % of the samples.
    static func draw(
        _ gestures: [String: [HumanStroke]], names: [String], e: Int, noisePx: Double = 0, _ rng: inout BenchRandom
    ) -> (templates: [StrokeTemplate], candidates: [HumanStroke]) {
        var templates: [StrokeTemplate] = []
        var candidates: [HumanStroke] = []
        for name in names {
            guard let pool = gestures[name] else { continue }
            let chosen = Array(pool.indices.filter { !pool[$0].hasPenUp }.shuffled(using: &rng).prefix(e))
            templates += chosen.map { template(pool[$0].withNoise(sigmaPx: noisePx, salt: templateNoiseSalt)) }
            candidates += pool.indices.filter { !chosen.contains($0) }.map { pool[$0] }
        }
        return (templates, candidates)
    }
}

/// Candidates of one kind in a user-dependent table: how many, ranked right, accepted.
struct KindTally: CustomStringConvertible {
    var count = 0
    var right = 0
    var accepted = 0

    mutating func add(right isRight: Bool, accepted isAccepted: Bool) {
        count += 1
        if isRight { right += 1 }
        if isAccepted { accepted += 1 }
    }

    var description: String {
        StrokeBenchmark.percent(right, count) + " / " + StrokeBenchmark.percent(accepted, count) + " (\(count))"
    }
}
