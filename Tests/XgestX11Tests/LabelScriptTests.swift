import CXgest
import Foundation
import Testing
import XgestTestServer

@testable import XgestCore
@testable import XgestX11

/// Labels of shapes named outside Latin-1 (a stroke template may be named in any
/// letters), drawn on the real server and read back from the screen.
@Suite struct LabelScriptTests {
    /// The screen under the label of a stroke whose closest shape is `name`, drawn by an
    /// overlay of the test's own.
    static func labelPixels(_ name: String, on server: XorgServer, watch: ScreenWatch) throws -> [[UInt32]] {
        let display = try XDisplay(name: server.displayName)
        let overlay = try FeedbackOverlay(
            display: display, options: FeedbackOptions(), pointerStrokeButtons: [3], touchscreenStrokes: false,
            ownWindow: { _ in })
        let path = FeedbackTrackerTests.path
        overlay.observe(FeedbackTrackerTests.press(3, path[0]))
        for p in path.dropFirst() { overlay.observe(FeedbackTrackerTests.move(p)) }
        overlay.observe(FeedbackTrackerTests.classified(name, score: 0.5))
        overlay.observe(FeedbackTrackerTests.reject(FeedbackTrackerTests.mouse, .pointer))
        _ = overlay.render(nowMicroseconds: 1_000_000, clock: { 0 })
        #expect(overlay.takeNewLabel() == "not recognized: closest \(name) 0.50")
        display.sync()
        let end = path[path.count - 1]
        let shown = watch.pixels(x: Int(end.x), y: Int(end.y), width: 500, height: 60)
        overlay.close()
        display.sync()
        return shown
    }

    /// A Cyrillic name is drawn in its letters, not as one `?` each; a character no font
    /// of the server has is drawn as one visible replacement, the same for any of them,
    /// and not as `?`.
    @Test func aNameOutsideLatin1IsDrawnInItsLettersOrAReplacement() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let watch = try ScreenWatch(server: server)
        let cyrillic = try Self.labelPixels("треугольник", on: server, watch: watch)
        let asked = try Self.labelPixels("???????????", on: server, watch: watch)
        #expect(cyrillic.joined().contains { $0 != 0 }, "nothing drawn")
        #expect(cyrillic != asked, "the Cyrillic name was drawn as question marks")
        let greek = try Self.labelPixels("τρίγωνο", on: server, watch: watch)
        #expect(greek != (try Self.labelPixels("???????", on: server, watch: watch)))
        // Emoji are in no core font: one replacement each, not `?`.
        let missing = try Self.labelPixels("\u{1F600}", on: server, watch: watch)
        #expect(missing == (try Self.labelPixels("\u{1F680}", on: server, watch: watch)))
        #expect(missing != (try Self.labelPixels("?", on: server, watch: watch)))
    }
}
