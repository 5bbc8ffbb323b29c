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
}
