import Foundation
import Testing

/// `xgest replay` as a user runs it on the trace fixtures and their config: a summary at
/// the end, `--explain` for why nothing fired, and a clear word on a file that is no trace.
@Suite struct ReplaySummaryTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("XgestCoreTests/Fixtures/traces")

    static func fixtureNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: traces.path)) ?? []
        return names.filter { $0.hasSuffix(".trace") }.map { String($0.dropLast(6)) }.sorted()
    }

    /// Every trace fixture replays against fixtures.toml with the bindings its `.expected`
    /// file names (the engine test runs the same bindings, registered by hand).
    @Test(arguments: fixtureNames())
    func fixturesReplayAgainstTheirConfig(_ name: String) throws {
        let run = try XgestRun(["replay", name + ".trace", "--config", "fixtures.toml"], in: Self.traces)
        #expect(run.status == 0, "\(run.standardError)")
        let expected = try String(
            contentsOf: Self.traces.appendingPathComponent(name + ".expected"), encoding: .utf8)
        func gestures(_ text: String, field: Int) -> Set<String> {
            var found: Set<String> = []
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let words = line.split(separator: " ").map(String.init)
                if words.count > field + 2 && words[1] == "gesture" { found.insert(words[2] + " " + words[field]) }
            }
            return found
        }
        #expect(gestures(run.standardOutput, field: 4) == gestures(expected, field: 4))
        #expect(run.standardOutput.split(separator: "\n").last?.hasPrefix("summary: ") == true)
    }

    /// A pattern's wrong pattern is a failed gesture that runs the binding's on-failure
    /// action; a scrub acts on its last turn.
    @Test func patternAndScrubReplayWithTheirActions() throws {
        let run = try XgestRun(["replay", "pattern-and-scrub.trace", "--config", "fixtures.toml"], in: Self.traces)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput.split(separator: "\n").map(String.init) == [
                "0.190000 gesture lock pattern recognized device=pointer fingers=0 app=desktop",
                "0.190000 action lock app=desktop: exec echo unlock",
                "0.590000 gesture lock pattern failed device=pointer fingers=0 app=desktop",
                "0.590000 action lock app=desktop: exec echo wrong-pattern",
                "1.140000 gesture rub scrub recognized device=pointer fingers=0 app=desktop",
                "1.140000 action rub app=desktop: exec echo rub",
                "summary: 4 input sequences, 4 ownership decisions (2 accepted, 2 handed back), 2 gestures recognized,"
                    + " 3 actions",
            ])
        let explained = try XgestRun(
            ["replay", "pattern-and-scrub.trace", "--config", "fixtures.toml", "--explain"], in: Self.traces)
        #expect(
            explained.standardOutput.contains(
                "0.590000 transition lock possible → failed (wrong pattern: visited 1-2-3-5-7, pattern 1-2-3-6-9)"))
    }

    @Test func aReplayWhereNothingFiredStillSaysWhatHappened() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "".write(to: directory.appendingPathComponent("empty.toml"), atomically: true, encoding: .utf8)
        let trace = Self.traces.appendingPathComponent("taps.trace").path
        let run = try XgestRun(["replay", trace, "--config", "empty.toml"], in: directory)
        #expect(run.status == 0)
        #expect(
            run.standardOutput
                == "summary: 5 input sequences, 5 ownership decisions (0 accepted, 5 handed back),"
                + " 0 gestures recognized, 0 actions; --explain shows why\n")
    }

    @Test func explainShowsEachTransitionWithItsReason() throws {
        let run = try XgestRun(["replay", "taps.trace", "--config", "fixtures.toml", "--explain"], in: Self.traces)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "0.100000 transition edge-left possible → failed (not at the screen edge)")
        #expect(
            lines.contains("0.160000 transition tap possible → possible (required failure still pending: double-tap)"))
        #expect(lines.contains("0.350000 ownership accept touchscreen device=6 sequence=1 touches=1"))
        #expect(lines.contains("0.350000 action double-tap app=firefox: exec echo double-tap"))
        #expect(
            lines.last
                == "summary: 5 input sequences, 5 ownership decisions (5 accepted, 0 handed back),"
                + " 4 gestures recognized, 4 actions")
        let json = try XgestRun(
            ["replay", "taps.trace", "--config", "fixtures.toml", "--explain", "--json"], in: Self.traces)
        #expect(
            json.standardOutput.split(separator: "\n").first
                == #"{"t":0.1,"kind":"transition","recognizer":"edge-left","from":"possible","to":"failed","reason":"not at the screen edge"}"#
        )
        // `device` is a kind in every object; the id and the touches are beside it.
        #expect(
            json.standardOutput.contains(
                #"{"t":0.35,"kind":"ownership","verdict":"accept","device":"touchscreen","device_id":6,"sequence":1,"touches":[1]}"#
            ), "\(json.standardOutput)")
        #expect(!json.standardOutput.contains("summary"))
    }

    @Test func aFileThatIsNoTraceIsCalledThat() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let run = try XgestRun(
            ["replay", "README.md", "--config", "Tests/XgestCoreTests/Fixtures/traces/fixtures.toml"], in: readme)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError
                == "README.md:1: error: not an xgest trace: the first line is not a trace header ({\"xgest-trace\":1,…})\n"
        )
    }
}
