import Testing

@testable import XgestCore

@Suite struct StrokeTemplateFileTests {
    @Test func readsHeaderSamplesAndComments() throws {
        let text = """
            # my zed
            xgest-stroke 1 name=zed rotation-deg=15

            sample
            0 0
            100 0\r
            0 100
            sample
            # second try
            1.5 -2
            99 1
            """
        let file = try StrokeTemplateFile.parse(text, defaultName: "from-file-name")
        #expect(file.name == "zed")
        #expect(abs(file.rotationToleranceRadians * degreesPerRadian - 15) < 1e-9)
        #expect(file.samples.count == 2)
        #expect(file.samples[0] == [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 0, y: 100)])
        #expect(file.samples[1] == [Point(x: 1.5, y: -2), Point(x: 99, y: 1)])
        #expect(file.templates.count == 2)
        #expect(file.templates.allSatisfy { $0.name == "zed" })
    }

    @Test func aByteOrderMarkBeforeTheHeaderIsSkipped() throws {
        let file = try StrokeTemplateFile.parse("\u{FEFF}xgest-stroke 1 name=zz\nsample\n0 0\n10 5\n", defaultName: "f")
        #expect(file.name == "zz")
        #expect(file.samples == [[Point(x: 0, y: 0), Point(x: 10, y: 5)]])
    }

    @Test func nameDefaultsToTheCallersAndTextRoundTrips() throws {
        let file = try StrokeTemplateFile.parse("xgest-stroke 1\nsample\n0 0\n10 5\n", defaultName: "swoosh")
        #expect(file.name == "swoosh")
        #expect(abs(file.rotationToleranceRadians - defaultStrokeRotationToleranceRadians) < 1e-9)
        let again = try StrokeTemplateFile.parse(file.text, defaultName: "other")
        #expect(again.name == "swoosh")
        #expect(again.samples == file.samples)
    }

    /// 100 samples load; the 101st `sample` line is an error naming it.
    @Test func aFileHoldsAtMostAHundredSamples() throws {
        let sample = "sample\n0 0\n5 5\n"
        let hundred = "xgest-stroke 1\n" + String(repeating: sample, count: StrokeFileReader.mostSamples)
        #expect(try StrokeTemplateFile.parse(hundred, defaultName: "g").samples.count == 100)
        do {
            _ = try StrokeTemplateFile.parse(hundred + sample, defaultName: "g")
            Issue.record("101 samples parsed")
        } catch {
            #expect(error.line == 2 + 3 * 100, "\(error)")
            #expect(error.message.contains("more than 100 samples"), "\(error)")
        }
    }

    @Test(arguments: [
        ("", 1, "empty file"),
        ("# only a comment\n", 1, "empty file"),
        ("stroke 1\n", 1, "expected the header"),
        ("xgest-stroke one\n", 1, "whole number"),
        ("xgest-stroke 2\n", 1, "newer"),
        ("xgest-stroke 1 colour=red\n", 1, "unknown header field `colour`"),
        ("xgest-stroke 1 rotation-deg=200\n", 1, "0 to 180"),
        ("xgest-stroke 1 name\n", 1, "key=value"),
        ("\nxgest-stroke 1 name=../../etc\n", 2, "name `../../etc`: a name is letters, digits, '-', '_' and '.'"),
        ("xgest-stroke 1 name=.zed\n", 1, "and not '.' first"),
        ("xgest-stroke 1\n0 0\n", 2, "before the first `sample`"),
        ("xgest-stroke 1\nsample\n0 0\n1 x\n", 4, "expected a point"),
        ("xgest-stroke 1\nsample\n0 0\n1 2 3\n", 4, "expected a point"),
        ("xgest-stroke 1\nsample\n0 0\n1e308 5\n", 4, "within ±1000000 pixels"),
        ("xgest-stroke 1\nsample\n0 0\n5 -1000001\n", 4, "within ±1000000 pixels"),
        ("xgest-stroke 1\nsample\n0 0\ninf 5\n", 4, "expected a point"),
        // A NUL ended the number where a C string would: "4\0zz" was read as 4.
        ("xgest-stroke 1\nsample\n1 2\n3 4\0zz\n", 4, "expected a point"),
        ("xgest-stroke 1\nsample\n1 2\n9\0junk 9\n", 4, "expected a point"),
        ("xgest-stroke 1 rotation-deg=30\0x\n", 1, "0 to 180"),
        // A whole number, only too large: it was "must be a whole number".
        ("xgest-stroke 99999999999999999999999\n", 1, "format version 99999999999999999999999 is newer than"),
        ("xgest-stroke 1\nsample\n0 0\nsample\n0 0\n5 5\n", 2, "two distinct points"),
        ("xgest-stroke 1\nsample\n3 3\n3 3\n", 2, "two distinct points"),
        ("xgest-stroke 1\n", 1, "no samples"),
        ("xgest-stroke 1\nsample 2\n", 2, "nothing after"),
    ])
    func errorsNameTheLine(_ text: String, _ line: Int, _ fragment: String) {
        do {
            _ = try StrokeTemplateFile.parse(text, defaultName: "g")
            Issue.record("parsed: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.message.contains(fragment), "\(error)")
            #expect(error.description.hasPrefix("line \(line): "))
        }
    }
}
