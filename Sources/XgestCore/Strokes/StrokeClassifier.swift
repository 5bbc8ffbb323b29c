/// Tunables of the stroke classifier.
public struct StrokeClassifierSettings: Hashable, Sendable {
    /// A stroke whose best score is lower is rejected.
    public var rejectionThreshold = defaultStrokeRejectionThreshold
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

    public init(rejectionThreshold: Double = defaultStrokeRejectionThreshold) {
        self.rejectionThreshold = rejectionThreshold
    }
}

public let defaultStrokeRejectionThreshold = 0.7
public let defaultStrokeZeroScoreAngleRadians = 1.2

/// Classifies single strokes against named templates.
///
/// Each stroke and template becomes a ``StrokeVector`` (positions and directions of
/// travel, resampled, centred, scaled to unit norm), compared by cosine similarity after
/// the best rotation within the template's tolerance, found in closed form. The order of
/// drawing matters (unistroke), so a clockwise circle does not match a counter-clockwise
/// one; rotation is bounded per template, so a check mark turned 90° is no check.
public struct StrokeClassifier: Sendable {
    public var settings: StrokeClassifierSettings
    /// The distinct gesture names, in the order they first appear in the templates.
    public private(set) var names: [String]
    private var prepared: [PreparedStrokeTemplate]

    /// Templates with no path (fewer than two distinct points) are left out; see
    /// ``StrokeTemplateFile`` for checked loading.
    public init(templates: [StrokeTemplate], settings: StrokeClassifierSettings = StrokeClassifierSettings()) {
        self.settings = settings
        var names: [String] = []
        var prepared: [PreparedStrokeTemplate] = []
        prepared.reserveCapacity(templates.count)
        for t in templates {
            let index: Int
            if let i = names.firstIndex(of: t.name) {
                index = i
            } else {
                index = names.count
                names.append(t.name)
            }
            if let p = PreparedStrokeTemplate(t, nameIndex: index) { prepared.append(p) }
        }
        self.names = names
        self.prepared = prepared
    }

    /// The classifier over the built-in gestures.
    public static let builtIn = StrokeClassifier(templates: BuiltInStrokes.templates)

    public var templateCount: Int { prepared.count }

    /// The best three gesture names for `points` and the verdict on the best.
    public func classify(_ points: [Point]) -> StrokeClassification {
        let threshold = settings.rejectionThreshold
        guard !prepared.isEmpty else {
            return StrokeClassification(matches: [], verdict: .noTemplates, rejectionThreshold: threshold)
        }
        guard let candidate = StrokeVector(points) else {
            return StrokeClassification(matches: [], verdict: .degenerate, rejectionThreshold: threshold)
        }
        var best = [Double](repeating: -1, count: names.count)
        let zeroCosine = cosineOf(radians: settings.zeroScoreAngleRadians)
        for t in prepared {
            let similarity = t.similarity(to: candidate)
            // Below the zero-score angle the score is 0 whatever the penalty: skip the arc cosine.
            let s = similarity > zeroCosine ? score(similarity: similarity, candidate: candidate, template: t) : 0
            if s > best[t.nameIndex] { best[t.nameIndex] = s }
        }
        var matches: [StrokeMatch] = []
        for _ in 0..<min(3, names.count) {
            var top = -1
            for i in best.indices where best[i] >= 0 && (top < 0 || best[i] > best[top]) { top = i }
            guard top >= 0 else { break }
            matches.append(StrokeMatch(name: names[top], score: best[top]))
            best[top] = -1
        }
        let accepted = (matches.first?.score ?? 0) >= threshold
        return StrokeClassification(
            matches: matches, verdict: accepted ? .accepted : .belowThreshold, rejectionThreshold: threshold)
    }

    /// Cosine similarity to a score in [0, 1], linear in the angle between the vectors,
    /// less a penalty when the stroke is much more or much less line-like than the
    /// template (see ``StrokeClassifierSettings/elongationToleranceLn``).
    func score(similarity: Double, candidate: StrokeVector, template t: PreparedStrokeTemplate) -> Double {
        let floor = StrokeClassifierSettings.elongationFloor
        let ratio = max(candidate.elongation, floor) / max(t.vector.elongation, floor)
        let mismatch = max(0, abs(naturalLog(ratio)) - settings.elongationToleranceLn)
        let s = 1 - arcCosineRadians(similarity) / settings.zeroScoreAngleRadians
        return max(0, s - settings.elongationPenaltyPerLn * mismatch)
    }
}
