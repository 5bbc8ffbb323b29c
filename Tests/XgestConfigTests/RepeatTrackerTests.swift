import Testing
import XgestCore

@Suite struct RepeatTrackerTests {
    let steps = RepeatSteps(distancePx: 50, scale: 1.25, angleRadians: Double.pi / 12)

    @Test func pinchOutStepsForwardThenReverseWhenTurningBack() {
        var t = RepeatTracker(kind: .pinch, steps: steps)
        #expect(t.track(.began, GestureReport(direction: .out, scale: 1.1)) == [.forward])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.3)) == [])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.38)) == [.forward])  // 1.1 × 1.25 = 1.375
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 2.2)) == [.forward, .forward])
        // Turning back: one step back below each step boundary, not at it.
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.8)) == [])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.7)) == [.reverse])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.0)) == [.reverse, .reverse])
        #expect(t.track(.ended, GestureReport(direction: .out, scale: 1.0)) == [])
    }

    @Test func pinchInStepsAsTheScaleShrinks() {
        var t = RepeatTracker(kind: .pinch, steps: steps)
        #expect(t.track(.began, GestureReport(direction: .in, scale: 0.9)) == [.forward])
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 0.72)) == [.forward])
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 0.9)) == [.reverse])
    }

    @Test func rotationCounterClockwise() {
        var t = RepeatTracker(kind: .rotate, steps: steps)
        let step = Double.pi / 12
        #expect(t.track(.began, GestureReport(direction: .counterClockwise, rotationRadians: -0.2)) == [.forward])
        #expect(
            t.track(.changed, GestureReport(direction: .counterClockwise, rotationRadians: -0.2 - 2.5 * step))
                == [.forward, .forward])
        #expect(
            t.track(.changed, GestureReport(direction: .counterClockwise, rotationRadians: -0.2 - 0.8 * step)) == [
                .reverse
            ])
    }

    @Test func swipeAndEdgeMeasureAlongTheirDirection() {
        var swipe = RepeatTracker(kind: .swipe, steps: steps)
        #expect(swipe.track(.began, GestureReport(direction: .left, translation: Point(x: -40, y: 0))) == [.forward])
        // Sideways motion does not count.
        #expect(swipe.track(.changed, GestureReport(direction: .left, translation: Point(x: -40, y: 300))) == [])
        #expect(
            swipe.track(.changed, GestureReport(direction: .left, translation: Point(x: -140, y: 0)))
                == [.forward, .forward])
        var edge = RepeatTracker(kind: .edge, steps: steps)
        #expect(edge.track(.began, GestureReport(direction: .left, translation: Point(x: 12, y: 0))) == [.forward])
        #expect(edge.track(.changed, GestureReport(direction: .left, translation: Point(x: 70, y: 0))) == [.forward])
    }

    @Test func aRunawayReportIsBounded() {
        var t = RepeatTracker(kind: .pinch, steps: steps)
        _ = t.track(.began, GestureReport(direction: .in, scale: 0.9))
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 0)).count == RepeatTracker.maximumStepsPerReport)
        // It continues from there rather than catching up later.
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 0)) == [])
    }

    @Test func changesBeforeABeginStepNothing() {
        var t = RepeatTracker(kind: .pan, steps: steps)
        #expect(t.track(.changed, GestureReport(translation: Point(x: 500, y: 0))) == [])
    }
}
