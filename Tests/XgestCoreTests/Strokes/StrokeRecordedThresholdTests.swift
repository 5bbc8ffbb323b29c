import SeededRandom
import Testing

@testable import XgestCore

/// Recorded drawings that differ from each other hold the next drawing to a lower
/// threshold, by at most ``StrokeClassifierSettings/recordedThresholdLoweringLimitScore``.
@Suite struct StrokeRecordedThresholdTests {
    static let zed = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)]

    /// Drawings of `shape` with `jitter` (template units, the shape about 100 wide), each
    /// turned a little.
    static func drawings(
        _ count: Int, of shape: [Point] = zed, named name: String = "zed", jitter: Double, seed: UInt64
    ) -> [StrokeTemplate] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { k in
            let hand = StrokeDrawing(rotationRadians: 0.1 * Double(k % 3 - 1), jitter: jitter, pointCount: 40)
            return StrokeTemplate(name: name, points: hand.draw(shape, &rng))
        }
    }

    @Test func drawingsAlikeKeepTheGesturesThreshold() throws {
        let c = StrokeClassifier(templates: BuiltInStrokes.templates, recorded: Self.drawings(3, jitter: 2, seed: 5))
        let full = try #require(c.rejectionThreshold(for: "zed"))
        #expect(c.recordedRejectionThreshold(for: "zed") == full)
    }

    @Test func looseDrawingsLowerItByAtMostTheLimit() throws {
        var c = StrokeClassifier(templates: BuiltInStrokes.templates, recorded: Self.drawings(3, jitter: 8, seed: 5))
        let full = try #require(c.rejectionThreshold(for: "zed"))
        let limit = c.settings.recordedThresholdLoweringLimitScore
        #expect(limit > 0)
        #expect(abs(try #require(c.recordedRejectionThreshold(for: "zed")) - (full - limit)) < 1e-9)
        // Without the limit the threshold follows the drawings' consistency less the margin:
        // a margin 0.05 larger lowers it by 0.05.
        c.settings.recordedThresholdLoweringLimitScore = 1
        let unbounded = try #require(c.recordedRejectionThreshold(for: "zed"))
        #expect(unbounded < full - limit)
        c.settings.recordedConsistencyMarginScore += 0.05
        #expect(abs(try #require(c.recordedRejectionThreshold(for: "zed")) - (unbounded - 0.05)) < 1e-9)
        // The gesture's own threshold is untouched.
        #expect(c.rejectionThreshold(for: "zed") == full)
    }

    /// A hand-made file may hold any number of samples: the consistency is measured on the
    /// first 50 only, so drawings after them change nothing.
    @Test func theConsistencyIsMeasuredOnTheFirstFiftyDrawings() throws {
        let limit = StrokeClassifier.consistencyDrawingLimit
        let first = Self.drawings(limit, jitter: 4, seed: 5)
        // Random walks, each unlike any other: more of them than zeds would put the median
        // among their scores.
        var rng = SplitMix64(seed: 6)
        let more = (0..<(limit + 10)).map { _ in StrokeTemplate(name: "zed", points: randomWalk(&rng)) }
        let bounded = StrokeClassifier(templates: [], recorded: first)
        let all = StrokeClassifier(templates: [], recorded: first + more)
        let consistency = try #require(bounded.recordedConsistency(for: "zed"))
        #expect(all.recordedConsistency(for: "zed") == consistency)
        #expect(consistency > 0.7)
        // With the walks among the first 50, the median is a walk's.
        let mixed = StrokeClassifier(templates: [], recorded: Array(first.prefix(20)) + more)
        #expect((mixed.recordedConsistency(for: "zed") ?? 1) < consistency - 0.2)
    }

    @Test func oneDrawingOrNoneHasNoRecordedThreshold() {
        let one = StrokeClassifier(templates: BuiltInStrokes.templates, recorded: Self.drawings(1, jitter: 8, seed: 5))
        #expect(one.recordedRejectionThreshold(for: "zed") == nil)
        #expect(StrokeClassifier.builtIn.recordedRejectionThreshold(for: "check") == nil)
        #expect(StrokeClassifier.builtIn.recordedRejectionThreshold(for: "nothing") == nil)
        // Drawings given as templates (not recorded) are the gesture's templates: no apart threshold.
        let asTemplates = StrokeClassifier(templates: Self.drawings(3, jitter: 8, seed: 5))
        #expect(asTemplates.recordedRejectionThreshold(for: "zed") == nil)
    }

    /// A drawing scoring between the two thresholds is taken with the loose drawings as
    /// templates, with the threshold it was held to reported, and not without the lowering.
    @Test func aDrawingBetweenTheThresholdsIsTaken() throws {
        let c = StrokeClassifier(templates: BuiltInStrokes.templates, recorded: Self.drawings(3, jitter: 8, seed: 5))
        let full = try #require(c.rejectionThreshold(for: "zed"))
        let lowered = try #require(c.recordedRejectionThreshold(for: "zed"))
        var rng = SplitMix64(seed: 77)
        let hand = StrokeDrawing(jitter: 8, pointCount: 40)
        let between = try #require(
            (0..<200).lazy.map { _ in hand.draw(Self.zed, &rng) }.first { d in
                let m = c.classify(d).matches.first
                return m?.name == "zed" && (m?.score ?? 0) >= lowered && (m?.score ?? 1) < full
            })
        let taken = c.classify(between)
        #expect(taken.recognizedName == "zed", "\(taken)")
        #expect(taken.rejectionThreshold == lowered)
        var strict = c
        strict.settings.recordedThresholdLoweringLimitScore = 0
        let refused = strict.classify(between)
        #expect(refused.verdict == .belowThreshold, "\(refused)")
        #expect(refused.rejectionThreshold == full)
    }

    /// With recorded drawings of a verified built-in, the stroke passes on either path;
    /// whichever is reported, the score shown passes the threshold shown exactly when the
    /// stroke is accepted.
    @Test func theReportedScoreAndThresholdAgreeWithTheVerdict() throws {
        let check = try #require(BuiltInStrokes.drawings.first { $0.name == "check" })
        let loose = Self.drawings(3, of: check.points, named: "check", jitter: 8, seed: 3)
        let c = StrokeClassifier.builtIn.recording(loose)
        let lowered = try #require(c.recordedRejectionThreshold(for: "check"))
        #expect(lowered < (c.rejectionThreshold(for: "check") ?? 0))
        var rng = SplitMix64(seed: 21)
        var reportedLowered = 0
        for k in 0..<300 {
            let points =
                k % 2 == 0
                ? StrokeDrawing(rotationRadians: 0.1, jitter: Double(k % 11), pointCount: 40).draw(check.points, &rng)
                : randomWalk(&rng)
            let r = c.classify(points)
            guard let best = r.matches.first else { continue }
            #expect((r.verdict == .accepted) == (best.score >= r.rejectionThreshold), "\(r)")
            if best.name == "check" && r.rejectionThreshold == lowered { reportedLowered += 1 }
        }
        #expect(reportedLowered > 0)
    }
}
