import Foundation
import Testing

/// Human drawings of the 16 $1 gestures (Fixtures/human-strokes, three of each from the
/// MIT-licensed source of the human stroke data) through the real `xgest replay`, with a
/// config that binds every built-in shape: each drawing fires what `strokes.expected` says.
@Suite struct StrokeFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/human-strokes")

    struct Expectation {
        var endTime: String
        var fires: String
        var drawn: String
    }

    static func expectations() throws -> [Expectation] {
        let text = try String(contentsOf: directory.appendingPathComponent("strokes.expected"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: " ").map(String.init)
            return Expectation(endTime: fields[0], fires: fields[1], drawn: fields[2...4].joined(separator: " "))
        }
    }

    @Test func eachHumanDrawingFiresWhatIsExpected() throws {
        let run = try XgestRun(["replay", "--config", "strokes.toml", "strokes.trace", "--json"], in: Self.directory)
        #expect(run.status == 0, "\(run.standardError)")
        // Every stroke binding reports each stroke: the one that matched (if any) fired.
        var fired: [String: String] = [:]
        var reported = Set<String>()
        for line in run.standardOutput.split(separator: "\n") where line.contains(#""kind":"stroke""#) {
            let object = try #require(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            let time = try #require(object["t"] as? Double)
            let key = String(format: "%.3f", time)
            reported.insert(key)
            #expect(object["verdict"] is String && object["matches"] is [Any] && object["threshold"] is Double)
            if object["matched"] as? Bool == true { fired[key] = object["binding"] as? String }
        }
        let expected = try Self.expectations()
        #expect(expected.count == 48)
        for e in expected {
            let key = String(format: "%.3f", try #require(Double(e.endTime)))
            #expect(reported.contains(key), "no stroke record at \(e.endTime) (\(e.drawn))")
            #expect((fired[key] ?? "-") == e.fires, "\(e.drawn) at \(e.endTime)")
        }
        // Of the drawings labelled as they look, 43 of 45 fire their own binding; one brace
        // drawn with square corners fires the bracket's.
        let rightFires = expected.filter { $0.fires == $0.drawn.split(separator: " ")[0] }.count
        #expect(rightFires >= 43)
    }
}
