import SeededRandom
import Testing

@testable import XgestCore

@Suite struct StrokeVerifierTests {
    /// The built-ins with their offsets and no verifiers: the scores the verifiers correct.
    let unverified = StrokeClassifier(templates: BuiltInStrokes.templates)
    let verified = StrokeClassifier.builtIn

    /// A brace as people draw one: a stem with small hooks at the ends and a small point.
    static let shallowBrace: [Point] = [
        (28, 0), (23, 1), (21, 6), (20, 20), (20, 42), (18, 48), (16, 50), (18, 52), (20, 58), (20, 80), (21, 94),
        (23, 99), (28, 100),
    ].map { Point(x: $0.0 * 2, y: $0.1 * 2) }

    @Test func everyBuiltInGestureButTheClockwiseCircleIsVerified() {
        #expect(BuiltInStrokes.verifiers.count == BuiltInStrokes.templateNames.count - 1)
        for name in BuiltInStrokes.templateNames {
            #expect(verified.isVerified(name) == (name != "circle-cw"), "\(name)")
            #expect(!unverified.isVerified(name))
        }
        for v in BuiltInStrokes.verifiers {
            #expect(v.componentWeights.count == StrokeVerifier.componentCount)
            #expect(v.reference.points == BuiltInStrokes.drawings.first { $0.name == v.reference.name }?.points)
        }
    }

    /// The classifier's closed form (the weights turned with the alignment's cosine and
    /// sine) gives what the fit computes: the drawing's vector turned to the reference,
    /// weighed component by component.
    @Test(arguments: BuiltInStrokes.templateNames.filter { $0 != "circle-cw" })
    func theCorrectionIsTheWeighedTurnedVector(_ name: String) throws {
        let template = try #require(BuiltInStrokes.drawings.first { $0.name == name })
        let verifier = try #require(BuiltInStrokes.verifiers.first { $0.reference.name == name })
        var rng = SplitMix64(seed: 11)
        var compared = 0
        for drawing in [
            StrokeDrawing(rotationRadians: 0.2, jitter: 1.5), StrokeDrawing(scale: 3, rotationRadians: -0.25),
        ] {
            let points = drawing.draw(template.points, &rng)
            let plain = unverified.classify(points)
            let checked = verified.classify(points)
            #expect(plain.matches.map(\.name) == checked.matches.map(\.name), "the ranking is the templates'")
            guard plain.matches.first?.name == name, plain.matches.count > 1 else { continue }
            let features = try #require(StrokeVerifier.features(of: points, reference: verifier.reference))
            var correction = verifier.bias + verifier.marginWeight * (plain.matches[0].score - plain.matches[1].score)
            correction += verifier.elongationWeight * features.lnElongation
            for (w, c) in zip(verifier.componentWeights, features.components) { correction += w * c }
            let expected = min(1, max(0, plain.matches[0].score + correction))
            #expect(abs(checked.matches[0].score - expected) < 1e-9, "\(name): \(checked) against \(plain)")
            // Only the best match is verified.
            #expect(Array(checked.matches.dropFirst()) == Array(plain.matches.dropFirst()))
            #expect(checked.verdict == (expected >= checked.rejectionThreshold ? .accepted : .belowThreshold))
            compared += 1
        }
        #expect(compared > 0, "no drawing of \(name) was ranked \(name)")
    }

