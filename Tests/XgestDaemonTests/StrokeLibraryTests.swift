import Testing
import XgestCore

@testable import XgestDaemon

@Suite struct StrokeLibraryTests {
    /// A recorded sample of a built-in's name adds to its templates; the built-in keeps its
    /// verifier, and the recorded drawing is judged by its plain score.
    @Test func aRecordedBuiltInKeepsItsVerifierAndTakesTheRecordedDrawing() throws {
        var library = StrokeLibrary()
        #expect(library.classifier().isVerified("check"))
        // A check drawn the other way round: no built-in check is like it.
        let backwards = [Point(x: 100, y: 0), Point(x: 30, y: 90), Point(x: 0, y: 55)]
        #expect(library.classifier().classify(backwards).recognizedName != "check")
        let file = try StrokeTemplateFile.parse("xgest-stroke 1\nsample\n100 0\n30 90\n0 55\n", defaultName: "check")
        library.files.append((path: "/strokes/check.stroke", file: file))
        let classifier = library.classifier()
        #expect(classifier.isVerified("check"))
        #expect(classifier.templateCount == StrokeClassifier.builtIn.templateCount + 1)
        let result = classifier.classify(backwards)
        #expect(result.recognizedName == "check", "\(result)")
        // The built-in drawing is still a check.
        let drawn = [Point(x: 0, y: 55), Point(x: 30, y: 90), Point(x: 100, y: 0)]
        #expect(classifier.classify(drawn).recognizedName == "check")
    }

    /// `record-stroke` tells how alike the drawings are and what the next one needs.
    @Test func theRecordingSummarySaysHowAlikeTheDrawingsAreAndWhatTheNextNeeds() throws {
        let zed = [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100), Point(x: 100, y: 100)]
        func library(_ drawings: [[Point]]) throws -> StrokeLibrary {
            var text = "xgest-stroke 1\n"
            for d in drawings { text += "sample\n" + d.map { "\($0.x) \($0.y)" }.joined(separator: "\n") + "\n" }
            var library = StrokeLibrary()
            library.files.append(
                (path: "/strokes/zed.stroke", file: try StrokeTemplateFile.parse(text, defaultName: "zed")))
            return library
        }
        // One drawing: only the threshold.
        let one = try library([zed])
        let full = try #require(one.classifier().rejectionThreshold(for: "zed"))
        #expect(
            one.recordingSummary(for: "zed")
                == "\"zed\": a drawing needs a score of \(formatScore(full)) against it to be taken")
        #expect(one.recordingSummary(for: "nothing") == nil)
        // Three alike: they keep the gesture's threshold.
        let alike = try library([
            zed, zed.map { Point(x: $0.x + 3, y: $0.y) }, zed.map { Point(x: $0.x, y: $0.y * 1.05) },
        ])
        let threshold = try #require(alike.classifier().rejectionThreshold(for: "zed"))
        let summary = try #require(alike.recordingSummary(for: "zed"))
        #expect(summary.hasPrefix("\"zed\": the drawings score 1.00 against each other (median)"), "\(summary)")
        #expect(summary.hasSuffix("a drawing needs \(formatScore(threshold)) against them to be taken"), "\(summary)")
        // Three far apart (a zed, one drawn back to front, one upside down): told to record again.
        let apart = try library([zed, zed.reversed(), zed.map { Point(x: $0.x, y: 100 - $0.y) }])
        let loose = try #require(apart.recordingSummary(for: "zed"))
        #expect(loose.contains("many will be missed: record them again with --force"), "\(loose)")
    }
}
