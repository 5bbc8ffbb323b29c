import Testing
import XgestCore
import XgestTestServer
import XgestX11

@Suite struct AcceptLateTests {
    @Test(arguments: 0..<30) func acceptedTouchKeepsComing(round: Int) throws {
        let server = try XorgServer()
        defer { server.stop() }
        let capture = try Capture(server: server)
        let ts = server.touchscreen
        try ts.begin(id: 1, x: 1917, y: 540)
        try ts.sync()
        for step in 1...4 {
            try ts.update(id: 1, x: 1917 - Double(step * 40), y: 540)
            try ts.sync()
        }
        let first = capture.collect().touchSamples
        capture.source.ownership.decide(.accept, device: capture.source.devices.values.first { $0.kind == .touchscreen }?.id ?? 0, touches: [first[0].id])
        capture.display.sync()
        for step in 5...6 {
            try ts.update(id: 1, x: 1917 - Double(step * 40), y: 540)
            try ts.sync()
        }
        try ts.end(id: 1, x: 1677, y: 540)
        try ts.sync()
        let rest = capture.collect().touchSamples
        #expect(first.count == 5)
        #expect(rest.map(\.phase) == [.update, .update, .end], "round \(round)")
    }
}