    @Test func theVerifiedScoreIsHeldToTheThreshold() throws {
        let check = try #require(BuiltInStrokes.drawings.first { $0.name == "check" })
        let reference = check
        let zeros = [Double](repeating: 0, count: StrokeVerifier.componentCount)
        let no = try #require(
            StrokeVerifier(
                reference: reference, bias: -0.5, marginWeight: 0, elongationWeight: 0, componentWeights: zeros))
        let yes = try #require(
            StrokeVerifier(
                reference: reference, bias: 0.5, marginWeight: 0, elongationWeight: 0, componentWeights: zeros))
        let rejecting = StrokeClassifier(templates: BuiltInStrokes.templates, verifiers: [no])
        let result = rejecting.classify(check.points)
        #expect(result.matches.first?.name == "check")
        #expect(result.verdict == .belowThreshold)
        #expect(
            abs((result.matches.first?.score ?? 0) - (1 + BuiltInStrokes.scoreOffsets["check", default: 0] - 0.5))
                < 1e-9)
        // A correction never lifts a score past 1, and the user's threshold still decides.
        var taking = StrokeClassifier(templates: BuiltInStrokes.templates, verifiers: [yes])
        #expect(taking.classify(check.points).matches.first?.score == 1)
        taking.settings.rejectionThreshold = 1.01
        #expect(taking.classify(check.points).verdict == .belowThreshold)
        // A verifier for a gesture the classifier does not have is left out.
        #expect(!StrokeClassifier(templates: [BuiltInStrokes.drawings[1]], verifiers: [no]).isVerified("check"))
    }

    /// Recorded templates rank with the built-ins but are judged by their plain score; the
    /// built-in templates of the same gesture by their verified one.
    @Test func recordedTemplatesAreJudgedByTheirPlainScore() throws {
        let check = try #require(BuiltInStrokes.drawings.first { $0.name == "check" })
        let zeros = [Double](repeating: 0, count: StrokeVerifier.componentCount)
        let no = try #require(
            StrokeVerifier(reference: check, bias: -0.5, marginWeight: 0, elongationWeight: 0, componentWeights: zeros))
        // A check drawn backwards, from its long end: unlike the built-in one.
        let backwards = Array(check.points.reversed())
        let recorded = StrokeTemplate(name: "check", points: backwards)
        let classifier = StrokeClassifier(templates: BuiltInStrokes.templates, verifiers: [no], recorded: [recorded])
        let own = classifier.classify(backwards)
        #expect(own.recognizedName == "check", "\(own)")
        #expect((own.matches.first?.score ?? 0) > 0.99)
        // The built-in drawing is no longer near a recorded one: the verifier turns it down.
        let builtIn = classifier.classify(check.points)
        #expect(builtIn.matches.first?.name == "check")
        #expect(builtIn.verdict == .belowThreshold, "\(builtIn)")
        // A gesture ranked first without an elastic look keeps its groups' rigid scores.
        var rigidOnly = classifier
        rigidOnly.settings.elasticallyRescoredGestures = 0
        #expect(rigidOnly.classify(backwards).recognizedName == "check", "\(rigidOnly.classify(backwards))")
        // `recording` adds the same way.
        #expect(
            StrokeClassifier(templates: BuiltInStrokes.templates, verifiers: [no]).recording([recorded])
                .classify(backwards).recognizedName == "check")
    }

    @Test func weightsThatDoNotFitAreRefused() throws {
        let reference = try #require(BuiltInStrokes.drawings.first)
        let zeros = [Double](repeating: 0, count: StrokeVerifier.componentCount)
        #expect(
            StrokeVerifier(
                reference: reference, bias: 0, marginWeight: 0, elongationWeight: 0,
                componentWeights: Array(zeros.dropLast())) == nil)
        #expect(
            StrokeVerifier(
                reference: reference, bias: .nan, marginWeight: 0, elongationWeight: 0, componentWeights: zeros)
                == nil)
        #expect(
            StrokeVerifier(
                reference: reference, bias: 0, marginWeight: 0, elongationWeight: 0,
                componentWeights: zeros.dropLast() + [.infinity]) == nil)
        #expect(StrokeVerifier.features(of: [Point(x: 1, y: 1)], reference: reference) == nil)
    }

    /// A shallow brace is taken as a brace and a drawing of a bracket stays a bracket: the
    /// verifiers tell the two apart by the point and the corners (docs/strokes.md has the
    /// figures on human drawings; StrokeFixtureTests replays some).
    @Test func aBraceAndABracketAreEachThemselves() throws {
        var rng = SplitMix64(seed: 5)
        let brace = StrokeDrawing(jitter: 0.5).draw(Self.shallowBrace, &rng)
        #expect(verified.classify(brace).recognizedName == "left-brace", "\(verified.classify(brace))")
        let bracket = try #require(BuiltInStrokes.drawings.first { $0.name == "left-bracket" })
        let drawn = StrokeDrawing(scale: 2, jitter: 1).draw(bracket.points, &rng)
        #expect(verified.classify(drawn).recognizedName == "left-bracket", "\(verified.classify(drawn))")
    }
}
