import Foundation
import Testing
import XgestCore
import XgestTestServer

/// `xgest record` behind a screen locker: the trace marks the lock and the input handed
/// back to the locker, and the recording says on stderr when it stops and starts again.
@Suite struct RecordScreenLockTests {
    @Test func aLockAndTheTouchesMadeBehindItAreInTheTrace() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let files = try RecordReplayTests.Files(config: RecordReplayTests.appTaps)
        let recorder = try XgestProcess(["record", "--output", files.trace], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        let locker = try ScreenLockTests.cover(server, grabbingTheKeyboard: true)
        #expect(recorder.waitForLine(containing: "the screen is locked: input is not recorded") != nil)
        try RecordReplayTests.tap2(server, x: 400, y: 300)
        #expect(RecordReplayTests.waitForTraceLine(files.trace, containing: #""state":"handed-back""#))
        locker.close()
        #expect(recorder.waitForLine(containing: "the screen is unlocked: recording again") != nil)
        #expect(recorder.stop(signal: SIGINT) == 0, "\(recorder.stderrLines)")
        let records = try String(contentsOfFile: files.trace, encoding: .utf8).split(separator: "\n").compactMap {
            line -> String? in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                o["type"] as? String == "lock", let state = o["state"] as? String
            else { return nil }
            return state + ((o["what"] as? String).map { " " + $0 } ?? "")
        }
        // The locker's window may be read before its grab: the screen is covered first.
        #expect(records.drop { $0 == "covered" }.first == "locked", "\(records)")
        #expect(records.last == "unlocked", "\(records)")
        #expect(records.filter { $0.hasPrefix("handed-back touch ") }.count == 2, "\(records)")
        // Replay says the same, and runs nothing.
        let r = try runXgest(["replay", files.trace, "--config", files.config], environment: environment(display: nil))
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains(" lock locked: gestures paused"), "\(r.out)")
        #expect(r.out.contains("handed back: the screen is locked"), "\(r.out)")
        #expect(try files.replayed(kind: "action").isEmpty)
    }
}
