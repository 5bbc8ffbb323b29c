/// Tunables of the stroke classifier.
public struct StrokeClassifierSettings: Hashable, Sendable {
    /// A stroke whose best match is a gesture with one template and scores lower is
    /// rejected; see ``thresholdRisePerLnTemplates`` for gestures with several.
    public var rejectionThreshold = defaultStrokeRejectionThreshold
    /// A gesture with n templates needs `rejectionThreshold + rise · ln n`. The best of
    /// n templates is a maximum over n chances, for a scribble as much as for the gesture:
    /// with a flat threshold, false accepts on synthetic random walks grew from 0.7 % with
    /// one template per gesture to 1.3 % with nine (`xgest-bench strokes --calibrate`);
    /// with this rise they stayed level (nine samples: 0.015 · ln 9 = 0.033).
    public var thresholdRisePerLnTemplates = 0.015
    /// The gestures the rigid comparison ranked first are compared again elastically
    /// (``StrokeElasticMatcher``): this many gestures, and of each the templates the rigid
    /// comparison ranked first, this many. Elastic alignment costs about ten rigid
    /// comparisons. On human drawings the third gesture matters (an arrow drawn with a
    /// long head ranks third rigidly: top-1 88.5 % with two, 93.2 % with three) and the
    /// third template does not (the same figures with two or three), so six alignments
    /// in all, as before with two gestures × three templates.
    public var elasticallyRescoredGestures = 3
    public var elasticallyRescoredTemplatesPerGesture = 2
    /// A match scoring less is not reported: it shows as 0.00, a drawing like none of the
    /// templates, and the names of such matches would be the first templates in table
    /// order (a circle drawn twice round was "closest check 0.00, x 0.00, circle-cw 0.00").
    public var leastReportedScore = 0.005
    /// The angle between a stroke's vector and a template's (the arc cosine of their best
    /// cosine similarity) at which the score reaches 0; the score falls linearly from 1 at 0.
    public var zeroScoreAngleRadians = defaultStrokeZeroScoreAngleRadians
    /// Elongation (√(λmin/λmax) of the resampled points: 0 for a line, 1 for a circle)
    /// may differ from the template's by this factor, as a natural log (0.4: ×1.5), with
    /// no penalty; beyond it each unit of log costs ``elongationPenaltyPerLn`` of score.
    /// Cosine similarity alone finds a straight drag close to a brace or a check mark,
    /// which are nearly lines; their elongations differ by a factor of 4 or more.
    public var elongationToleranceLn = 0.4
    public var elongationPenaltyPerLn = 0.25
    /// Elongations below this count as this, so that two near-lines compare as equal.
    static let elongationFloor = 0.05
    /// A stroke scored against a recorded template may turn more or less than it (the
    /// sum of its turns, ``StrokeVector/lnTurning``) by this factor, as a natural log
    /// (0.4: ×1.5), with no penalty; beyond it each unit of log costs
    /// ``recordedTurningPenaltyPerLn`` of score: the elongation's numbers, not fitted. A
    /// random walk that comes as close to a person's drawing as their next drawing does
    /// mostly turns more than it. With three drawings of each gesture, walks taken
    /// against a person's own drawings fell from 0.9 to 0.5 %, and beside the built-ins
    /// from 1.2 to 0.9 %, with the person's drawings taken within 0.1 point
    /// (`xgest-bench strokes --human`). The built-ins have none: with it, their offsets and
    /// verifiers fitted again let 1.1 % of walks through beside a person's drawings, and
    /// at 0.5 a unit 2.1 %.
    public var turningToleranceLn = 0.4
    public var recordedTurningPenaltyPerLn = 0.25
    /// Turning below this counts as this, so that two near-lines compare as equal.
    static let turningFloorRadians = 0.5
    /// A gesture with two or more recorded drawings holds them to a threshold that follows
    /// how alike they are: the median score of each against the others, less this margin,
    /// when that lies under the gesture's threshold. Some people draw a gesture a little
    /// differently every time, and their next drawing scores against their recorded ones
    /// about as low as those score against each other. Recorded drawings whose median is
    /// the threshold plus the margin or more keep the threshold (three drawings of a person:
    /// median 0.87, 10th percentile 0.80, `xgest-bench strokes --human`).
    public var recordedConsistencyMarginScore = 0.1
    /// How far below the gesture's threshold the threshold of loose recorded drawings may
    /// go. At 0.04, with three drawings of each gesture (`xgest-bench strokes --human`): a
    /// person's own gestures 95.8 → 96.6 % of their drawings taken, random walks 0.8 →
    /// 0.9 %; their drawings beside the built-ins 97.7 → 97.9 %, walks 1.1 → 1.2 %. Lowering
    /// `stroke-threshold` by 0.02 instead takes as many and 0.4 point more walks. Chosen
    /// leave one source out (`--recorded-fit`), the limit would be 0.06–0.08, for 0.1 point
    /// more as xgest runs it: within what the figures move between seeds.
    public var recordedThresholdLoweringLimitScore = 0.04

