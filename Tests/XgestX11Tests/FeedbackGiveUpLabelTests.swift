import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A pointer stroke given up while its button is still down ends with no classification,
/// so nothing said so: a user who hesitated past the start window drew the whole shape
/// with no trail and got a context menu at the release, and one who drew past
/// `stroke-max-duration` saw the trail freeze. The label now says which it was; a right
/// button held to open a context menu the usual way (press, wait, release) still shows
/// nothing.
@Suite struct FeedbackGiveUpLabelTests {
    static let heldStillLabel = "feedback label: not a stroke: held still"

    /// Pressed at (400, 300) and held still until the binding gives the press up.
    static func pressAndHoldStill(_ s: DaemonTests.Session) throws {
        let p = s.server.pointer
        try p.move(x: 400, y: 300)
        try p.sync()
        try p.press(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "check-f5 possible → failed (too slow)") != nil)
    }

    /// A check drawn and recognized after whatever came before: its label is the next one
    /// put up, so any label before it was put up by then.
    static func labelsBeforeACheck(_ s: DaemonTests.Session) throws -> [String] {
        try s.server.drawWithPointer(Drawn.check())
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        return s.daemon.stderrLines.filter { $0.contains("feedback label: ") && !$0.hasSuffix("check-f5") }
    }

    @Test func aPressHeldStillThenDrawnIsLabelledOnceThePointerMovesOn() throws {
        let s = try DaemonTests.Session(config: DaemonShapedStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Held")
        try Self.pressAndHoldStill(s)
        let p = s.server.pointer
        for q in Drawn.check(from: Point(x: 400, y: 300)).dropFirst() {
            try p.move(x: q.x, y: q.y)
            try p.sync()
        }
        let line = s.daemon.waitForLine(containing: Self.heldStillLabel)
        #expect(line?.hasSuffix(Self.heldStillLabel) == true, "\(s.daemon.stderrLines.suffix(10))")
        try p.release(button: 3)
        try p.sync()
        // Still a click made slowly, handed back at its release; said once.
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
        #expect(try Self.labelsBeforeACheck(s).filter { $0.hasSuffix(Self.heldStillLabel) }.count == 1)
    }

    /// A context menu opened by holding the right button: pressed, held, let go where it
    /// was or a few pixels off (under the start window's 10 px), it says nothing.
    @Test func aPressHeldStillAndReleasedShowsNoLabel() throws {
        let s = try DaemonTests.Session(config: DaemonShapedStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Menu")
        try Self.pressAndHoldStill(s)
        let p = s.server.pointer
        try p.move(x: 406, y: 303)
        try p.sync()
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3])
        let labels = try Self.labelsBeforeACheck(s)
        #expect(labels.isEmpty, "\(labels)")
    }

    /// Drawn past `stroke-max-duration`: the trail stops where the time ran out, and the
    /// label says why.
    @Test func aStrokeDrawnPastItsTimeLimitIsLabelledTookTooLong() throws {
        let config = DaemonShapedStrokeTests.config.replacingOccurrences(
            of: "button = 3\n", with: "button = 3\nstroke-max-duration = \"500ms\"\n")
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try s.server.drawWithPointer(
            [Point(x: 300, y: 300), Point(x: 340, y: 300), Point(x: 380, y: 310)], release: false)
        #expect(s.daemon.waitForLine(containing: "check-f5 possible → failed (timed out)") != nil)
        let label = "feedback label: not recognized: took too long"
        let line = s.daemon.waitForLine(containing: label)
        #expect(line?.hasSuffix(label) == true, "\(s.daemon.stderrLines.suffix(10))")
        let p = s.server.pointer
        try p.move(x: 420, y: 330)
        try p.release(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "button-release") != nil)
        _ = try window.receivedEvents()
    }
}
