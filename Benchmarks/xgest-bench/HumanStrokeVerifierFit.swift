import XgestCore

/// Fits the built-in gestures' verifiers (``BuiltInStrokes/verifiers``) to human drawings.
///
/// For each gesture g, a logistic regression separates the drawings the verifier must
/// take from those it must turn down, among the strokes whose best match is g:
/// - taken: people's drawings of g;
/// - turned down: people's drawings of other gestures with their own gesture's templates
///   removed (leave one gesture out), and synthetic random walks, straight drags and
///   scribbles from many calibration writers.
///
/// Its features are the best match's score, its lead over the second, the drawing's
/// elongation and its vector turned to g's reference drawing (``StrokeVerifier``). The
/// cut on the log odds maximises taken − λ · turned-down-but-taken, as the score
/// offsets' fit does (``HumanStrokeFit``), and the regression is rescaled so that the
/// cut falls on g's default threshold: verified score = score + correction.
enum HumanStrokeVerifierFit {
    /// L2 penalty on the standardised weights: 0.3 and 1 gave the same held-out figures
    /// within 0.1 point.
    static let penalty = 0.3
    /// λ for a drawing of another gesture taken.
    static let humanImpostorWeight = 0.1
    /// λ for all the synthetic non-gestures together, shared out among the writer sets.
    static let syntheticImpostorWeight = 1.5
    /// Writer sets of synthetic non-gestures. With one set (in a prototype) the fit learnt
    /// its walks one by one and took 2.8 % of the evaluation writers' walks; eleven took
    /// 0.8 %, but 11 of `StrokeClassifierTests`' 1,000 walks (its budget is 10); 22 take
    /// 0.9 % and pass it (docs/strokes.md).
    static let syntheticWriterSets = 22
    /// Synthetic strokes whose best match scores under this are left out of the fit:
    /// nothing verifies them, and they are three quarters of the strokes.
    static let syntheticScoreFloor = 0.4
    /// A gesture with fewer drawings ranked first keeps its plain threshold (the data has
    /// two clockwise circles).
    static let minimumDrawings = 100
    /// A fit whose score weight is below this (log odds per unit of score) is not a
    /// verifier of scores: the gesture keeps its plain threshold.
    static let minimumScoreWeight = 1.0
    /// Weights are rounded to five decimals (× this, rounded, ÷ this), in the fit as in the
    /// shipped table.
    static let roundingScale = 100_000.0

    /// One stroke ranked once by the uncalibrated templates: its three best gestures.
    /// Folds re-rank them with their own offsets; nothing here depends on any fold.
    struct Ranked {
        enum Role {
            /// A person's drawing against every template: taken when ranked as its gesture.
            case drawing(String)
            /// A person's drawing with its own gesture's templates removed: turned down.
            case withoutOwnGesture
            case synthetic
        }

        var role: Role
        /// nil for a synthetic stroke: it is in every fold.
        var source: String?
        var points: [Point]
        var matches: [StrokeMatch]
    }

    static func rank(_ samples: [HumanStroke]) -> [Ranked] {
        let templates = HumanStrokeFit.templates([:])
        let all = StrokeClassifier(templates: templates)
        var withoutFamily: [String: StrokeClassifier] = [:]
        var out: [Ranked] = []
        // As in the offsets' fit, a sample with a pen-up is two partial strokes: left out.
        for s in samples where !s.hasPenUp {
            let family = HumanStrokeFit.family(s.gesture)
            if withoutFamily[family] == nil {
                withoutFamily[family] = StrokeClassifier(
                    templates: templates.filter { HumanStrokeFit.family($0.name) != family })
            }
            out.append(
                Ranked(
                    role: .drawing(s.gesture), source: s.source, points: s.points,
                    matches: all.classify(s.points).matches))
            if let others = withoutFamily[family] {
                out.append(
                    Ranked(
                        role: .withoutOwnGesture, source: s.source, points: s.points,
                        matches: others.classify(s.points).matches))
            }
        }
        for k in 0..<syntheticWriterSets {
            let seed = StrokeBenchmark.calibrationSeed &+ UInt64(k) &* 7919
            for n in HumanStrokeBenchmark.syntheticNonGestures(seed: seed) {
                let matches = all.classify(n.points).matches
                guard let best = matches.first, best.score >= syntheticScoreFloor else { continue }
                out.append(Ranked(role: .synthetic, source: nil, points: n.points, matches: matches))
            }
        }
        return out
    }

    /// Verifiers fitted on the ranked strokes whose source passes `include` (synthetic
    /// strokes always count), for the templates with `offsets`.
    /// A fit: the verifiers, and the regressions behind them to start other folds from.
    struct Fitted {
        var verifiers: [StrokeVerifier] = []
        var models: [String: LogisticRegression] = [:]
    }