    public init(rejectionThreshold: Double = defaultStrokeRejectionThreshold) {
        self.rejectionThreshold = rejectionThreshold
    }
}

/// The lowest threshold that keeps random walks under 1 % against a person's own
/// recorded drawings (0.7 %, `xgest-bench strokes --human`, docs/strokes.md).
public let defaultStrokeRejectionThreshold = 0.72
public let defaultStrokeZeroScoreAngleRadians = 1.2

/// Classifies single strokes against named templates.
///
/// Each stroke and template becomes a ``StrokeVector`` (positions and directions of
/// travel, smoothed, resampled, centred, scaled to unit norm), compared by cosine
/// similarity after the best rotation within the template's tolerance, found in closed
/// form. The gestures that comparison ranks first are compared again with elastic
/// alignment (``StrokeElasticMatcher``), which forgives segments drawn longer or shorter
/// than the template's. The order of drawing matters (unistroke), so a clockwise circle
/// does not match a counter-clockwise one; rotation is bounded per template, so a check
/// mark turned 90° is no check. A gesture with a ``StrokeVerifier`` (the built-ins) has its
/// best match's score corrected by it before the threshold decides.
public struct StrokeClassifier: Sendable {
    public var settings: StrokeClassifierSettings
    /// The distinct gesture names, in the order they first appear in the templates.
    public private(set) var names: [String]
    private var prepared: [PreparedStrokeTemplate]
    /// Per name, the indices of its templates in `prepared`.
    private var templateIndices: [[Int]]
    /// ln(number of templates) per name, for the name's threshold.
    private var lnTemplateCounts: [Double]
    /// Per name, its verifier if it has one.
    private var verifiers: [PreparedStrokeVerifier?]
    /// Per name: whether it has both a verifier and recorded templates, whose scores are
    /// then kept apart (the verifier judges only the others).
    private var mixed: [Bool]
    /// Per name with two or more recorded templates whose score is kept apart (a mixed
    /// name, or one with recorded templates only): the median score of each recorded
    /// template against the others, for ``recordedThreshold(nameIndex:)``.
    private var recordedConsistency: [Double?]
    /// What it was built from, for ``recording(_:)``.
    private var inputs: (templates: [StrokeTemplate], verifiers: [StrokeVerifier], recorded: [StrokeTemplate])

