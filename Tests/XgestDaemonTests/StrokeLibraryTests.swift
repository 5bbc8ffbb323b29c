import Testing
import XgestCore

@testable import XgestDaemon

@Suite struct StrokeLibraryTests {
    /// A recorded sample of a built-in's name adds to its templates and takes its verifier
    /// away (the verifier was fitted on the built-in templates' scores); other built-ins
    /// keep theirs.
    @Test func aRecordedBuiltInIsJudgedByItsScoreAlone() throws {
        var library = StrokeLibrary()
        #expect(library.classifier().isVerified("check"))
        let file = try StrokeTemplateFile.parse(
            "xgest-stroke 1\nsample\n0 55\n30 90\n100 0\n", defaultName: "check")
        library.files.append((path: "/strokes/check.stroke", file: file))
        let classifier = library.classifier()
        #expect(!classifier.isVerified("check"))
        #expect(classifier.isVerified("x"))
        #expect(classifier.templateCount == StrokeClassifier.builtIn.templateCount + 1)
        // The recorded drawing is accepted as itself, on its score.
        let result = classifier.classify([Point(x: 0, y: 55), Point(x: 30, y: 90), Point(x: 100, y: 0)])
        #expect(result.recognizedName == "check", "\(result)")
    }
}
