import Foundation
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
        // With the stroke-threshold the shape's bindings run with (0.80: 0.815 with three templates).
        let stricter = try #require(alike.recordingSummary(for: "zed", threshold: 0.8))
        #expect(stricter.hasSuffix("a drawing needs 0.82 against them to be taken"), "\(stricter)")
        // Three far apart (a zed, one drawn back to front, one upside down): told to record again.
        let apart = try library([zed, zed.reversed(), zed.map { Point(x: $0.x, y: 100 - $0.y) }])
        let loose = try #require(apart.recordingSummary(for: "zed"))
        #expect(loose.contains("many will be missed: record them again with --force"), "\(loose)")
        // A shape drawn in two strokes is two drawings far apart: each drawing is one stroke.
        #expect(
            loose.hasSuffix(
                "drawing the shape the same way each time and in one stroke (each release or lift ends a drawing: a"
                    + " shape drawn in two strokes was two drawings)"), "\(loose)")
    }

    /// The files of the strokes directory are read in name order until they hold the most
    /// drawings or bytes the library loads; the file that would go over and the ones after
    /// it are left out, with one problem naming it.
    @Test func filesPastTheLimitOfDrawingsOrBytesAreLeftOutWithOneProblem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-strokes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sample = "sample\n0 0\n100 0\n0 100\n100 100\n"
        for (name, samples) in [("a", 2), ("b", 2), ("c", 2), ("d", 1), ("e", 1)] {
            let text = "xgest-stroke 1\n" + String(repeating: sample, count: samples)
            try text.write(to: directory.appendingPathComponent("\(name).stroke"), atomically: true, encoding: .utf8)
        }
        let path = directory.path
        let all = StrokeLibrary.load(directory: path)
        #expect(all.files.map(\.file.name) == ["a", "b", "c", "d", "e"])
        #expect(all.problems.isEmpty)

        // Five drawings at most: a and b hold four, c would make six.
        let drawn = StrokeLibrary.load(directory: path, mostDrawings: 5)
        #expect(drawn.files.map(\.file.name) == ["a", "b"])
        #expect(
            drawn.problems == [
                "\(path)/c.stroke: error: left out, with the 2 file(s) after it: xgest loads at most 5 drawings (16 MiB) "
                    + "from the strokes directory, and the files before this one hold 4; remove the ones no binding uses"
            ])
        #expect(!drawn.names.contains("c") && drawn.names.contains("b"))

        // Exactly at the limit: the last file is in.
        #expect(StrokeLibrary.load(directory: path, mostDrawings: 8).files.count == 5)

        // Bytes: each file of two drawings is 77 bytes; 160 hold a and b, not c.
        let bytes = StrokeLibrary.load(directory: path, mostBytes: 160)
        #expect(bytes.files.map(\.file.name) == ["a", "b"])
        #expect(bytes.problems.count == 1)
        #expect(
            bytes.problems.first?.hasPrefix("\(path)/c.stroke: error: left out, with the 2 file(s) after it") == true)
    }

    /// The bytes of a file left out for its own error count towards the cap: 100 files of 4
    /// MiB that failed to parse on their last line were read and parsed whole at every
    /// reload (400 MiB), past the 16 MiB the directory is read up to. The file that takes
    /// the total over is left out unparsed, with the ones after it, and the problem says
    /// once how much of the total went to files left out.
    @Test func filesThatFailToParseCountTowardsTheCapOfBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-strokes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // 105 bytes each: a header, points, and a line that is no point at the end.
        let broken = "xgest-stroke 1\nsample\n" + String(repeating: "10 20\n", count: 13) + "oops\n"
        #expect(broken.utf8.count == 105)
        for name in ["a", "b", "c"] {
            try broken.write(to: directory.appendingPathComponent("\(name).stroke"), atomically: true, encoding: .utf8)
        }
        let good = "xgest-stroke 1\nsample\n0 0\n100 0\n0 100\n100 100\n"
        try good.write(to: directory.appendingPathComponent("d.stroke"), atomically: true, encoding: .utf8)
        let path = directory.path

        // Under the cap, each broken file is said and the good one loads.
        let all = StrokeLibrary.load(directory: path)
        #expect(all.files.map(\.file.name) == ["d"])
        #expect(all.problems.count == 3)

        // 250 bytes: a and b are read and said, c would make 315 and is left out unparsed, d after it.
        let capped = StrokeLibrary.load(directory: path, mostBytes: 250)
        #expect(capped.files.isEmpty)
        #expect(
            capped.problems == [
                "\(path)/a.stroke:16: error: expected a point `x y` (two numbers) or `sample`",
                "\(path)/b.stroke:16: error: expected a point `x y` (two numbers) or `sample`",
                "\(path)/c.stroke: error: left out, with the 1 file(s) after it: xgest reads at most 250 bytes"
                    + " (2000 drawings) from the strokes directory, and the files before this one hold 210 bytes,"
                    + " 210 bytes of it in files left out for their own errors, which count all the same; mend or"
                    + " remove those, and the ones no binding uses",
            ], "\(capped.problems)")
        #expect(capped.leftOut["d"]?.reason.hasPrefix("it is past the 2000 drawings (250 bytes)") == true)
        // `xgest check --strokes` reads the directory the same way.
        #expect(try StrokeLibrary.loadGiven(path).problems == all.problems)
    }

    /// No strokes directory is no templates; a file where the directory should be is a
    /// problem naming it, not templates silently missing.
    @Test func aFileInPlaceOfTheStrokesDirectoryIsAProblemAndNoDirectoryIsNone() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-strokes-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let missing = StrokeLibrary.load(directory: path)
        #expect(missing.files.isEmpty && missing.problems.isEmpty)
        try "xgest-stroke 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let file = StrokeLibrary.load(directory: path)
        #expect(file.files.isEmpty)
        #expect(file.problems == ["\(path): error: cannot be read as a directory: not a directory"])
    }

    /// A file's name is the shape's when its header gives none, and is held to the same
    /// rule: `bad name.stroke` and a name with an escape in it were loaded as shapes.
    @Test func aFileNameThatIsNoShapeNameIsAProblem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-strokes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let drawing = "sample\n0 0\n100 0\n0 100\n100 100\n"
        for name in ["bad name", "e\u{1B}[31mx", "zed"] {
            try ("xgest-stroke 1\n" + drawing).write(
                toFile: directory.path + "/\(name).stroke", atomically: true, encoding: .utf8)
        }
        // The header's name stands for the file's.
        try ("xgest-stroke 1 name=wave\n" + drawing).write(
            toFile: directory.path + "/my wave.stroke", atomically: true, encoding: .utf8)
        let library = StrokeLibrary.load(directory: directory.path)
        #expect(library.files.map(\.file.name).sorted() == ["wave", "zed"])
        let rule =
            ": error: the file's name is no shape name (a name is letters, digits, '-', '_' and '.', and not '.'"
            + " first): rename it, or give the shape's name with name= in its header"
        #expect(
            library.problems.sorted() == [
                "\(directory.path)/bad name.stroke" + rule, "\(directory.path)/e\u{1B}[31mx.stroke" + rule,
            ])
        #expect(library.leftOut["bad name"]?.path == "\(directory.path)/bad name.stroke")
    }

    /// A file that cannot be read is a problem that names its path once.
    @Test func anUnreadableFileIsAProblemNamingItsPathOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-strokes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("dir.stroke"), withIntermediateDirectories: true)
        let library = StrokeLibrary.load(directory: directory.path)
        #expect(library.problems == ["\(directory.path)/dir.stroke: error: not a regular file (a directory)"])
        #expect(
            StrokeLibrary.reason("cannot read /a/b.stroke: permission denied", naming: "/a/b.stroke")
                == "cannot read: permission denied")
        #expect(StrokeLibrary.reason("elsewhere: odd", naming: "/a/b.stroke") == "elsewhere: odd")
    }
}
