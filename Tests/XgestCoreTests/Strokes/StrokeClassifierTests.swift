import SeededRandom
import Testing

@testable import XgestCore

@Suite struct StrokeClassifierTests {
    let classifier = StrokeClassifier.builtIn

    static let names = BuiltInStrokes.templateNames

    @Test func builtInSetHasTheSeventeenGesturesAndAnyCircle() {
        #expect(
            Set(BuiltInStrokes.names) == [
                "check", "x", "circle", "circle-cw", "circle-ccw", "triangle", "rectangle", "caret", "v", "zig-zag",
                "arrow", "left-bracket", "right-bracket", "left-brace", "right-brace", "star", "pigtail", "delete",
            ])
        // Each drawing with its narrower and wider variants; a circle alone.
        #expect(classifier.templateCount == 2 + 15 * 3)
        #expect(BuiltInStrokes.gestureNames(forShape: "circle") == ["circle-cw", "circle-ccw", "circle"])
        #expect(BuiltInStrokes.gestureNames(forShape: "check") == ["check"])
    }

    @Test func everyBuiltInGestureHasAScoreOffsetWithinReason() {
        for t in BuiltInStrokes.templates {
            let offset = BuiltInStrokes.scoreOffsets[t.name]
            #expect(offset != nil, "\(t.name) has no calibrated offset")
            #expect(abs(offset ?? 1) <= 0.35, "\(t.name): \(offset ?? 0)")
            #expect(t.scoreOffset == offset)
        }
    }

    @Test(arguments: names) func eachTemplateIsItself(_ name: String) throws {
        let template = try #require(BuiltInStrokes.templates.first { $0.name == name })
        let result = classifier.classify(template.points)
        #expect(result.recognizedName == name)
        // A template scores 1 against itself, plus its calibration offset when that is negative.
        #expect((result.matches.first?.score ?? 0) > 0.99 + min(0, template.scoreOffset))
        // Up to three, distinct; a shape no other comes near has fewer (none scored 0 is named).
        #expect((1...3).contains(result.matches.count))
        #expect(Set(result.matches.map(\.name)).count == result.matches.count)
        #expect(result.matches.allSatisfy { $0.score > 0 })
    }

    @Test(arguments: names) func variedDrawingsAreRecognizedAsThemselves(_ name: String) throws {
        let template = try #require(BuiltInStrokes.templates.first { $0.name == name })
        var rng = SplitMix64(seed: UInt64(name.utf8.reduce(7) { $0 &* 31 &+ Int($1) }))
        let variations = [
            StrokeDrawing(scale: 0.4), StrokeDrawing(scale: 5), StrokeDrawing(offset: Point(x: -300, y: 2000)),
            StrokeDrawing(speedVariation: 0.8), StrokeDrawing(jitter: 1.5), StrokeDrawing(pointCount: 14),
            StrokeDrawing(pointCount: 400), StrokeDrawing(rotationRadians: 0.15),
            StrokeDrawing(rotationRadians: -0.15),
            StrokeDrawing(scale: 2.5, rotationRadians: 0.1, jitter: 1, pointCount: 40, speedVariation: 0.6),
            // Slow and shaky: many events, each off by 2 % of the size, six times their spacing.
            StrokeDrawing(scale: 1.5, jitter: 2, pointCount: 300),
        ]
        for v in variations {
            let result = classifier.classify(v.draw(template.points, &rng))
            #expect(result.recognizedName == name, "\(v): \(result)")
        }
    }

    @Test func randomWalksAndStraightDragsAreNotRecognized() {
        var rng = SplitMix64(seed: 42)
        // A thousand walks: the rate is about 1 %, and at a few hundred one seed's luck decides.
        var accepted: [String] = []
        for _ in 0..<1000 {
            if let name = classifier.classify(randomWalk(&rng)).recognizedName { accepted.append(name) }
        }
        let walks = accepted.count
        var drags = 0
        for _ in 0..<300 where classifier.classify(straightDrag(&rng)).recognizedName != nil { drags += 1 }
        #expect(walks <= 10, "random walks accepted: \(walks) of 1000, as \(accepted)")
        #expect(drags == 0, "straight drags accepted: \(drags) of 300")
    }

    @Test func circleDirectionsAreToldApart() throws {
        var rng = SplitMix64(seed: 3)
        for (name, other) in [("circle-cw", "circle-ccw"), ("circle-ccw", "circle-cw")] {
            let circle = try #require(BuiltInStrokes.templates.first { $0.name == name })
            // Started anywhere on the circle: rotation is free for circles.
            for turn in [0.0, 1.5, 3.0, -2.2] {
                let result = classifier.classify(
                    StrokeDrawing(rotationRadians: turn, jitter: 1).draw(circle.points, &rng))
                #expect(result.recognizedName == name)
                let otherScore = result.matches.first { $0.name == other }?.score ?? 0
                #expect(otherScore < 0.3, "\(result)")
            }
        }
    }

    @Test func checkTurnedAQuarterIsNoCheck() throws {
        let check = try #require(BuiltInStrokes.templates.first { $0.name == "check" })
        var rng = SplitMix64(seed: 4)
        for turn in [Double.pi / 2, -Double.pi / 2, Double.pi] {
            let result = classifier.classify(StrokeDrawing(rotationRadians: turn).draw(check.points, &rng))
            #expect(result.recognizedName != "check", "\(result)")
        }
        let tilted = classifier.classify(StrokeDrawing(rotationRadians: 0.35).draw(check.points, &rng))
        #expect(tilted.recognizedName == "check")
    }

    @Test func aStraightLineTemplateMatchesItsDirectionOnly() {
        let line = StrokeTemplate(name: "line-right", points: [Point(x: 0, y: 0), Point(x: 100, y: 0)])
        let lines = StrokeClassifier(templates: [line] + BuiltInStrokes.templates)
        let right = lines.classify([Point(x: 10, y: 10), Point(x: 80, y: 12), Point(x: 300, y: 11)])
        #expect(right.recognizedName == "line-right")
        #expect(right.matches.allSatisfy { $0.score.isFinite })
        let left = lines.classify([Point(x: 300, y: 10), Point(x: 10, y: 12)])
        #expect(left.recognizedName == nil)
        let down = lines.classify([Point(x: 10, y: 10), Point(x: 10, y: 300)])
        #expect(down.recognizedName == nil)
    }

    @Test func degenerateStrokesAndEmptySetsAreRejectedWithAReason() {
        #expect(classifier.classify([Point(x: 1, y: 1)]).verdict == .degenerate)
        #expect(classifier.classify([Point(x: 1, y: 1), Point(x: 1, y: 1)]).verdict == .degenerate)
        #expect(
            StrokeClassifier(templates: []).classify([Point(x: 0, y: 0), Point(x: 9, y: 9)]).verdict == .noTemplates)
    }

    @Test func thresholdDecidesAndTheDescriptionShowsTheTopThree() throws {
        let v = try #require(BuiltInStrokes.templates.first { $0.name == "v" })
        // Without the verifiers, whose correction of the best score StrokeVerifierTests checks.
        var strict = StrokeClassifier(templates: BuiltInStrokes.templates)
        strict.settings.rejectionThreshold = 1.01
        let result = strict.classify(v.points)
        #expect(result.verdict == .belowThreshold)
        #expect(result.recognizedName == nil)
        #expect(result.matches.first?.name == "v")
        // A template scores 1 against itself, plus its gesture's calibration offset.
        #expect(abs((result.matches.first?.score ?? 0) - min(1, 1 + v.scoreOffset)) < 1e-9)
        #expect(result.description.hasPrefix("best score below the threshold: v "))
        #expect(result.description.hasSuffix("(threshold 1.00)"))
    }

    /// A circle drawn twice round is like none of the templates: no match scores above 0,
    /// and none is named (the names would be the first templates in table order, check,
    /// x and circle-cw, reported as the closest).
    @Test func aStrokeLikeNoTemplateNamesNoShape() {
        let turns = 2.0
        let points = (0..<128).map { k -> Point in
            let a = turns * 2 * Double.pi * Double(k) / 127
            return Point(x: 500 + 100 * cosineOf(radians: a), y: 400 + 100 * sineOf(radians: a))
        }
        let result = classifier.classify(points)
        #expect(result.verdict == .belowThreshold)
        #expect(result.matches.allSatisfy { $0.score >= 0.005 }, "\(result)")
        #expect(!result.description.contains("0.00"), "\(result)")
        var json = JSONObjectWriter()
        result.addJSON(to: &json)
        #expect(!json.line.contains("\"score\":0,") && !json.line.contains("\"score\":0}"), "\(json.line)")
    }

    /// With no match above 0, the description says so.
    @Test func aClassificationWithNoMatchSaysNoShapeScores() {
        let none = StrokeClassification(matches: [], verdict: .belowThreshold, rejectionThreshold: 0.72)
        #expect(none.description == "best score below the threshold: no shape scores above 0 (threshold 0.72)")
    }

    @Test func theThresholdRisesWithTheNumberOfTemplates() throws {
        let zed = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)]
        let nine = (0..<9).map { k in
            StrokeTemplate(name: "zed", points: zed.map { Point(x: $0.x + Double(k), y: $0.y) })
        }
        let c = StrokeClassifier(templates: BuiltInStrokes.templates + nine)
        let base = c.settings.rejectionThreshold
        // The built-in check is one drawing with a narrower and a wider variant: 3 templates.
        let checkThreshold = try #require(c.rejectionThreshold(for: "check"))
        #expect(abs(checkThreshold - (base + c.settings.thresholdRisePerLnTemplates * 1.098_612_289)) < 1e-6)
        let zedThreshold = try #require(c.rejectionThreshold(for: "zed"))
        #expect(abs(zedThreshold - (base + c.settings.thresholdRisePerLnTemplates * 2.197_224_577)) < 1e-6)
        #expect(c.rejectionThreshold(for: "nothing") == nil)
        // The verdict and the description use the best gesture's own threshold.
        let result = c.classify(zed)
        #expect(result.recognizedName == "zed")
        #expect(result.rejectionThreshold == zedThreshold)
        #expect(result.description.hasSuffix("(threshold 0.75)"), "\(result)")
    }

    @Test func userSamplesAddToTheBuiltIns() {
        let zed = StrokeTemplate(
            name: "zed", points: [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)])
        let both = StrokeClassifier(templates: BuiltInStrokes.templates + [zed])
        var rng = SplitMix64(seed: 9)
        let drawn = StrokeDrawing(scale: 2, jitter: 1).draw(zed.points, &rng)
        #expect(both.classify(drawn).recognizedName == "zed")
        #expect(both.names.last == "zed")
    }
}
