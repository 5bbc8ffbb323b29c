import Foundation
import Testing
import XgestCore
import XgestTestServer

/// `xgest record` and touchpad gestures: X gives a gesture's events to one client only, so
/// a recording keeps every swipe and pinch whole, and applications get none of them while
/// it runs. It says so when it starts.
@Suite struct RecordTouchpadTests {
    @Test func aRecordingSaysItTakesTouchpadGesturesAndTracesThemWhole() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-record-pad-\(getpid()).trace"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try XgestProcess(["record", "--output", path], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        #expect(
            recorder.waitForLine(containing: "touchpad swipes and pinches go to the recording whole") != nil,
            "\(recorder.stderrLines)")
        try TouchpadGrabTests.pinch(server, x: 400, y: 400)
        #expect(RecordReplayTests.waitForTraceLine(path, containing: #""type":"pinch-end""#))
        #expect(recorder.stop(signal: SIGINT) == 0, "\(recorder.stderrLines)")
        // What the line says: the window got none of the pinch, the trace all of it.
        #expect(TouchpadGrabTests.gestures(try window.receivedEvents()).isEmpty)
        let trace = try String(contentsOfFile: path, encoding: .utf8)
        #expect(trace.components(separatedBy: #""type":"pinch-"#).count - 1 == 5, "\(trace)")
    }

    /// With no touchpad the line waits for one: said when one comes, once.
    @Test func aTouchpadComingDuringTheRecordingIsSaidThen() throws {
        let server = try XorgServer()
        defer { server.stop() }
        try server.setEnabled(false, device: .touchpad)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-record-nopad-\(getpid()).trace"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try XgestProcess(["record", "--output", path], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        #expect(!recorder.stderrLines.contains { $0.contains("touchpad swipes and pinches") })
        try server.setEnabled(true, device: .touchpad)
        #expect(
            recorder.waitForLine(containing: "touchpad swipes and pinches go to the recording whole") != nil,
            "\(recorder.stderrLines)")
        #expect(recorder.stop(signal: SIGINT) == 0, "\(recorder.stderrLines)")
        #expect(recorder.stderrLines.filter { $0.contains("touchpad swipes and pinches") }.count == 1)
    }
}
