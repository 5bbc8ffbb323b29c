import XgestCore

/// Fits the built-in gestures' score offsets (``BuiltInStrokes/scoreOffsets``) to human
/// drawings.
///
/// Each gesture g gets its own threshold t_g on the uncalibrated scores: the one that
/// maximises (right drawings of g whose best match is g and scores ≥ t_g) − λ · (false
/// accepts as g scoring ≥ t_g). False accepts are the drawings of other gestures, with
/// their own gesture's templates removed, whose best match is g (leave one gesture out),
/// and synthetic random walks, straight drags and scribbles whose best match is g. The
/// offset is then the default threshold − t_g, so that every gesture is held to the
/// default threshold.
enum HumanStrokeFit {
    /// The uncalibrated scores of one drawing: its best match with every template, and
    /// its best match with its own gesture's templates removed.
    struct Scored {
        /// nil for a synthetic non-gesture: it is in every fit.
        var source: String?
        var gesture: String?
        var best: StrokeMatch?
        var bestOfOthers: StrokeMatch?
    }

    static let thresholds = stride(from: 0.40, through: 0.951, by: 0.01).map { $0 }

    static func family(_ name: String) -> String { name.hasPrefix("circle") ? "circle" : name }

    /// The uncalibrated templates with `offsets` applied.
    static func templates(_ offsets: [String: Double]) -> [StrokeTemplate] {
        BuiltInStrokes.uncalibratedTemplates.map { t in
            var calibrated = t
            calibrated.scoreOffset = offsets[t.name] ?? 0
            return calibrated
        }
    }

    static func score(_ samples: [HumanStroke], nonGestures: [HumanStrokeBenchmark.SyntheticStroke]) -> [Scored] {
        let all = StrokeClassifier(templates: templates([:]))
        var withoutFamily: [String: StrokeClassifier] = [:]
        var out: [Scored] = []
        // A sample with a pen-up is two strokes to xgest, each only part of the drawing:
        // it says nothing of how a whole drawing of its gesture scores.
        for s in samples where !s.hasPenUp {
            let f = family(s.gesture)
            if withoutFamily[f] == nil {
                withoutFamily[f] = StrokeClassifier(templates: templates([:]).filter { family($0.name) != f })
            }
            out.append(
                Scored(
                    source: s.source, gesture: s.gesture, best: all.classify(s.points).matches.first,
                    bestOfOthers: withoutFamily[f]?.classify(s.points).matches.first))
        }
        for n in nonGestures {
            let best = all.classify(n.points).matches.first
            out.append(Scored(source: nil, gesture: nil, best: nil, bestOfOthers: best))
        }
        return out
    }

    /// Offsets fitted on the scored drawings whose source passes `include` (synthetic
    /// non-gestures always count).
    ///
    /// `weight` is λ for human drawings of other gestures, `syntheticWeight` for a
    /// synthetic non-gesture: a scribble accepted is worse than a drawing of a gesture the
    /// user did not bind accepted as a similar one.
    static func offsets(
        _ scored: [Scored], weight: Double, syntheticWeight: Double, include: (String) -> Bool
    ) -> [String: Double] {
        var out: [String: Double] = [:]
        for name in BuiltInStrokes.templateNames {
            var right: [Double] = []
            var impostors: [(score: Double, weight: Double)] = []
            for s in scored where s.source.map(include) ?? true {
                if let g = s.gesture, g == name, let b = s.best, b.name == name { right.append(b.score) }
                if let o = s.bestOfOthers, o.name == name {
                    impostors.append((o.score, s.source == nil ? syntheticWeight : weight))
                }
            }
            var best = (threshold: defaultStrokeRejectionThreshold, value: -Double.infinity)
            for t in thresholds {
                let value =
                    Double(right.filter { $0 >= t }.count)
                    - impostors.filter { $0.score >= t }.reduce(0) { $0 + $1.weight }
                if value > best.value { best = (t, value) }
            }
            out[name] = ((defaultStrokeRejectionThreshold - best.threshold) * 100).rounded() / 100
        }
        return out
    }
}
