import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A touch accepted after more of it reached the server keeps coming to xgest, also after
/// an earlier sequence was handed back to an application.
@Suite struct AcceptLateTests {
    @Test(arguments: 0..<5) func acceptedTouchKeepsComing(round: Int) throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 150, width: 800, height: 600, className: "Tapped")
        let capture = try Capture(server: server)
        let ts = server.touchscreen
        // A tap on the window, handed back after its end.
        try ts.begin(id: 9, x: 400, y: 400)
        try ts.sync()
        try ts.end(id: 9, x: 400, y: 400)
        try ts.sync()
        let tap = capture.collect().touchSamples
        let device = try #require(capture.source.devices.values.first { $0.kind == .touchscreen }?.id)
        capture.source.handBack(device: device, touches: [tap[0].id])
        capture.display.sync()
        try ts.begin(id: 1, x: 1917, y: 540)
        try ts.sync()
        for step in 1...4 {
            try ts.update(id: 1, x: 1917 - Double(step * 40), y: 540)
            try ts.sync()
        }
        let first = capture.collect().touchSamples
        // More input reaches the server before xgest's acceptance does.
        for step in 5...6 {
            try ts.update(id: 1, x: 1917 - Double(step * 40), y: 540)
            try ts.sync()
        }
        capture.source.ownership.decide(.accept, device: device, touches: [first[0].id])
        capture.display.sync()
        try ts.end(id: 1, x: 1677, y: 540)
        try ts.sync()
        let rest = capture.collect().touchSamples
        #expect(first.count == 5)
        #expect(rest.map(\.phase) == [.update, .update, .end], "round \(round)")
        withExtendedLifetime(window) {}
    }
}
