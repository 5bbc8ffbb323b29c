import SeededRandom
import XgestCore

/// `xgest-bench strokes --human DIR --recorded-fit`: the two numbers of the recorded
/// drawings' threshold (``StrokeClassifierSettings/recordedConsistencyMarginScore`` and
/// ``StrokeClassifierSettings/recordedThresholdLoweringLimitScore``) chosen leave one
/// source out, so that the user-dependent figures they give are measured on sources they
/// were not chosen on.
///
/// For each source, the rule is chosen on the other nine: of the rules whose random walks
/// stay within 1 % against a person's own drawings alone (E = 2 and 3 pooled), the one that
/// accepts most of those drawings. The chosen rule is then measured on the source left out.
extension HumanStrokeBenchmark {
    struct RecordedRule: Hashable, CustomStringConvertible {
        var margin: Double
        var limit: Double

        var description: String { limit == 0 ? "none" : "\(f2(margin)) / \(f2(limit))" }
    }

    /// No lowering, and a grid of four margins by four limits around the shipped rule.
    static let recordedRules: [RecordedRule] =
        [RecordedRule(margin: 0, limit: 0)]
        + [0.05, 0.1, 0.15, 0.2].flatMap { m in [0.02, 0.04, 0.06, 0.08].map { RecordedRule(margin: m, limit: $0) } }

    /// Counts per rule of one source: drawings taken, and random walks taken.
    struct RecordedRuleCounts {
        var drawings = 0
        var walks = 0
        var own: [Int]
        var asRun: [Int]
        var ownWalks: [Int]
        var asRunWalks: [Int]

        init(rules: Int) {
            own = [Int](repeating: 0, count: rules)
            asRun = own
            ownWalks = own
            asRunWalks = own
        }
    }

    /// One rule's counts summed over sources.
    struct RecordedRuleTotals {
        var own = 0
        var asRun = 0
        var drawings = 0
        var ownWalks = 0
        var asRunWalks = 0
        var walks = 0

        mutating func add(_ source: RecordedRuleCounts, rule k: Int) {
            own += source.own[k]
            asRun += source.asRun[k]
            drawings += source.drawings
            ownWalks += source.ownWalks[k]
            asRunWalks += source.asRunWalks[k]
            walks += source.walks
        }
    }

    static func recordedThresholdHeldOut(_ samples: [HumanStroke], builtIns: [String: StrokeClassifier]) {
        let rules = recordedRules
        let shipped = StrokeClassifierSettings()
        print(
            "\nthe recorded drawings' threshold chosen leave one source out (margin / limit; shipped "
                + "\(RecordedRule(margin: shipped.recordedConsistencyMarginScore, limit: shipped.recordedThresholdLoweringLimitScore))), "
                + "the 58 drawings of another gesture left out, at \(f2(defaultStrokeRejectionThreshold))")
        let walks = syntheticNonGestures(seed: StrokeBenchmark.evaluationSeed).filter { $0.kind == .randomWalk }
        var byPerson: [String: [String: [HumanStroke]]] = [:]
        for s in samples { byPerson[s.person, default: [:]][s.gesture, default: []].append(s) }
        // [E: [source: counts]]
        var counts: [Int: [String: RecordedRuleCounts]] = [:]
        var rng = BenchRandom(seed: 0x05E7_0E1D)
        var walksTried = 0
        for e in [2, 3] {
            for person in byPerson.keys.sorted() {
                guard let gestures = byPerson[person], let source = gestures.values.first?.first?.source,
                    let builtIn = builtIns[source]
                else { continue }
                var tally = counts[e]?[source] ?? RecordedRuleCounts(rules: rules.count)
                let names = drawableNames(gestures, e: e)
                for _ in 0..<userDependentRepetitions {
                    let (templates, candidates) = draw(gestures, names: names, e: e, &rng)
                    let own = withRules(rules, StrokeClassifier(templates: [], recorded: templates))
                    let asRun = withRules(rules, builtIn.recording(templates))
                    for _ in 0..<walksPerDraw {
                        let walk = walks[walksTried % walks.count].points
                        walksTried += 1
                        tally.walks += 1
                        for (k, c) in own.enumerated() where c.classify(walk).verdict == .accepted {
                            tally.ownWalks[k] += 1
                        }
                        for (k, c) in asRun.enumerated() where c.classify(walk).verdict == .accepted {
                            tally.asRunWalks[k] += 1
                        }
                    }
                    for sample in candidates {
                        tally.drawings += 1
                        let ownVerdict = delivered(sample, to: own)
                        let runVerdict = delivered(sample, to: asRun)
                        for k in rules.indices {
                            if ownVerdict.best == sample.gesture && ownVerdict.accepted[k] == sample.gesture {
                                tally.own[k] += 1
                            }
                            if runVerdict.best == sample.gesture && runVerdict.accepted[k] == sample.gesture {
                                tally.asRun[k] += 1
                            }
                        }
                    }
                }
                counts[e, default: [:]][source] = tally
            }
        }
        let sources = Array(Set(samples.map(\.source))).sorted()
        let shippedIndex = rules.firstIndex {
            $0.margin == shipped.recordedConsistencyMarginScore
                && $0.limit == shipped.recordedThresholdLoweringLimitScore
        }
        /// Of the rules whose walks stay within 1 % on `training`, the one that takes most drawings.
        func choose(_ training: [RecordedRuleCounts]) -> Int? {
            let trainingWalks = training.reduce(0) { $0 + $1.walks }
            let eligible = rules.indices.filter { k in
                Double(training.reduce(0) { $0 + $1.ownWalks[k] }) <= 0.01 * Double(trainingWalks)
            }
            return eligible.max { a, b in
                training.reduce(0) { $0 + $1.own[a] } < training.reduce(0) { $0 + $1.own[b] }
            }
        }
        // E = 3, per source: the rule chosen without it, and what it gives there.
        var heldOut = RecordedRuleTotals()
        var fixed = RecordedRuleTotals()
        var choices: [String] = []
        for source in sources {
            let training = [2, 3].flatMap { e in (counts[e] ?? [:]).filter { $0.key != source }.map(\.value) }
            guard let chosen = choose(training), let test = counts[3]?[source] else { continue }
            choices.append("\(source.split(separator: "/").first ?? "") \(rules[chosen])")
            heldOut.add(test, rule: chosen)
            if let k = shippedIndex { fixed.add(test, rule: k) }
        }
        print("  chosen without each source: " + choices.joined(separator: ", "))
        let all = [2, 3].flatMap { e in (counts[e] ?? [:]).map(\.value) }
        print("  chosen on every source: " + (choose(all).map { "\(rules[$0])" } ?? "none within the walks"))
        for (label, c) in [("chosen leave one source out", heldOut), ("the shipped rule", fixed)] {
            print(
                "  E = 3, \(label): as xgest runs it \(percent(c.asRun, c.drawings)) %, random walks "
                    + "\(percent(c.asRunWalks, c.walks)) %; own templates alone \(percent(c.own, c.drawings)) %, "
                    + "random walks \(percent(c.ownWalks, c.walks)) %")
        }
    }

    /// `classifier` under each rule, at the default threshold.
    static func withRules(_ rules: [RecordedRule], _ classifier: StrokeClassifier) -> [StrokeClassifier] {
        rules.map { rule in
            var c = classifier
            c.settings.recordedConsistencyMarginScore = rule.margin
            c.settings.recordedThresholdLoweringLimitScore = rule.limit
            return c
        }
    }
}
