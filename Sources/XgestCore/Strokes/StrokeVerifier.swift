/// A learned second look at a built-in gesture's best match: a linear function of the
/// drawing that is added to the match's score before the threshold decides.
///
/// A template's score says how close a drawing is to one drawing of the gesture. People
/// draw a brace as a bracket with a small point in the middle, so a bracket, a drag or a
/// wandering line scores as well as a real brace does, and no threshold on that score
/// takes the braces without the others. What tells them apart is where the drawings
/// differ: the brace's point, the bracket's corners. The verifier weighs the drawing's
/// own resampled vector (``StrokeVector``: positions and directions, turned to the
/// gesture's reference drawing), its elongation and how far ahead of the second match
/// it is, with weights fitted on people's drawings of the gesture against drawings of
/// other gestures and synthetic non-gestures (`xgest-bench strokes --human DIR --fit`,
/// docs/strokes.md).
///
/// The result stays a score: the verified score is held to the same threshold, so
/// `stroke-threshold` still makes acceptance stricter or looser. Only the best match is
/// verified; the ranking is the templates' alone.
public struct StrokeVerifier: Hashable, Sendable {
    /// The gesture's reference drawing: a drawing is turned to it (within its rotation
    /// tolerance) before its vector is weighed.
    public var reference: StrokeTemplate
    /// The correction for a drawing whose features are all 0.
    public var bias: Double
    /// Per unit of the best score less the second best.
    public var marginWeight: Double
    /// Per unit of the natural log of the drawing's elongation (``featureElongationFloor``
    /// at least).
    public var elongationWeight: Double
    /// One per component of the turned ``StrokeVector`` (``componentCount``).
    public var componentWeights: [Double]

    /// The length of a ``StrokeVector``: interleaved x, y of its positions, then of its
    /// directions.
    public static let componentCount = 4 * StrokeVector.sampleCount - 2
    /// Elongations below this count as this: a line's elongation is 0, whose log is not a
    /// number.
    public static let featureElongationFloor = 0.05

    /// Nil when the weights do not fit a ``StrokeVector`` or a number is not finite: such a
    /// verifier could only corrupt scores.
    public init?(
        reference: StrokeTemplate, bias: Double, marginWeight: Double, elongationWeight: Double,
        componentWeights: [Double]
    ) {
        guard componentWeights.count == Self.componentCount,
            bias.isFinite, marginWeight.isFinite, elongationWeight.isFinite,
            componentWeights.allSatisfy(\.isFinite)
        else { return nil }
        self.reference = reference
        self.bias = bias
        self.marginWeight = marginWeight
        self.elongationWeight = elongationWeight
        self.componentWeights = componentWeights
    }

    /// What the verifier weighs of a drawing, for fitting (`xgest-bench`): the natural log
    /// of its elongation and its vector turned to `reference`; nil for a drawing with no
    /// path or a reference with none.
    public static func features(of points: [Point], reference: StrokeTemplate) -> (
        lnElongation: Double, components: [Double]
    )? {
        guard let candidate = StrokeVector(points), let turn = PreparedStrokeTemplate(reference, nameIndex: 0) else {
            return nil
        }
        let alignment = turn.alignment(to: candidate)
        // The template turned by θ meets the candidate as the candidate turned by −θ meets
        // the template.
        var turned = candidate.components
        var i = 0
        while i + 1 < turned.count {
            let x = turned[i]
            let y = turned[i + 1]
            turned[i] = x * alignment.cosine + y * alignment.sine
            turned[i + 1] = -x * alignment.sine + y * alignment.cosine
            i += 2
        }
        return (lnElongation(candidate), turned)
    }

    static func lnElongation(_ v: StrokeVector) -> Double {
        naturalLog(max(v.elongation, featureElongationFloor))
    }
}

/// A verifier ready to run: its reference prepared for alignment, and its weights laid
/// out as a ``StrokeVector``'s components, so that the turned dot product comes from the
/// same closed form as the alignment (``turnedDotProducts(_:_:)``).
struct PreparedStrokeVerifier: Sendable {
    var reference: PreparedStrokeTemplate
    var weights: [Double]
    var bias: Double
    var marginWeight: Double
    var elongationWeight: Double

    init?(_ v: StrokeVerifier) {
        guard let reference = PreparedStrokeTemplate(v.reference, nameIndex: 0) else { return nil }
        self.reference = reference
        weights = v.componentWeights
        bias = v.bias
        marginWeight = v.marginWeight
        elongationWeight = v.elongationWeight
    }

    /// The amount added to the best match's score. With the candidate turned by −θ
    /// (cosine c, sine s), Σ w·turned = c·Σ(wx·x + wy·y) + s·Σ(wx·y − wy·x).
    func correction(for candidate: StrokeVector, margin: Double) -> Double {
        let alignment = reference.alignment(to: candidate)
        let (a, b) = turnedDotProducts(weights, candidate.components)
        return bias + marginWeight * margin + elongationWeight * StrokeVerifier.lnElongation(candidate)
            + alignment.cosine * a + alignment.sine * b
    }
}
