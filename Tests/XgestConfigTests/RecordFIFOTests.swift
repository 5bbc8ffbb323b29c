import Foundation
import Testing

/// `xgest record -o FIFO` with nothing reading the FIFO waits in its open, deliberately,
/// before any grab; it printed nothing meanwhile, and looked hung.
@Suite struct RecordFIFOTests {
    /// Runs `script` in a directory holding the FIFO `live.fifo`, with `$0` the binary and
    /// no display (the recording fails once its trace is open, and exits).
    func run(_ script: String) throws -> XgestRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("live.fifo").path, 0o600) == 0)
        return try XgestRun(
            ["-c", script, XgestRun.binary.path], in: directory, environment: ["DISPLAY": ":9999"],
            program: "/bin/sh")
    }

    @Test func waitingForAReaderIsSaid() throws {
        let result = try run(
            """
            : > err; "$0" record -o live.fifo 2> err & pid=$!
            i=0; while ! grep -q reader err && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done
            cat live.fifo > /dev/null & wait $pid; cat err >&2
            """)
        #expect(
            result.standardError.hasPrefix(
                "xgest: live.fifo is a FIFO that nothing reads yet: waiting for a reader (stop with Ctrl-C)\n"),
            "\(result.standardError)")
    }

    /// A reader already there: nothing to wait for, nothing said, and the reader is not
    /// given an end of file by an open made only to look.
    @Test func aFIFOWithAReaderIsWrittenAtOnce() throws {
        let result = try run(
            """
            exec 3<> live.fifo
            "$0" record -o live.fifo 2> err; cat err >&2
            """)
        #expect(!result.standardError.contains("reader"), "\(result.standardError)")
        #expect(result.standardError.hasPrefix("xgest: "), "\(result.standardError)")
    }
}