    /// Templates with no path (fewer than two distinct points) are left out; see
    /// ``StrokeTemplateFile`` for checked loading. A verifier whose gesture has no template
    /// here is left out.
    ///
    /// `recorded` templates (a user's own drawings) rank with the others but are never
    /// verified: a stroke whose best gesture has a verifier is accepted when its verified
    /// score against `templates` passes the threshold, or its plain score against the
    /// gesture's recorded templates does.
    public init(
        templates: [StrokeTemplate], verifiers: [StrokeVerifier] = [], recorded: [StrokeTemplate] = [],
        settings: StrokeClassifierSettings = StrokeClassifierSettings()
    ) {
        self.settings = settings
        inputs = (templates, verifiers, recorded)
        var names: [String] = []
        var prepared: [PreparedStrokeTemplate] = []
        prepared.reserveCapacity(templates.count + recorded.count)
        for (t, isRecorded) in templates.map({ ($0, false) }) + recorded.map({ ($0, true) }) {
            let index: Int
            if let i = names.firstIndex(of: t.name) {
                index = i
            } else {
                index = names.count
                names.append(t.name)
            }
            if var p = PreparedStrokeTemplate(t, nameIndex: index) {
                p.isRecorded = isRecorded
                prepared.append(p)
            }
        }
        self.names = names
        self.prepared = prepared
        var indices = [[Int]](repeating: [], count: names.count)
        for (k, p) in prepared.enumerated() { indices[p.nameIndex].append(k) }
        templateIndices = indices
        lnTemplateCounts = indices.map { $0.isEmpty ? 0 : naturalLog(Double($0.count)) }
        var checks = [PreparedStrokeVerifier?](repeating: nil, count: names.count)
        for v in verifiers {
            if let i = names.firstIndex(of: v.reference.name) { checks[i] = PreparedStrokeVerifier(v) }
        }
        self.verifiers = checks
        var mixed = [Bool](repeating: false, count: names.count)
        for p in prepared where p.isRecorded && checks[p.nameIndex] != nil { mixed[p.nameIndex] = true }
        self.mixed = mixed
        recordedConsistency = [Double?](repeating: nil, count: names.count)
        for i in names.indices {
            let own = Array(
                prepared.indices.filter { prepared[$0].nameIndex == i && prepared[$0].isRecorded }
                    .prefix(Self.consistencyDrawingLimit))
            let onlyRecorded = !prepared.contains { $0.nameIndex == i && !$0.isRecorded }
            guard own.count >= 2, mixed[i] || onlyRecorded else { continue }
            recordedConsistency[i] = leaveOneOutMedian(own)
        }
    }

    /// The recorded drawings of a gesture its consistency is measured on: the first 50, the
    /// most `xgest record-stroke` writes. The cost grows with their square, and a template
    /// file made by hand may hold a hundred thousand samples within its size limit.
    static let consistencyDrawingLimit = 50

    /// The median over `group` (indices of `prepared`, two or more) of each template's score
    /// against the others, as ``classify(_:)`` would score it with only those as templates:
    /// rigidly against each, then elastically against the best few. Each template is
    /// prepared once, so fifty drawings of a gesture cost 2,450 rigid comparisons, about
    /// a millisecond, not fifty classifiers built.
    private func leaveOneOutMedian(_ group: [Int]) -> Double {
        let zeroCosine = cosineOf(radians: settings.zeroScoreAngleRadians)
        var matcher = StrokeElasticMatcher()
        var scores: [Double] = []
        scores.reserveCapacity(group.count)
        for k in group {
            let candidate = prepared[k].vector
            let rigid = group.filter { $0 != k }.map { (index: $0, score: rigidScore(of: $0, candidate, zeroCosine)) }
                .sorted { $0.score > $1.score }
            var best = rigid.first?.score ?? 0
            if best > 0 && settings.elasticallyRescoredGestures > 0 {
                let closest = rigid.prefix(settings.elasticallyRescoredTemplatesPerGesture).map(\.index)
                best = elasticScore(of: closest, candidate, zeroCosine, &matcher)
            }
            scores.append(best)
        }
        scores.sort()
        return scores[scores.count / 2]
    }

    /// This classifier with `templates` added as recorded ones.
    public func recording(_ templates: [StrokeTemplate]) -> StrokeClassifier {
        StrokeClassifier(
            templates: inputs.templates, verifiers: inputs.verifiers, recorded: inputs.recorded + templates,
            settings: settings)
    }

    /// Whether `name`'s best matches are verified (``StrokeVerifier``).
    public func isVerified(_ name: String) -> Bool {
        names.firstIndex(of: name).map { verifiers[$0] != nil } ?? false
    }

    /// The score a stroke must reach to be accepted as `name`'s gesture; nil for a name
    /// with no templates.
    public func rejectionThreshold(for name: String) -> Double? {
        names.firstIndex(of: name).map { threshold(nameIndex: $0) }
    }

    private func threshold(nameIndex: Int) -> Double {
        settings.rejectionThreshold + settings.thresholdRisePerLnTemplates * lnTemplateCounts[nameIndex]
    }

