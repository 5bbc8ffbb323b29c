/// Tunables of the stroke classifier.
public struct StrokeClassifierSettings: Hashable, Sendable {
    /// A stroke whose best score is lower is rejected.
    public var rejectionThreshold = defaultStrokeRejectionThreshold
    /// The angle between a stroke's vector and a template's (the arc cosine of their best
    /// cosine similarity) at which the score reaches 0; the score falls linearly from 1 at 0.
    public var zeroScoreAngleRadians = defaultStrokeZeroScoreAngleRadians

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
        var best = [Double](repeating: -2, count: names.count)
        for t in prepared {
            let s = t.similarity(to: candidate)
            if s > best[t.nameIndex] { best[t.nameIndex] = s }
        }
        var matches: [StrokeMatch] = []
        for _ in 0..<min(3, names.count) {
            var top = -1
            for i in best.indices where best[i] > -2 && (top < 0 || best[i] > best[top]) { top = i }
            guard top >= 0 else { break }
            matches.append(StrokeMatch(name: names[top], score: score(similarity: best[top])))
            best[top] = -2
        }
        let accepted = (matches.first?.score ?? 0) >= threshold
        return StrokeClassification(
            matches: matches, verdict: accepted ? .accepted : .belowThreshold, rejectionThreshold: threshold)
    }

    /// Cosine similarity to a score in [0, 1], linear in the angle between the vectors.
    func score(similarity: Double) -> Double {
        let angle = arcCosineRadians(similarity)
        return max(0, 1 - angle / settings.zeroScoreAngleRadians)
    }
}
