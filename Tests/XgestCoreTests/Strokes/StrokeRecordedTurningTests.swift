import SeededRandom
import Testing

@testable import XgestCore

/// A stroke scored against a recorded drawing loses score when it turns much more or much
/// less than the drawing (``StrokeClassifierSettings/turningToleranceLn``): a wandering
/// path that comes close to a person's drawing turns far more than the person's next
/// drawing does.
@Suite struct StrokeRecordedTurningTests {
    /// The hand that draws every drawing here: a little turned each time, a point's noise
    /// half a percent of the drawing's size (1 px on a 200 px drawing).
    static func hand(_ k: Int) -> StrokeDrawing {
        StrokeDrawing(rotationRadians: 0.06 * Double(k % 3 - 1), jitter: 0.5, pointCount: 64)
    }

    /// Three drawings of each built-in shape, as a person might record them.
    static func recordedDrawings(seed: UInt64) -> [StrokeTemplate] {
        var rng = SplitMix64(seed: seed)
        return BuiltInStrokes.drawings.flatMap { shape in
            (0..<3).map { k in
                let hand = hand(k)
                let tolerance = shape.name.hasPrefix("circle") ? Double.pi : defaultStrokeRotationToleranceRadians
                return StrokeTemplate(
                    name: shape.name, points: hand.draw(shape.points, &rng), rotationToleranceRadians: tolerance)
            }
        }
    }

    static func withoutPenalty(_ c: StrokeClassifier) -> StrokeClassifier {
        var plain = c
        plain.settings.recordedTurningPenaltyPerLn = 0
        return plain
    }

    @Test func aStrokesTurningIsMeasuredOnItsResampledPath() throws {
        let line = try #require(StrokeVector((0...20).map { Point(x: Double($0) * 10, y: 0) }))
        #expect(line.lnTurning == naturalLog(StrokeClassifierSettings.turningFloorRadians))
        // A full circle turns 2π whatever its size and start (less a step's share at its
        // ends: 24 points make 23 steps and 22 turns).
        let circle = try #require(
            StrokeVector(
                (0...64).map { k in
                    let a = 2 * Double.pi * Double(k) / 64
                    return Point(x: 300 + 80 * cosineOf(radians: a), y: 200 + 80 * sineOf(radians: a))
                }))
        #expect(abs(circle.lnTurning - naturalLog(2 * Double.pi)) < 0.08, "\(circle.lnTurning)")
    }

    /// Random walks against a person's own drawings, nothing else: the penalty turns down
    /// a quarter or more of the walks that would be taken (half of them on human drawings), and
    /// takes the person's drawings as before.
    @Test func wanderingPathsAreTakenLessOftenAndDrawingsAsOften() throws {
        let recorded = Self.recordedDrawings(seed: 11)
        let c = StrokeClassifier(templates: [], recorded: recorded)
        let plain = Self.withoutPenalty(c)
        var rng = SplitMix64(seed: 12)
        var walks = (penalised: 0, plain: 0)
        for _ in 0..<4000 {
            let walk = randomWalk(&rng)
            if c.classify(walk).verdict == .accepted { walks.penalised += 1 }
            if plain.classify(walk).verdict == .accepted { walks.plain += 1 }
        }
        #expect(walks.plain >= 20, "too few walks taken without the penalty to compare: \(walks.plain)")
        #expect(Double(walks.penalised) <= 0.75 * Double(walks.plain), "\(walks)")
        var drawings = (penalised: 0, plain: 0, count: 0)
        for shape in BuiltInStrokes.drawings {
            for k in 0..<10 {
                let points = Self.hand(k).draw(shape.points, &rng)
                drawings.count += 1
                if c.classify(points).recognizedName == shape.name { drawings.penalised += 1 }
                if plain.classify(points).recognizedName == shape.name { drawings.plain += 1 }
            }
        }
        #expect(drawings.penalised == drawings.plain, "\(drawings)")
        #expect(drawings.penalised >= drawings.count * 95 / 100, "\(drawings)")
    }

    /// A check drawn with a wobble all along scores as high in shape, but turns several
    /// times as much as the recorded checks: it costs it the penalty the settings say.
    @Test func aWobblyDrawingLosesTheScoreItsTurningCosts() throws {
        let recorded = Self.recordedDrawings(seed: 11).filter { $0.name == "check" }
        let c = StrokeClassifier(templates: [], recorded: recorded)
        let plain = Self.withoutPenalty(c)
        let check = try #require(BuiltInStrokes.drawings.first { $0.name == "check" })
        let path = try #require(resampledStroke(check.points, count: 200))
        // A wobble across the path: five waves of 4 % of the drawing's size.
        let wobbly = path.enumerated().map { k, p in
            Point(x: p.x + 4 * sineOf(radians: Double(k) * 2 * Double.pi * 5 / 200), y: p.y)
        }
        let candidate = try #require(StrokeVector(wobbly))
        let recordedTurns = recorded.compactMap { StrokeVector($0.points) }.map(\.lnTurning)
        let turns = try #require(recordedTurns.max())
        // Beyond the tolerance of every recorded check, and by how much at most.
        let least = candidate.lnTurning - turns - c.settings.turningToleranceLn
        let excess = candidate.lnTurning - (recordedTurns.min() ?? turns) - c.settings.turningToleranceLn
        #expect(least > 0.2, "the wobble should turn well beyond the tolerance: \(least)")
        let scored = try #require(c.classify(wobbly).matches.first)
        let unpenalised = try #require(plain.classify(wobbly).matches.first)
        #expect(scored.name == "check" && unpenalised.name == "check")
        #expect(unpenalised.score - scored.score > 0.05, "\(scored) against \(unpenalised)")
        #expect(unpenalised.score - scored.score <= c.settings.recordedTurningPenaltyPerLn * excess + 1e-9)
    }

    /// The built-in templates are scored without it: their offsets and verifiers were
    /// fitted on scores without it.
    @Test func theBuiltInsAreNotPenalised() {
        let plain = Self.withoutPenalty(StrokeClassifier.builtIn)
        var rng = SplitMix64(seed: 13)
        for _ in 0..<200 {
            let walk = randomWalk(&rng)
            #expect(StrokeClassifier.builtIn.classify(walk) == plain.classify(walk))
        }
    }
}
