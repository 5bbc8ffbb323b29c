import XgestCore

/// Drawings of a recorded shape that another shape would take: what `xgest record-stroke`
/// says of new drawings, and `xgest check` of two bound shapes (docs/strokes.md,
/// "Shapes alike").
///
/// A drawing is the other shape's when the classifier without the recorded shape's
/// drawings (as the daemon runs it: the built-ins verified, the other recorded shapes)
/// accepts it as that shape, its score reaching that shape's threshold, and when that score
/// is within ``StrokeClassifierSettings/recordedConsistencyMarginScore`` of the drawing's
/// score against the shape's own other drawings. The recognizer takes a next drawing that
/// scores that margin under the recorded ones against each other as the same shape, so
/// such a stroke is both shapes' by their thresholds, and which binding runs is decided by
/// differences smaller than drawings of one shape differ by.
public struct StrokeConfusion: Equatable, Sendable {
    /// The recorded shape whose drawings were scored.
    public var shape: String
    /// The shape that would take them (a classifier name: `circle-cw`, not `circle`).
    public var other: String
    public var otherIsBuiltIn: Bool
    /// How many of the shape's drawings it would take, of how many.
    public var taken: Int
    public var drawings: Int
    /// The scores it gives those drawings, and the one it needs.
    public var otherScores: ClosedRange<Double>
    public var otherThreshold: Double
    /// Those drawings' scores against the shape's other drawings; nil for a single drawing.
    public var ownScores: ClosedRange<Double>?

    /// `3 of 3 drawings of "tick" would be taken as the built-in "check" without them
    /// (check 0.89-0.95, needs 0.74; against each other they score 0.93-0.97): a stroke of
    /// either shape may run the other's binding`.
    public var description: String {
        let kind = otherIsBuiltIn ? "the built-in" : "the recorded shape"
        let which = drawings == 1 ? "The drawing" : "\(taken) of \(counted(drawings, "drawing"))"
        var line =
            "\(which) of \"\(shape)\" would be taken as \(kind) \"\(other)\" without them (\(other) "
            + "\(Self.format(otherScores)), needs \(formatScore(otherThreshold))"
        if let ownScores { line += "; against each other they score \(Self.format(ownScores))" }
        return line + "): a stroke of either shape may run the other's binding"
    }

    private static func format(_ range: ClosedRange<Double>) -> String {
        let low = formatScore(range.lowerBound)
        let high = formatScore(range.upperBound)
        return low == high ? low : "\(low)-\(high)"
    }
}

extension StrokeLibrary {
    /// The shapes other than `name` that would take drawings of it (see ``StrokeConfusion``),
    /// most drawings taken first; `threshold`: the `stroke-threshold` every shape is held to.
    public func confusions(of name: String, threshold: Double, among shapes: [String]? = nil) -> [StrokeConfusion] {
        confusions(of: name, thresholds: StrokeShapeThresholds(base: threshold), among: shapes)
    }

    /// The shapes other than `name` that would take drawings of it (see ``StrokeConfusion``),
    /// most drawings taken first; `thresholds`: the `stroke-threshold` each other shape is
    /// held to, that of the bindings naming it; `among`: the shapes that count (bound ones,
    /// as a binding's `shape` names them), nil for every shape. Empty when `name` has no
    /// recorded drawings.
    public func confusions(of name: String, thresholds: StrokeShapeThresholds, among shapes: [String]? = nil)
        -> [StrokeConfusion]
    {
        let own = files.filter { $0.file.name == name }
        let drawings = Array(own.flatMap(\.file.templates).prefix(Self.mostDrawingsCompared))
        guard !drawings.isEmpty else { return [] }
        var others = self
        others.files.removeAll { $0.file.name == name }
        let base = others.classifier()
        let margin = base.settings.recordedConsistencyMarginScore
        let same = BuiltInStrokes.gestureNames(forShape: name)
        let countedNames = shapes.map { Set($0.flatMap(BuiltInStrokes.gestureNames(forShape:))) }
        // One classifier per threshold a binding sets: the other shape's binding classifies
        // with its own, and takes what reaches it.
        let levels = Set([thresholds.base] + thresholds.bound.values).sorted()
        let classifiers = levels.map { level -> StrokeClassifier in
            var c = base
            c.settings.rejectionThreshold = level
            return c
        }
        var found: [String: (other: [Double], threshold: Double, own: [Double])] = [:]
        var order: [String] = []
        for (k, drawing) in drawings.enumerated() {
            for (level, classifier) in zip(levels, classifiers) {
                let result = classifier.classify(drawing.points)
                guard let taken = result.recognizedName, let score = result.matches.first?.score,
                    thresholds.threshold(forGesture: taken) == level, !same.contains(taken),
                    countedNames?.contains(taken) ?? true
                else { continue }
                let ownScore = Self.score(of: k, against: drawings, settings: base.settings)
                if let ownScore, score < ownScore - margin { break }
                if found[taken] == nil { order.append(taken) }
                found[taken, default: ([], result.rejectionThreshold, [])].other.append(score)
                if let ownScore { found[taken]?.own.append(ownScore) }
                break
            }
        }
        return order.compactMap { taken -> StrokeConfusion? in
            guard let f = found[taken], let low = f.other.min(), let high = f.other.max() else { return nil }
            let own = f.own.isEmpty ? nil : (f.own.min() ?? 0)...(f.own.max() ?? 0)
            return StrokeConfusion(
                shape: name, other: taken, otherIsBuiltIn: BuiltInStrokes.templateNames.contains(taken),
                taken: f.other.count, drawings: drawings.count, otherScores: low...high, otherThreshold: f.threshold,
                ownScores: own)
        }.sorted { $0.taken > $1.taken }
    }

    /// The drawings of a shape compared, the most `xgest record-stroke` records: each is
    /// scored against the others, a cost that grows with their square.
    static let mostDrawingsCompared = 50

    /// Drawing `k`'s score against the other `drawings`, as the classifier scores a stroke
    /// against a shape's recorded drawings; nil when there is no other.
    private static func score(of k: Int, against drawings: [StrokeTemplate], settings: StrokeClassifierSettings)
        -> Double?
    {
        guard drawings.count > 1 else { return nil }
        var rest = drawings
        rest.remove(at: k)
        let alone = StrokeClassifier(templates: [], recorded: rest, settings: settings)
        return alone.classify(drawings[k].points).matches.first?.score ?? 0
    }
}