    /// The score a stroke must reach against `name`'s recorded templates, when they are
    /// judged apart (see ``StrokeClassifierSettings/recordedConsistencyMarginScore``); nil
    /// for a name with fewer than two recorded templates or whose templates are not
    /// judged apart.
    public func recordedRejectionThreshold(for name: String) -> Double? {
        names.firstIndex(of: name).flatMap { recordedConsistency[$0] != nil ? recordedThreshold(nameIndex: $0) : nil }
    }

    /// The median score of each of `name`'s recorded templates against the others; nil
    /// where ``recordedRejectionThreshold(for:)`` is nil.
    public func recordedConsistency(for name: String) -> Double? {
        names.firstIndex(of: name).flatMap { recordedConsistency[$0] }
    }

    /// The gesture's threshold, lowered towards its recorded drawings' consistency less
    /// the margin, by at most the limit.
    private func recordedThreshold(nameIndex: Int) -> Double {
        let full = threshold(nameIndex: nameIndex)
        guard let consistency = recordedConsistency[nameIndex] else { return full }
        let lowest = full - settings.recordedThresholdLoweringLimitScore
        return max(lowest, min(full, consistency - settings.recordedConsistencyMarginScore))
    }

    /// The classifier over the built-in gestures.
    public static let builtIn = StrokeClassifier(
        templates: BuiltInStrokes.templates, verifiers: BuiltInStrokes.verifiers)

    public var templateCount: Int { prepared.count }

    /// The best three gesture names for `points` and the verdict on the best.
    public func classify(_ points: [Point]) -> StrokeClassification {
        let baseThreshold = settings.rejectionThreshold
        guard !prepared.isEmpty else {
            return StrokeClassification(matches: [], verdict: .noTemplates, rejectionThreshold: baseThreshold)
        }
        guard let candidate = StrokeVector(points) else {
            return StrokeClassification(matches: [], verdict: .degenerate, rejectionThreshold: baseThreshold)
        }
        var best = [Double](repeating: -1, count: names.count)
        var rigid = [Double](repeating: 0, count: prepared.count)
        // For a mixed gesture, the best score of its verified and of its recorded templates
        // apart: rigid here, elastic below when it is compared again.
        var verifiable = [Double](repeating: 0, count: names.count)
        var recordedBest = [Double](repeating: 0, count: names.count)
        let zeroCosine = cosineOf(radians: settings.zeroScoreAngleRadians)
        for k in prepared.indices {
            let s = rigidScore(of: k, candidate, zeroCosine)
            rigid[k] = s
            let name = prepared[k].nameIndex
            if s > best[name] { best[name] = s }
            if prepared[k].isRecorded {
                recordedBest[name] = max(recordedBest[name], s)
            } else {
                verifiable[name] = max(verifiable[name], s)
            }
        }
        var matcher = StrokeElasticMatcher()
        for name in bestIndices(best, count: settings.elasticallyRescoredGestures) where best[name] > 0 {
            let groups: [Bool?] = mixed[name] ? [false, true] : [nil]
            // A mixed gesture shares its alignments out between its two groups: the time per
            // stroke stays that of the others.
            let perGroup = max(1, settings.elasticallyRescoredTemplatesPerGesture / groups.count)
            for group in groups {
                let closest = bestTemplates(rigid, name: name, recorded: group, count: perGroup)
                let elastic = elasticScore(of: closest, candidate, zeroCosine, &matcher)
                switch group {
                case .none: best[name] = elastic
                case .some(true): recordedBest[name] = elastic
                case .some(false): verifiable[name] = elastic
                }
            }
            if mixed[name] { best[name] = max(verifiable[name], recordedBest[name]) }
        }
        let top = bestIndices(best, count: 3)
        guard let first = top.first else {
            return StrokeClassification(matches: [], verdict: .belowThreshold, rejectionThreshold: baseThreshold)
        }
        // The best gesture passes on its score against its threshold, or (a mixed gesture)
        // on its recorded templates' plain score against theirs; the one with the larger
        // lead is reported, so the score shown passes the threshold shown exactly when the
        // stroke is accepted.
        var decided = (score: best[first], threshold: threshold(nameIndex: first))
        if let verifier = verifiers[first] {
            // Without recorded templates of its own, the gesture's score is the verifiable one.
            let own = mixed[first] ? verifiable[first] : best[first]
            let margin = own - (top.count > 1 ? best[top[1]] : 0)
            decided.score = min(1, max(0, own + verifier.correction(for: candidate, margin: margin)))
            if mixed[first] {
                let recorded = (score: recordedBest[first], threshold: recordedThreshold(nameIndex: first))
                if recorded.score - recorded.threshold > decided.score - decided.threshold { decided = recorded }
            }
        } else if recordedConsistency[first] != nil {
            // Recorded templates only: they are the gesture.
            decided.threshold = recordedThreshold(nameIndex: first)
        }
        best[first] = decided.score
        let matches = top.filter { best[$0] >= settings.leastReportedScore }.map {
            StrokeMatch(name: names[$0], score: best[$0])
        }
        return StrokeClassification(
            matches: matches, verdict: decided.score >= decided.threshold ? .accepted : .belowThreshold,
            rejectionThreshold: decided.threshold)
    }

