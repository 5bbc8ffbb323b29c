import Foundation
import Testing
import XgestCore

@testable import XgestConfig

/// `xgest replay` reads its trace line by line, twice (to check it, then to replay it), and
/// prints each record as it comes: what it prints is what the trace read whole gives.
@Suite struct ReplayStreamingTests {
    static let config = """
        [[gesture]]
        name = "tap"
        kind = "tap"
        device = "touchscreen"
        action = "click 1"

        [[gesture]]
        name = "swipe-left"
        kind = "swipe"
        device = "touchpad"
        direction = "left"
        action = "exec echo left"
        """

    /// `count` rounds of a tap, a one-finger drag (handed back) and a touchpad swipe: about
    /// 60 bytes a line, 8 lines a round.
    static func trace(rounds count: Int) -> [String] {
        (0..<count).flatMap { k -> [String] in
            let t = Double(k)
            return [
                #"{"t":\#(t),"dev":6,"type":"touch-begin","id":1,"x":\#(100 + k % 500),"y":300}"#,
                #"{"t":\#(t + 0.05),"dev":6,"type":"touch-end","id":1,"x":\#(100 + k % 500),"y":300}"#,
                #"{"t":\#(t + 0.3),"dev":6,"type":"touch-begin","id":2,"x":700,"y":300}"#,
                #"{"t":\#(t + 0.35),"dev":6,"type":"touch-update","id":2,"x":700,"y":400}"#,
                #"{"t":\#(t + 0.4),"dev":6,"type":"touch-end","id":2,"x":700,"y":450}"#,
                #"{"t":\#(t + 0.6),"dev":8,"type":"swipe-begin","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#,
                #"{"t":\#(t + 0.61),"dev":8,"type":"swipe-update","fingers":3,"dx":-90,"dy":1,"x":500,"y":500}"#,
                #"{"t":\#(t + 0.62),"dev":8,"type":"swipe-end","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#,
            ]
        }
    }

    func run(_ trace: String, _ arguments: [String]) throws -> XgestRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.config.write(to: directory.appendingPathComponent("c.toml"), atomically: true, encoding: .utf8)
        try trace.write(to: directory.appendingPathComponent("long.trace"), atomically: true, encoding: .utf8)
        return try XgestRun(["replay", "long.trace", "--config", "c.toml"] + arguments, in: directory)
    }

    /// 400 rounds, about 220 KB: the reads (64 KiB each) end inside lines.
    @Test func aTraceOfManyReadsPrintsWhatTheTraceReadWholeGives() throws {
        let text = traceText(Self.trace(rounds: 400)) + "\n"
        #expect(text.utf8.count > 3 * 65536, "\(text.utf8.count) bytes")
        let loaded = XgestConfiguration.load(source: Self.config, file: "c.toml", isKnownKeysym: isTestKeysym)
        let config = try #require(loaded.configuration, "\(loaded.renderedDiagnostics())")
        let whole = try DryRun.report(try TraceDecoder.read(text), bindings: config.bindingSet())
        #expect(whole.summary.sequences == 1200)
        #expect(whole.summary.actions == 800)

        let json = try run(text, ["--json"])
        #expect(json.status == 0, "\(json.standardError)")
        #expect(json.standardOutput.split(separator: "\n").map(String.init) == whole.records.map(\.jsonLine))
        let plain = try run(text, [])
        #expect(plain.status == 0, "\(plain.standardError)")
        #expect(plain.standardOutput.split(separator: "\n").last.map(String.init) == whole.summary.description)
    }

    /// A bad line far into a trace is found in the first reading: no record is printed
    /// before the error that names it.
    @Test func aBadLineFarIntoATraceIsReportedBeforeAnyRecord() throws {
        var lines = Self.trace(rounds: 400)
        lines.insert(#"{"t":399.7,"dev":6,"type":"touch-wiggle","id":1,"x":1,"y":2}"#, at: lines.count - 3)
        let run = try run(traceText(lines) + "\n", ["--json"])
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty, "\(run.standardOutput.prefix(200))")
        #expect(run.standardError.hasPrefix("long.trace:\(lines.count - 2):"), "\(run.standardError)")
    }
}
