import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// What the application sees depends on xgest's decision: a rejected sequence is
/// replayed to it whole, an accepted one never reaches it, and nothing stays pending.
@Suite struct OwnershipTests {
    /// A 2-finger sequence with movement, on the window at (100,100)-(700,500).
    static func playSequence(_ ts: Touchscreen) throws {
        try ts.begin(id: 1, x: 200, y: 200)
        try ts.begin(id: 2, x: 300, y: 200)
        try ts.update(id: 1, x: 210, y: 220)
        try ts.update(id: 2, x: 310, y: 220)
        try ts.end(id: 1, x: 210, y: 220)
        try ts.end(id: 2, x: 310, y: 220)
        try ts.sync()
    }

    /// Per finger, in order. The server replays a rejected touch's history touch by touch,
    /// so the application sees finger 1's events, then finger 2's.
    static let expectedPerTouch: [[(TouchPhase, Point)]] = [
        [(.begin, Point(x: 200, y: 200)), (.update, Point(x: 210, y: 220)), (.end, Point(x: 210, y: 220))],
        [(.begin, Point(x: 300, y: 200)), (.update, Point(x: 310, y: 220)), (.end, Point(x: 310, y: 220))],
    ]

    /// Checks that the application received both fingers' sequences complete; fingers are
    /// matched by where they began, since replay order follows the order of the rejections.
    static func expectComplete(_ touches: [ReceivedTouch], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(touches.map(\.id)).count == 2, sourceLocation: sourceLocation)
        for expected in expectedPerTouch {
            let begin = touches.first { $0.phase == .begin && $0.root == expected[0].1 }
            let mine = touches.filter { $0.id == begin?.id }
            #expect(mine.map(\.phase) == expected.map(\.0), sourceLocation: sourceLocation)
            // Begin and update positions; the server reports a replayed TouchEnd of the
            // second finger at the pointer-emulating finger's last position (xserver 21.1).
            #expect(
                Array(mine.map(\.root).prefix(2)) == Array(expected.map(\.1).prefix(2)), sourceLocation: sourceLocation)
        }
    }

    @Test func passThroughPolicyReplaysEverySequenceToTheApplication() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 600, height: 400)
        let capture = try Capture(server: server)
        let policy = PassThroughPolicy(ownership: capture.source.ownership)
        for _ in 0..<3 {
            try Self.playSequence(server.touchscreen)
            capture.collect { _ = policy.decide($0) }
            Self.expectComplete(try window.receivedEvents().touches)
            #expect(capture.source.ownership.pending.isEmpty)
        }
    }

    @Test func rejectionAfterTheEndStillReplaysTheWholeSequence() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 600, height: 400)
        let capture = try Capture(server: server)
        try Self.playSequence(server.touchscreen)
        let captured = capture.collect()
        // Held until now: the application has seen nothing yet.
        #expect(try window.receivedEvents().touches.isEmpty)
        #expect(capture.source.ownership.pending.count == 2)
        let ids = Set(captured.touchSamples.map(\.id))
        capture.source.ownership.decide(.reject, device: captured.inputs[0].device, touches: Array(ids))
        capture.display.sync()
        Self.expectComplete(try window.receivedEvents().touches)
        #expect(capture.source.ownership.pending.isEmpty)
    }

    @Test func acceptedSequencesNeverReachTheApplicationAndNothingStaysPending() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 600, height: 400)
        let capture = try Capture(server: server)
        let ownership = capture.source.ownership
        for _ in 0..<3 {
            try Self.playSequence(server.touchscreen)
            capture.collect { e in
                if case .touch(let t) = e.payload, t.phase == .begin {
                    ownership.decide(.accept, device: e.device, touches: [t.id])
                }
            }
            #expect(try window.receivedEvents().touches.isEmpty)
            #expect(ownership.pending.isEmpty)
        }
        // With xgest gone, a new sequence goes straight to the application: no touch was
        // left pending to hold it up.
        capture.source.close()
        try Self.playSequence(server.touchscreen)
        Self.expectComplete(try window.receivedEvents().touches)
    }

    @Test func afterARejectionXgestSeesTheTouchEndAndTheApplicationGetsTheRest() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 600, height: 400)
        let capture = try Capture(server: server)
        let policy = PassThroughPolicy(ownership: capture.source.ownership)
        let ts = server.touchscreen
        try ts.begin(id: 1, x: 200, y: 200)
        try ts.sync()
        var seen = capture.collect { _ = policy.decide($0) }.touchSamples.map(\.phase)
        for x in [210.0, 220, 230] {
            try ts.update(id: 1, x: x, y: 200)
            try ts.sync()
        }
        try ts.end(id: 1, x: 230, y: 200)
        try ts.sync()
        // The server ends the touch for the client that rejected it (when the rejection is
        // processed), and sends it nothing more.
        seen += capture.collect().touchSamples.map(\.phase)
        #expect(seen == [.begin, .end])
        let app = try window.receivedEvents().touches
        #expect(app.map(\.phase) == [.begin, .update, .update, .update, .end])
        #expect(app.map(\.root.x) == [200, 210, 220, 230, 230])
        #expect(capture.source.ownership.pending.isEmpty)
    }

    @Test func holdingUntilTheEndShowsXgestEverythingAndTheApplicationToo() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 600, height: 400)
        let capture = try Capture(server: server)
        var policy = HoldUntilEndPolicy(ownership: capture.source.ownership)
        let ts = server.touchscreen
        var seen: [TouchPhase] = []
        for step in 0..<5 {
            switch step {
            case 0: try ts.begin(id: 1, x: 200, y: 200)
            case 4: try ts.end(id: 1, x: 240, y: 200)
            default: try ts.update(id: 1, x: 200 + Double(step * 10), y: 200)
            }
            try ts.sync()
            seen += capture.collect { policy.decide($0) }.touchSamples.map(\.phase)
            // Nothing reaches the application while the sequence is held.
            if step < 4 { #expect(try window.receivedEvents().touches.isEmpty) }
        }
        #expect(seen == [.begin, .update, .update, .update, .end])
        #expect(try window.receivedEvents().touches.map(\.phase) == [.begin, .update, .update, .update, .end])
        #expect(capture.source.ownership.pending.isEmpty)
    }

    @Test func closingHandsBackUndecidedTouches() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 600, height: 400)
        let capture = try Capture(server: server)
        try server.touchscreen.begin(id: 1, x: 400, y: 300)
        try server.touchscreen.sync()
        capture.collect()
        #expect(capture.source.ownership.pending.count == 1)
        capture.source.close()
        #expect(capture.source.ownership.pending.isEmpty)
        try server.touchscreen.end(id: 1, x: 400, y: 300)
        try server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.map(\.phase) == [.begin, .end])
    }
}
