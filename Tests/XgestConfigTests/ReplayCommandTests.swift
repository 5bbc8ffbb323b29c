import Foundation
import Testing

/// `xgest replay` on traces whose numbers no conversion can take, and on a trace path that
/// is no file: each is one clean error (these crashed replay: 619 of 20,000 fuzzed traces).
@Suite struct ReplayCommandTests {
    static let header =
        #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":6,"name":"ts","kind":"touchscreen"}]}"#

    func replay(_ trace: String) throws -> XgestRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "".write(to: directory.appendingPathComponent("empty.toml"), atomically: true, encoding: .utf8)
        try trace.write(to: directory.appendingPathComponent("bad.trace"), atomically: true, encoding: .utf8)
        return try XgestRun(["replay", "bad.trace", "--config", "empty.toml"], in: directory)
    }

    @Test(arguments: [
        (
            header + "\n" + #"{"t":1e15,"dev":6,"type":"touch-begin","id":1,"x":1,"y":2}"#,
            "bad.trace:2:6: error: field \"t\" must be from 0 to 1000000000, found 1000000000000000\n"
        ),
        (
            #"{"xgest-trace":1e19,"screen":{"width":1920,"height":1080},"devices":[]}"#,
            "bad.trace:1:16: error: trace version 1e+19 is newer than this xgest reads (1); upgrade xgest\n"
        ),
        (
            header + "\n" + #"{"t":0,"type":"window","id":5,"x":0,"y":0,"width":9,"height":9,"pid":1e300}"#,
            "bad.trace:2:70: error: field \"pid\" must be an integer from 0 to 2147483647, found 1e+300\n"
        ),
    ])
    func numbersOutOfRangeAreCleanErrors(trace: String, message: String) throws {
        let run = try replay(trace + "\n")
        #expect(run.status == 1)
        #expect(run.standardError == message)
        #expect(run.standardOutput.isEmpty)
    }

    @Test func aFIFOGivenAsTheTraceIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("live.trace").path, 0o600) == 0)
        let run = try XgestRun(["replay", "live.trace"], in: directory)
        #expect(run.status == 1)
        #expect(run.standardError == "xgest: live.trace: not a regular file (a FIFO)\n")
    }
}