    /// Template `k`'s rigid score for `candidate`. Below the zero-score angle the score is 0
    /// whatever the penalty: the arc cosine is skipped.
    private func rigidScore(of k: Int, _ candidate: StrokeVector, _ zeroCosine: Double) -> Double {
        // Read in place: a copy of the template would retain and release its vector.
        let similarity = prepared[k].alignment(to: candidate).similarity
        return similarity > zeroCosine ? score(similarity: similarity, candidate: candidate, template: prepared[k]) : 0
    }

    /// The best elastic score of `candidate` against templates `indices`, each turned by
    /// its rigid alignment's angle; 0 for none within the zero-score angle.
    private func elasticScore(
        of indices: [Int], _ candidate: StrokeVector, _ zeroCosine: Double, _ matcher: inout StrokeElasticMatcher
    ) -> Double {
        var best = 0.0
        for k in indices {
            let t = prepared[k]
            let similarity = matcher.similarity(of: t, to: candidate, turnedBy: t.alignment(to: candidate))
            if similarity > zeroCosine {
                best = max(best, score(similarity: similarity, candidate: candidate, template: t))
            }
        }
        return best
    }

    /// Indices of `name`'s `count` templates with the best rigid scores, best first; only
    /// recorded ones or only the others when `recorded` says which. No copy of `rigid`: this
    /// runs for each gesture compared elastically.
    private func bestTemplates(_ rigid: [Double], name: Int, recorded: Bool?, count: Int) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            var top = -1
            for k in templateIndices[name] {
                if let recorded, prepared[k].isRecorded != recorded { continue }
                if (top < 0 || rigid[k] > rigid[top]) && !out.contains(k) { top = k }
            }
            guard top >= 0 else { break }
            out.append(top)
        }
        return out
    }

    /// Indices of the `count` largest non-negative values, largest first.
    private func bestIndices(_ values: [Double], count: Int) -> [Int] {
        var remaining = values
        var out: [Int] = []
        for _ in 0..<min(count, values.count) {
            var top = -1
            for i in remaining.indices where remaining[i] >= 0 && (top < 0 || remaining[i] > remaining[top]) { top = i }
            guard top >= 0 else { break }
            out.append(top)
            remaining[top] = -1
        }
        return out
    }

    /// Cosine similarity to a score in [0, 1], linear in the angle between the vectors,
    /// less a penalty when the stroke is much more or much less line-like than the
    /// template (see ``StrokeClassifierSettings/elongationToleranceLn``) or, against a
    /// recorded template, turns much more or much less (``StrokeClassifierSettings/turningToleranceLn``),
    /// plus the template's calibration offset.
    func score(similarity: Double, candidate: StrokeVector, template t: PreparedStrokeTemplate) -> Double {
        let mismatch = max(0, abs(candidate.lnElongation - t.vector.lnElongation) - settings.elongationToleranceLn)
        var penalty = settings.elongationPenaltyPerLn * mismatch
        if t.isRecorded {
            let turning = max(0, abs(candidate.lnTurning - t.vector.lnTurning) - settings.turningToleranceLn)
            penalty += settings.recordedTurningPenaltyPerLn * turning
        }
        let s = 1 - arcCosineRadians(similarity) / settings.zeroScoreAngleRadians
        return min(1, max(0, s - penalty + t.scoreOffset))
    }
}
