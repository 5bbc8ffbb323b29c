import SeededRandom
import Testing

@testable import XgestCore

@Suite struct StrokeElasticMatcherTests {
    static func template(_ points: [(Double, Double)]) throws -> PreparedStrokeTemplate {
        let t = StrokeTemplate(name: "t", points: points.map { Point(x: $0.0, y: $0.1) })
        return try #require(PreparedStrokeTemplate(t, nameIndex: 0))
    }

    static let zigZag: [(Double, Double)] = [(0, 0), (17, 50), (33, 0), (50, 50), (67, 0), (83, 50), (100, 0)]
    /// The same zig-zag with its first two segments drawn short and the last ones long:
    /// the k-th resampled point falls elsewhere along the template's path than its partner.
    static let unevenZigZag: [(Double, Double)] = [(0, 0), (6, 50), (12, 0), (30, 50), (52, 0), (76, 50), (100, 0)]
    /// The built-in zig-zag (from the bottom-left, /\/\/) drawn the same uneven way.
    static let unevenBuiltInZigZag: [(Double, Double)] = [(0, 50), (8, 0), (16, 50), (40, 0), (68, 50), (100, 0)]

    /// A similarity on the classifier's score scale (before its elongation penalty).
    static func score(_ similarity: Double) -> Double {
        1 - arcCosineRadians(similarity) / defaultStrokeZeroScoreAngleRadians
    }

    @Test func anIdenticalStrokeIsSimilarityOneBothWays() throws {
        let t = try Self.template(Self.zigZag)
        let c = try #require(StrokeVector(Self.zigZag.map { Point(x: $0.0 * 3 + 40, y: $0.1 * 3 + 10) }))
        var matcher = StrokeElasticMatcher()
        let rigid = t.alignment(to: c)
        #expect(abs(rigid.similarity - 1) < 1e-9)
        #expect(abs(matcher.similarity(of: t, to: c, turnedBy: rigid) - 1) < 1e-9)
    }

    @Test func unevenSegmentsAreForgivenWhereTheRigidComparisonIsNot() throws {
        let t = try Self.template(Self.zigZag)
        let c = try #require(StrokeVector(Self.unevenZigZag.map { Point(x: $0.0, y: $0.1) }))
        var matcher = StrokeElasticMatcher()
        let rigid = t.alignment(to: c)
        let elastic = Self.score(matcher.similarity(of: t, to: c, turnedBy: rigid))
        let threshold = defaultStrokeRejectionThreshold
        #expect(Self.score(rigid.similarity) < threshold - 0.02, "rigid \(Self.score(rigid.similarity))")
        #expect(elastic > threshold + 0.01, "elastic \(elastic)")
    }

    @Test func theBandKeepsOtherShapesApart() throws {
        // A v is a zig-zag's first corner only: warping must not fold the zig-zag onto it.
        let t = try Self.template(Self.zigZag)
        let v = try #require(StrokeVector([Point(x: 0, y: 0), Point(x: 50, y: 100), Point(x: 100, y: 0)]))
        var matcher = StrokeElasticMatcher()
        #expect(Self.score(matcher.similarity(of: t, to: v, turnedBy: t.alignment(to: v))) < 0.5)
    }

    @Test func theMatcherCanBeReusedAcrossTemplates() throws {
        let zig = try Self.template(Self.zigZag)
        let check = try Self.template([(0, 55), (30, 90), (100, 0)])
        let c = try #require(StrokeVector(Self.unevenZigZag.map { Point(x: $0.0, y: $0.1) }))
        var reused = StrokeElasticMatcher()
        _ = reused.similarity(of: check, to: c, turnedBy: check.alignment(to: c))
        var fresh = StrokeElasticMatcher()
        #expect(
            reused.similarity(of: zig, to: c, turnedBy: zig.alignment(to: c))
                == fresh.similarity(of: zig, to: c, turnedBy: zig.alignment(to: c)))
    }

    @Test func theClassifierAcceptsTheUnevenDrawingItsRigidScoreWouldReject() throws {
        let drawn = Self.unevenBuiltInZigZag.map { Point(x: 300 + 2 * $0.0, y: 200 + 2 * $0.1) }
        let result = StrokeClassifier.builtIn.classify(drawn)
        #expect(result.recognizedName == "zig-zag", "\(result)")
    }
}
