/// One gesture name's best match for a stroke.
public struct StrokeMatch: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    /// 1 for a drawing identical to a template (up to position, scale and allowed
    /// rotation), falling to 0 at ``StrokeClassifierSettings/zeroScoreAngleRadians``.
    public var score: Double

    public init(name: String, score: Double) {
        self.name = name
        self.score = score
    }

    public var description: String { "\(name) \(formatScore(score))" }
}

/// Why a stroke was accepted as its best match or rejected.
public enum StrokeVerdict: Hashable, Sendable, CustomStringConvertible {
    /// The best match scored at least the rejection threshold.
    case accepted
    /// The best match scored below the rejection threshold.
    case belowThreshold
    /// Fewer than two distinct points: nothing to compare.
    case degenerate
    /// The classifier has no templates.
    case noTemplates

    /// The verdict's name in `replay --json`.
    public var code: String {
        switch self {
        case .accepted: return "accepted"
        case .belowThreshold: return "below-threshold"
        case .degenerate: return "degenerate"
        case .noTemplates: return "no-templates"
        }
    }

    public var description: String {
        switch self {
        case .accepted: return "accepted"
        case .belowThreshold: return "best score below the threshold"
        case .degenerate: return "no path to compare"
        case .noTemplates: return "no templates"
        }
    }
}

/// The outcome of classifying one stroke: the best three gesture names (distinct, best
/// first) and the verdict on the best.
public struct StrokeClassification: Hashable, Sendable, CustomStringConvertible {
    public var matches: [StrokeMatch]
    public var verdict: StrokeVerdict
    /// The threshold the verdict was taken against.
    public var rejectionThreshold: Double

    public init(matches: [StrokeMatch], verdict: StrokeVerdict, rejectionThreshold: Double) {
        self.matches = matches
        self.verdict = verdict
        self.rejectionThreshold = rejectionThreshold
    }

    /// The accepted gesture's name; nil when rejected.
    public var recognizedName: String? {
        switch verdict {
        case .accepted: return matches.first?.name
        case .belowThreshold, .degenerate, .noTemplates: return nil
        }
    }

    /// The verdict, matches and threshold as JSON members (`replay --json`):
    /// `"verdict":"accepted","matches":[{"name":"check","score":0.91},…],"threshold":0.75`,
    /// scores to two decimals.
    public func addJSON(to w: inout JSONObjectWriter) {
        w.add("verdict", verdict.code)
        let list = matches.map { m -> String in
            var o = JSONObjectWriter()
            o.add("name", m.name)
            o.add("score", hundredths(m.score))
            return o.line
        }
        w.add("matches", raw: "[" + list.joined(separator: ",") + "]")
        w.add("threshold", hundredths(rejectionThreshold))
    }

    private func hundredths(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// For `--debug`: `accepted: check 0.91, v 0.62, caret 0.40 (threshold 0.70)`.
    public var description: String {
        let list = matches.isEmpty ? "no shape scores above 0" : matches.map(\.description).joined(separator: ", ")
        return "\(verdict): \(list) (threshold \(formatScore(rejectionThreshold)))"
    }
}

/// A score (0…1) with two decimals, as `--debug` prints it; without Foundation.
public func formatScore(_ v: Double) -> String {
    let hundredths = Int((max(0, min(1, v)) * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
