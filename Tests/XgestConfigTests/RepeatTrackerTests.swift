import Testing
import XgestCore

@Suite struct RepeatTrackerTests {
    let steps = RepeatSteps(distancePx: 50, scale: 1.25, angleRadians: Double.pi / 12)

    /// Steps lie a step size apart from the gesture's start (scale 1), the begin's being the
    /// first: 1.25, 1.5625, 1.953…, 2.441…; turning back, a step back is taken a full step
    /// below the step reached.
    @Test func pinchOutStepsForwardThenReverseWhenTurningBack() {
        var t = RepeatTracker(kind: .pinch, steps: steps)
        #expect(t.track(.began, GestureReport(direction: .out, scale: 1.1)) == [.forward])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.5)) == [])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.57)) == [.forward])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 2.5)) == [.forward, .forward])
        // Turning back: one step back below each step boundary, not at it.
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 2.0)) == [])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.9)) == [.reverse])
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.2)) == [.reverse, .reverse])
        #expect(t.track(.ended, GestureReport(direction: .out, scale: 1.2)) == [])
    }

    /// A fast spread: the begin comes at 2.5 times the start's spread, past four steps, and
    /// takes all four; closing to the start in one update takes four back. The grid was
    /// anchored at the begin's scale, so the begin took one step and the close four.
    @Test func aFastSpreadTakesEveryStepItCrossedAndClosingUndoesThem() {
        var t = RepeatTracker(kind: .pinch, steps: steps)
        #expect(t.track(.began, GestureReport(direction: .out, scale: 2.5)) == Array(repeating: .forward, count: 4))
        #expect(t.track(.changed, GestureReport(direction: .out, scale: 1.0)) == Array(repeating: .reverse, count: 4))
    }

    /// A slow pinch out and back to its start: every step is undone, the begin's too. The
    /// grid was anchored at the begin's 1.12, so the application was left a step in.
    @Test func aPinchBackToItsStartUndoesEveryStepTheBeginsIncluded() {
        var t = RepeatTracker(kind: .pinch, steps: steps)
        var net = 0
        func track(_ state: GestureState, _ scale: Double) {
            for step in t.track(state, GestureReport(direction: .out, scale: scale)) {
                net += step == .forward ? 1 : -1
            }
        }
        track(.began, 1.12)
        for scale in [1.3, 1.6, 1.3] { track(.changed, scale) }
        #expect(net == 2)
        track(.changed, 1.0)
        #expect(net == 0)
        // On past the start, the reverse goes on a step at a time, as the forward did.
        track(.changed, 0.81)
        #expect(net == 0)
        track(.changed, 0.8)
        #expect(net == -1)
    }

    @Test func pinchInStepsAsTheScaleShrinks() {
        var t = RepeatTracker(kind: .pinch, steps: steps)
        #expect(t.track(.began, GestureReport(direction: .in, scale: 0.9)) == [.forward])
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 0.6)) == [.forward])  // 1 / 1.25²
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 0.85)) == [.reverse])
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 1.0)) == [.reverse])
    }

    @Test func rotationCounterClockwise() {
        var t = RepeatTracker(kind: .rotate, steps: steps)
        let step = Double.pi / 12
        #expect(t.track(.began, GestureReport(direction: .counterClockwise, rotationRadians: -0.2)) == [.forward])
        #expect(
            t.track(.changed, GestureReport(direction: .counterClockwise, rotationRadians: -3.5 * step))
                == [.forward, .forward])
        #expect(
            t.track(.changed, GestureReport(direction: .counterClockwise, rotationRadians: -1.9 * step)) == [
                .reverse
            ])
        // Back to the start: the begin's step is undone too.
        #expect(
            t.track(.changed, GestureReport(direction: .counterClockwise, rotationRadians: 0)) == [.reverse, .reverse])
    }

    @Test func swipeAndEdgeMeasureAlongTheirDirection() {
        var swipe = RepeatTracker(kind: .swipe, steps: steps)
        #expect(swipe.track(.began, GestureReport(direction: .left, translation: Point(x: -40, y: 0))) == [.forward])
        // Sideways motion does not count.
        #expect(swipe.track(.changed, GestureReport(direction: .left, translation: Point(x: -40, y: 300))) == [])
        #expect(
            swipe.track(.changed, GestureReport(direction: .left, translation: Point(x: -160, y: 0)))
                == [.forward, .forward])
        // Back past the start: the three steps undone, and one more.
        #expect(
            swipe.track(.changed, GestureReport(direction: .left, translation: Point(x: 60, y: 0)))
                == Array(repeating: .reverse, count: 4))
        var edge = RepeatTracker(kind: .edge, steps: steps)
        #expect(edge.track(.began, GestureReport(direction: .left, translation: Point(x: 12, y: 0))) == [.forward])
        #expect(edge.track(.changed, GestureReport(direction: .left, translation: Point(x: 70, y: 0))) == [])
        #expect(edge.track(.changed, GestureReport(direction: .left, translation: Point(x: 100, y: 0))) == [.forward])
    }

    /// A pan's progress is its distance from the start: a begin far out takes the steps it crossed.
    @Test func aPanBegunFarOutTakesTheStepsItCrossed() {
        var pan = RepeatTracker(kind: .pan, steps: steps)
        #expect(pan.track(.began, GestureReport(translation: Point(x: 0, y: 120))) == [.forward, .forward])
        #expect(pan.track(.changed, GestureReport(translation: Point(x: 0, y: 0))) == [.reverse, .reverse])
    }

    @Test func aRunawayReportIsBounded() {
        var t = RepeatTracker(kind: .pinch, steps: steps)
        _ = t.track(.began, GestureReport(direction: .in, scale: 0.9))
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 0)).count == RepeatTracker.maximumStepsPerReport)
        // It continues from there rather than catching up later.
        #expect(t.track(.changed, GestureReport(direction: .in, scale: 0)) == [])
        // A begin far off is bounded the same, its own step included.
        var u = RepeatTracker(kind: .pinch, steps: steps)
        #expect(
            u.track(.began, GestureReport(direction: .out, scale: 1e300)).count == RepeatTracker.maximumStepsPerReport)
    }

    @Test func changesBeforeABeginStepNothing() {
        var t = RepeatTracker(kind: .pan, steps: steps)
        #expect(t.track(.changed, GestureReport(translation: Point(x: 500, y: 0))) == [])
    }
}
