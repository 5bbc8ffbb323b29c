import Testing

@testable import XgestCore

@Suite struct EdgePanTests {
    let edge = reg("edge", ScreenEdgePanRecognizer(ScreenEdgePanSettings(edges: .left)))

    func drag(fromX x: Double, dx: Double, dy: Double = 0) -> [InputEvent] {
        var h = Hand()
        h.down(1, x, 500, at: 0)
        h.moveAll(by: dx, dy, steps: 10, from: 10, to: 200)
        h.up(1, at: 210)
        return h.events
    }

    @Test func startingFivePixelsFromTheLeftEdgeBegins() {
        let out = run([edge], drag(fromX: 5, dx: 150))
        #expect(out.states(of: "edge").first == .began)
        #expect(out.states(of: "edge").last == .ended)
        #expect(out.gestures.first?.direction == .left)
        #expect(out.gestures.last?.report.translation == Point(x: 150, y: 0))
        #expect(out.verdicts == [.accept])
    }

    @Test func startingAHundredPixelsInDoesNot() {
        let out = run([edge], drag(fromX: 100, dx: 150))
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "edge") == .notAtEdge)
        // Rejected at the first touch: nothing else could claim it.
        #expect(out.decisions.first?.time == ms(0))
        #expect(out.verdicts == [.reject])
    }

    @Test func mustMoveAwayFromTheEdge() {
        let along = run([edge], drag(fromX: 5, dx: 2, dy: 150))
        #expect(along.failure(of: "edge") == .wrongDirection)
    }

    @Test func rightEdgeUsesTheScreenWidth() {
        let right = reg("right", ScreenEdgePanRecognizer(ScreenEdgePanSettings(edges: .right)))
        let out = run([right], drag(fromX: testScreen.width - 3, dx: -150))
        #expect(out.gestures.first?.direction == .right)
        #expect(out.states(of: "right").first == .began)
    }
}
