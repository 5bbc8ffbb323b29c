import Foundation
import Testing
import XgestTestServer

/// One hardware frame of a touchscreen reaches xgest as one touch update per finger, all
/// with one event time, and they can arrive in two reads of the connection: the server
/// posts the first while the second is still on its way. The recognizers must see the
/// frame whole, never half-applied (docs/state-machines, "Same-time frames").
@Suite struct SplitFrameTests {
    static let config = """
        [[gesture]]
        name = "two-pan"
        kind = "pan"
        device = "touchscreen"
        fingers = 2
        action = "key p"

        [[gesture]]
        name = "spread"
        kind = "pinch"
        device = "touchscreen"
        direction = "out"
        action = "key o"
        """

    /// Two fingers spreading symmetrically: the centroid never moves, so every frame seen
    /// whole says pinch; a frame seen half-applied moves the centroid by half a step.
    static func spread(_ s: DaemonTests.Session, centerX: Double, y: Double) throws {
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: centerX - 50, y: y)
        try ts.begin(id: 2, x: centerX + 50, y: y)
        try ts.sync()
        for step in 1...10 {
            let d = Double(step * 14)
            try ts.update(id: 1, x: centerX - 50 - d, y: y)
            try ts.update(id: 2, x: centerX + 50 + d, y: y)
            try ts.sync()
        }
        try ts.end(id: 1, x: centerX - 190, y: y)
        try ts.end(id: 2, x: centerX + 190, y: y)
        try ts.sync()
    }

    @Test func symmetricSpreadsArePinchesEveryTime() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let rounds = 12
        for round in 0..<rounds {
            try Self.spread(s, centerX: 700 + Double(round % 3) * 200, y: 300 + Double(round % 4) * 150)
            #expect(waitForLines(s.daemon, containing: "action         spread", count: round + 1))
        }
        let pans = s.daemon.stderrLines.filter { $0.contains("two-pan") && $0.contains("began") }
        #expect(pans.isEmpty, "a spread began a two-finger pan: \(pans)")
        let actions = s.daemon.stderrLines.filter { $0.contains("action   ") }
        #expect(actions.count == rounds, "\(actions)")
    }
}
