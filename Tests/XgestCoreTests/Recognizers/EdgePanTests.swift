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

    /// Two fingers lifted together end a two-finger edge pan with both, at their centre
    /// (it said one finger, at the other's place, as a pan's end did).
    @Test func aTwoFingerEdgePanEndsWithBothFingers() {
        var settings = ScreenEdgePanSettings(edges: .left)
        settings.touchesRequired = 2
        var h = Hand()
        h.down(1, 5, 480, at: 0)
        h.down(2, 5, 520, at: 5)
        h.moveAll(by: 150, 0, steps: 10, from: 10, to: 200)
        h.upAll(at: 210)
        let out = run([reg("edge2", ScreenEdgePanRecognizer(settings))], h.events)
        let end = out.gestures.last { $0.name == "edge2" }
        #expect(out.states(of: "edge2").last == .ended)
        #expect(end?.report.fingers == 2)
        #expect(end?.location == Point(x: 155, y: 500))
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

    /// Touch positions carry fractions: the glass's last value lands past the last pixel's
    /// start, and a touchscreen mapped upside down puts its own top on the monitor's bottom
    /// boundary. Both are on the edge; a point past the boundary, or beside the monitor
    /// along the edge, is not.
    @Test func theLastPixelAndTheFarBoundaryAreOnTheEdge() {
        let s = Rect(x: 2000, y: 100, width: 1280, height: 720)
        #expect(ScreenEdge.right.distance(of: Point(x: 3279.94, y: 400), from: s) == 0)
        #expect(ScreenEdge.right.distance(of: Point(x: 3280, y: 400), from: s) == 0)
        #expect(ScreenEdge.bottom.distance(of: Point(x: 2500, y: 820), from: s) == 0)
        #expect(ScreenEdge.bottom.distance(of: Point(x: 2500, y: 819.22), from: s) == 0)
        #expect(ScreenEdge.right.distance(of: Point(x: 3269, y: 400), from: s) == 10)
        #expect(ScreenEdge.left.distance(of: Point(x: 2000, y: 400), from: s) == 0)
        #expect(ScreenEdge.right.distance(of: Point(x: 3280.5, y: 400), from: s) == nil)
        #expect(ScreenEdge.right.distance(of: Point(x: 3279, y: 900), from: s) == nil)
        #expect(ScreenEdge.right.contains(Point(x: 3279.94, y: 400), on: s, thickness: 12))
        #expect(!ScreenEdge.right.contains(Point(x: 3260, y: 400), on: s, thickness: 12))

        let right = reg("right", ScreenEdgePanRecognizer(ScreenEdgePanSettings(edges: .right)))
        let out = run([right], drag(fromX: testScreen.width - 0.06, dx: -150))
        #expect(out.states(of: "right").first == .began)
        let bottom = reg("bottom", ScreenEdgePanRecognizer(ScreenEdgePanSettings(edges: .bottom)))
        var h = Hand()
        h.down(1, 500, testScreen.height, at: 0)
        h.moveAll(by: 0, -150, steps: 10, from: 10, to: 200)
        h.up(1, at: 210)
        #expect(run([bottom], h.events).states(of: "bottom").first == .began)
    }

    @Test func rightEdgeUsesTheScreenWidth() {
        let right = reg("right", ScreenEdgePanRecognizer(ScreenEdgePanSettings(edges: .right)))
        let out = run([right], drag(fromX: testScreen.width - 3, dx: -150))
        #expect(out.gestures.first?.direction == .right)
        #expect(out.states(of: "right").first == .began)
    }
}
