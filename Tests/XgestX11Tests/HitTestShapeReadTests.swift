import Testing
import XgestCore
import XgestTestServer

@testable import XgestX11

/// A hit-test reads the input shape of the windows it passes on its way down the stack,
/// once each, and stops at the window it finds: the windows below it cost nothing.
@Suite(.serialized) struct HitTestShapeReadTests {
    @Test func aHitTestReadsNoInputShapeBelowTheWindowItFinds() throws {
        let server = try XorgServer()
        defer { server.stop() }
        var below: [TestWindow] = []
        defer { for w in below { w.close() } }
        for _ in 0..<20 {
            var options = TestWindow.Options(x: 100, y: 100, width: 400, height: 300)
            options.className = "Below"
            below.append(try TestWindow(server: server, options: options))
        }
        var topOptions = TestWindow.Options(x: 100, y: 100, width: 400, height: 300)
        topOptions.className = "Top"
        let top = try TestWindow(server: server, options: topOptions)
        defer { top.close() }
        let capture = try Capture(server: server)
        capture.collect()

        #expect(capture.source.hitTest(Point(x: 300, y: 250)).window?.className == "Top")
        #expect(capture.source.topLevels.entry(top.window)?.takesInput == true)
        let read = below.filter { capture.source.topLevels.entry($0.window)?.takesInput != nil }
        #expect(read.isEmpty, "\(read.count) of \(below.count) windows under the one found had their input shape read")
    }
}
