import Testing

@testable import XgestCore

@Suite struct PanSwipeTests {
    @Test func panBeginsPastItsThresholdAndReportsTranslation() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.moveAll(by: 60, 0, steps: 6, from: 0, to: 300)
        h.up(1, at: 320)
        let out = run([reg("pan", PanRecognizer())], h.events)
        #expect(out.states(of: "pan") == [.began, .changed, .changed, .changed, .changed, .changed, .ended])
        #expect(out.gestures.first?.report.translation == Point(x: 10, y: 0))
        #expect(out.gestures.last?.report.translation == Point(x: 60, y: 0))
        let v = out.gestures[3].report.velocity
        #expect(abs(v.x - 200) < 1 && v.y == 0)
    }

    /// Four fingers lifted together: the first lift ends a four-finger pan, whose end (an
    /// end action's XGEST_FINGERS, XGEST_X and XGEST_Y) said three fingers at the other
    /// three's centre. It is the four, at their centre, where a `drag` lets go.
    @Test func aPanEndsWithEveryFingerItWasMadeWith() {
        var h = Hand()
        h.downAll(4, 400, 300, at: 0)
        h.moveAll(by: 100, 0, from: 10, to: 200)
        h.upAll(at: 210)
        let out = run([reg("pan4", PanRecognizer(PanSettings(minimumTouches: 4)))], h.events)
        let end = out.gestures.last { $0.name == "pan4" }
        #expect(out.states(of: "pan4").last == .ended)
        #expect(end?.report.fingers == 4)
        #expect(end?.location == Point(x: 500, y: 300))
        #expect(end?.report.translation == Point(x: 100, y: 0))
    }

    @Test func panWithTooManyFingersFails() {
        var h = Hand()
        h.downAll(3, 300, 250, at: 0)
        h.moveAll(by: 60, 0, from: 10, to: 300)
        h.upAll(at: 320)
        let out = run([reg("pan2", PanRecognizer(PanSettings(minimumTouches: 1, maximumTouches: 2)))], h.events)
        #expect(out.failure(of: "pan2") == .tooManyFingers)
    }

    func swipeAndPan() -> [RecognizerRegistration] {
        [
            reg("pan", PanRecognizer(), requires: ["swipe"]),
            reg("swipe", SwipeRecognizer(SwipeSettings(directions: .right))),
        ]
    }

    @Test func fastSwipeWinsAndThePanWaitingOnItFails() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.moveAll(by: 200, 0, steps: 10, from: 0, to: 100)
        h.up(1, at: 110)
        let out = run(swipeAndPan(), h.events)
        #expect(out.gestureLines == ["swipe recognized"])
        #expect(out.gestures.first?.direction == .right)
        #expect(out.failure(of: "pan") == .requiredRecognizerSucceeded)
        #expect(out.transitions.contains { $0.name == "pan" && $0.reason == .requiredFailurePending })
    }

    @Test func slowDragFailsTheSwipeAndThePanGoesAhead() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.moveAll(by: 100, 0, steps: 20, from: 0, to: 1000)
        h.up(1, at: 1010)
        let out = run(swipeAndPan(), h.events)
        #expect(out.failure(of: "swipe") == .tooSlow)
        let pan = out.states(of: "pan")
        #expect(pan.first == .began && pan.last == .ended)
        #expect(out.transitions.first { $0.name == "pan" && $0.to == .began }?.reason == .requiredFailureHappened)
        #expect(out.verdicts == [.accept])
    }

    @Test func heldPanThatEndsBeforeTheSwipeFailsStillBeginsAndEnds() {
        // The pan crosses its threshold, then the finger lifts while the swipe is still
        // possible; the swipe fails at the lift and the pan's held begin and end both happen.
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 320, 250, at: 200)
        h.up(1, at: 210)
        let out = run(swipeAndPan(), h.events)
        #expect(out.failure(of: "swipe") == .releasedTooEarly)
        #expect(out.states(of: "pan") == [.began, .ended])
    }

    @Test func swipeInTheWrongDirectionFails() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.moveAll(by: -200, 0, steps: 10, from: 0, to: 100)
        h.up(1, at: 110)
        let out = run([reg("swipe", SwipeRecognizer(SwipeSettings(directions: .right)))], h.events)
        #expect(out.failure(of: "swipe") == .wrongDirection)
        #expect(out.verdicts == [.reject])
    }

    @Test func swipeThatStallsTimesOut() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 310, 250, at: 50)
        h.up(1, at: 900)
        let out = run([reg("swipe", SwipeRecognizer())], h.events)
        #expect(out.failure(of: "swipe") == .timedOut)
        #expect(out.decisions.first?.time == ms(600))
    }

    @Test func fastSwipeToleratesMoreDeviationThanASlowOne() {
        // 25° off the right direction: beyond the slow tolerance (15°), within the fast (30°).
        let angle = 25.0 * Double.pi / 180
        let dir = (cosine: 0.9063077870366499, sine: 0.42261826174069944)  // cos/sin of 25°
        #expect(abs(dir.sine / dir.cosine - 0.4663076581549986) < 1e-12 && angle > 0)
        func stroke(durationMs: Double, distance: Double) -> [InputEvent] {
            var h = Hand()
            h.down(1, 300, 250, at: 0)
            h.moveAll(by: distance * dir.cosine, distance * dir.sine, steps: 20, from: 0, to: durationMs)
            h.up(1, at: durationMs + 5)
            return h.events
        }
        let swipe = reg("swipe", SwipeRecognizer(SwipeSettings(directions: .right)))
        let fast = run([swipe], stroke(durationMs: 100, distance: 200))
        #expect(fast.gestureLines == ["swipe recognized"])
        let slow = run([swipe], stroke(durationMs: 500, distance: 100))
        #expect(slow.failure(of: "swipe") == .wrongDirection)
    }

    @Test(arguments: SwipeDirection.allCases)
    func eightDirectionsWithOneToFiveFingers(direction: SwipeDirection) {
        let registrations = (1...5).flatMap { n in
            SwipeDirection.allCases.map { d in
                reg(
                    "swipe-\(n)-\(d)",
                    SwipeRecognizer(SwipeSettings(directions: SwipeDirections(d), touchesRequired: n)))
            }
        }
        for fingers in 1...5 {
            var h = Hand()
            h.downAll(fingers, 900, 500, at: 0)
            let v = direction.unitVector
            h.moveAll(by: v.x * 200, v.y * 200, steps: 10, from: 10, to: 110)
            h.upAll(at: 120)
            let out = run(registrations, h.events)
            #expect(out.gestureLines == ["swipe-\(fingers)-\(direction) recognized"], "\(fingers) fingers")
            #expect(out.gestures.first?.direction == direction.gestureDirection)
            #expect(out.gestures.first?.fingers == fingers)
            #expect(out.verdicts == [.accept])
            #expect(out.decisions.first?.touchIDs == (1...fingers).map { UInt32($0) })
        }
    }
}
