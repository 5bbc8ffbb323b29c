/// One drawing of a named stroke gesture. Several templates may share a name (several
/// samples of one gesture); the classifier reports names, not templates.
public struct StrokeTemplate: Hashable, Sendable {
    public var name: String
    /// The drawing, in drawing order, in any units (screen pixels: y grows downward).
    public var points: [Point]
    /// How far a drawing may be turned from this template and still match it, in radians:
    /// 0 for orientation-exact, π for any rotation (a circle, whose start point is free).
    public var rotationToleranceRadians: Double
    /// Added to every score against this template, so that gestures that are drawn with
    /// more or less variation, or that other gestures come more or less close to, can all
    /// be held to the one rejection threshold. 0 for a recorded template; the built-in
    /// gestures' offsets are calibrated on human drawings (``BuiltInStrokes``).
    public var scoreOffset: Double

    public init(
        name: String, points: [Point], rotationToleranceRadians: Double = defaultStrokeRotationToleranceRadians,
        scoreOffset: Double = 0
    ) {
        self.name = name
        self.points = points
        self.rotationToleranceRadians = rotationToleranceRadians
        self.scoreOffset = scoreOffset
    }
}

/// The rotation a template tolerates unless it says otherwise: 30°, enough for a hand's
/// natural tilt, far from the 90° that turns a check mark into another gesture.
public let defaultStrokeRotationToleranceRadians = Double.pi / 6

/// A template ready for matching: its vector and the cosine and sine of its tolerance.
struct PreparedStrokeTemplate: Sendable {
    var nameIndex: Int
    var vector: StrokeVector
    var toleranceCosine: Double
    var toleranceSine: Double
    var scoreOffset: Double
    /// A user's own drawing, never verified (see ``StrokeClassifier``).
    var isRecorded = false

    init?(_ template: StrokeTemplate, nameIndex: Int) {
        guard let v = StrokeVector(template.points) else { return nil }
        let tolerance = min(Double.pi, max(0, template.rotationToleranceRadians))
        self.nameIndex = nameIndex
        self.vector = v
        self.toleranceCosine = cosineOf(radians: tolerance)
        self.toleranceSine = sineOf(radians: tolerance)
        self.scoreOffset = template.scoreOffset.isFinite ? template.scoreOffset : 0
    }

    /// The cosine similarity of `candidate` with this template turned by the best angle
    /// within its tolerance, and that angle's cosine and sine. Protractor's closed form:
    /// turning the template by θ gives `a·cos θ + b·sin θ`, largest at θ* = atan2(b, a)
    /// with value √(a² + b²); when θ* is beyond the tolerance the best allowed angle is
    /// the nearer bound.
    func alignment(to candidate: StrokeVector) -> StrokeAlignment {
        let (a, b) = turnedDotProducts(vector.components, candidate.components)
        let norm = (a * a + b * b).squareRoot()
        guard norm > 0 else { return StrokeAlignment(similarity: 0, cosine: 1, sine: 0) }
        if a >= norm * toleranceCosine { return StrokeAlignment(similarity: norm, cosine: a / norm, sine: b / norm) }
        let sine = b < 0 ? -toleranceSine : toleranceSine
        return StrokeAlignment(similarity: a * toleranceCosine + b * sine, cosine: toleranceCosine, sine: sine)
    }
}

/// A template's best rigid alignment with a stroke: the cosine similarity at the best
/// allowed rotation, and that rotation (of the template) as cosine and sine.
struct StrokeAlignment {
    var similarity: Double
    var cosine: Double
    var sine: Double
}

/// For two interleaved x, y vectors t and c: a = Σ t·c and b = Σ (tx·cy − ty·cx), so that
/// t turned by θ meets c with dot product a·cos θ + b·sin θ.
func turnedDotProducts(_ t: [Double], _ c: [Double]) -> (a: Double, b: Double) {
    // Buffer pointers let the loop run without bounds checks: it is the classifier's inner
    // loop, once per template.
    t.withUnsafeBufferPointer { t in
        c.withUnsafeBufferPointer { c in
            var a = 0.0
            var b = 0.0
            var i = 0
            let count = min(t.count, c.count) & ~1
            while i < count {
                a += t[i] * c[i] + t[i + 1] * c[i + 1]
                b += t[i] * c[i + 1] - t[i + 1] * c[i]
                i += 2
            }
            return (a, b)
        }
    }
}