    static func verifiers(
        _ ranked: [Ranked], offsets: [String: Double], include: (String) -> Bool, startingFrom start: Fitted? = nil
    ) -> Fitted {
        let classifier = StrokeClassifier(templates: HumanStrokeFit.templates(offsets))
        var rows: [String: (features: [[Double]], taken: [Bool], weight: [Double])] = [:]
        let syntheticWeight = syntheticImpostorWeight / Double(syntheticWriterSets)
        for r in ranked where r.source.map(include) ?? true {
            // The fold's ranking: the uncalibrated best three with the fold's offsets.
            let calibrated = r.matches.map { StrokeMatch(name: $0.name, score: $0.score + (offsets[$0.name] ?? 0)) }
                .sorted { $0.score > $1.score }
            guard let best = calibrated.first, let reference = reference(best.name) else { continue }
            let label: (taken: Bool, weight: Double)
            switch r.role {
            case .drawing(let gesture):
                guard gesture == best.name else { continue }
                label = (true, 1)
            case .withoutOwnGesture: label = (false, humanImpostorWeight)
            case .synthetic: label = (false, syntheticWeight)
            }
            guard let f = StrokeVerifier.features(of: r.points, reference: reference) else { continue }
            let margin = best.score - (calibrated.count > 1 ? calibrated[1].score : 0)
            // Appended in place: a copy of the gesture's rows per stroke is quadratic.
            rows[best.name, default: ([], [], [])].features.append([best.score, margin, f.lnElongation] + f.components)
            rows[best.name, default: ([], [], [])].taken.append(label.taken)
            rows[best.name, default: ([], [], [])].weight.append(label.weight)
        }
        var out = Fitted()
        for name in BuiltInStrokes.templateNames {
            guard let data = rows[name], data.taken.filter({ $0 }).count >= minimumDrawings,
                let reference = reference(name),
                let threshold = classifier.rejectionThreshold(for: name),
                let model = LogisticRegression.fit(
                    rows: data.features, positive: data.taken, weight: data.weight, penalty: penalty,
                    start: start?.models[name]),
                let cut = bestCut(model: model, data.features, data.taken, data.weight),
                let v = verifier(model, cut: cut, threshold: threshold, reference: reference)
            else { continue }
            out.verifiers.append(v)
            out.models[name] = model
        }
        return out
    }

    /// The log odds at and above which strokes are taken, maximising taken − λ · turned
    /// down but taken over the fit's own strokes.
    static func bestCut(model: LogisticRegression, _ features: [[Double]], _ taken: [Bool], _ weight: [Double])
        -> Double?
    {
        let scored = features.indices.map { (model.logit(features[$0]), taken[$0] ? weight[$0] : -weight[$0]) }
            .sorted { $0.0 > $1.0 }
        var total = 0.0
        var best = (cut: Double?.none, value: 0.0)
        for (k, s) in scored.enumerated() {
            total += s.1
            // Cut between this stroke and the next, so ties fall on one side.
            if total > best.value {
                let next = k + 1 < scored.count ? scored[k + 1].0 : s.0 - 1
                best = ((s.0 + next) / 2, total)
            }
        }
        return best.cut
    }

    /// The regression as a correction of the score: with z = a·score + rest and the cut
    /// c, z ≥ c exactly when score + threshold + (rest − c)/a ≥ threshold.
    static func verifier(_ m: LogisticRegression, cut: Double, threshold: Double, reference: StrokeTemplate)
        -> StrokeVerifier?
    {
        let a = m.coefficients[0]
        guard a >= minimumScoreWeight else { return nil }
        func rounded(_ v: Double) -> Double { (v * roundingScale).rounded() / roundingScale }
        return StrokeVerifier(
            reference: reference, bias: rounded(threshold + (m.intercept - cut) / a),
            marginWeight: rounded(m.coefficients[1] / a), elongationWeight: rounded(m.coefficients[2] / a),
            componentWeights: m.coefficients.dropFirst(3).map { rounded($0 / a) })
    }

    /// The gesture's drawing in ``BuiltInStrokes/drawings``.
    static func reference(_ name: String) -> StrokeTemplate? {
        BuiltInStrokes.drawings.first { $0.name == name }
    }

    /// The fitted verifiers as the table in BuiltInStrokeVerifiers.swift.
    static func printTable(_ verifiers: [StrokeVerifier]) {
        print("\nverifier weights fitted on every source (BuiltInStrokes.verifierWeights):")
        for v in verifiers {
            let numbers = [v.bias, v.marginWeight, v.elongationWeight] + v.componentWeights
            print("    \"\(v.reference.name)\": [" + numbers.map { "\($0)" }.joined(separator: ", ") + "],")
        }
    }
}
