import Testing

@testable import XgestCore

@Suite struct TapTests {
    let single = reg("single-tap", TapRecognizer())
    let double = reg("double-tap", TapRecognizer(TapSettings(tapsRequired: 2)))

    @Test func singleTapAloneRecognizesAtLiftAndAccepts() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 80)
        let out = run([single], h.events)
        #expect(out.gestureLines == ["single-tap recognized"])
        #expect(out.gestures.first?.time == ms(80))
        #expect(out.decisions.map(\.verdict) == [.accept])
        #expect(out.decisions.first?.touchIDs == [1])
    }

    @Test func doubleTapRecognizedAndTheSingleTapWaitingOnItFails() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 80)
        h.down(2, 302, 251, at: 200)
        h.up(2, at: 280)
        let out = run([single, double], h.events)
        #expect(out.gestureLines == ["double-tap recognized"])
        #expect(out.failure(of: "single-tap") == .requiredRecognizerSucceeded)
        // The single tap recognized at the first lift but was held by the double tap.
        #expect(
            out.transitions.contains {
                $0.name == "single-tap" && $0.reason == .requiredFailurePending && $0.related == "double-tap"
            })
        // Both sequences accepted, each exactly once, when the double tap recognized.
        #expect(out.decisions.map(\.verdict) == [.accept, .accept])
        #expect(out.decisions.map(\.sequence) == [1, 2])
        #expect(out.decisions.allSatisfy { $0.time == ms(280) })
    }

    @Test func singleTapRecognizedOnlyWhenTheDoubleTapIntervalRunsOut() throws {
        var engine = try #require(makeEngine([single, double]))
        var out: [EngineOutput] = []
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 80)
        for e in h.events { engine.process(e, into: &out) }
        #expect(out.gestures.isEmpty)
        #expect(out.decisions.isEmpty)
        #expect(engine.state(of: "single-tap") == .possible)
        #expect(engine.nextDeadline == ms(80 + 350))

        engine.advance(to: ms(429), into: &out)
        #expect(out.gestures.isEmpty)

        engine.advance(to: ms(430), into: &out)
        #expect(out.failure(of: "double-tap") == .timedOut)
        #expect(out.gestureLines == ["single-tap recognized"])
        #expect(out.gestures.first?.time == ms(430))
        #expect(out.decisions.map(\.verdict) == [.accept])
        #expect(engine.isIdle)
        #expect(engine.states.allSatisfy { $0.state == .possible })
    }

    @Test func tapThatMovesTooFarFailsAndIsRejected() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 315, 250, at: 40)
        h.up(1, at: 80)
        let out = run([single], h.events)
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "single-tap") == .movedTooFar)
        #expect(out.verdicts == [.reject])
        // Rejected as soon as the tap failed, not at the lift.
        #expect(out.decisions.first?.time == ms(40))
    }

    @Test func twoFingerTapNeedsBothFingers() {
        let twoFinger = reg("two-finger-tap", TapRecognizer(TapSettings(touchesRequired: 2)))
        var ok = Hand()
        ok.downAll(2, 300, 250, at: 0)
        ok.upAll(at: 90)
        let good = run([twoFinger], ok.events)
        #expect(good.gestureLines == ["two-finger-tap recognized"])
        #expect(good.gestures.first?.fingers == 2)
        #expect(good.decisions.first?.touchIDs == [1, 2])

        var one = Hand()
        one.down(1, 300, 250, at: 0)
        one.up(1, at: 90)
        #expect(run([twoFinger], one.events).failure(of: "two-finger-tap") == .tooFewFingers)

        var three = Hand()
        three.downAll(3, 300, 250, at: 0)
        three.upAll(at: 90)
        #expect(run([twoFinger], three.events).failure(of: "two-finger-tap") == .tooManyFingers)
    }

    /// A finger resting under a two-finger tap binding goes back to the application when
    /// the finger-landing window ends, not after the whole press duration or at the lift.
    @Test func aLoneFingerFailsATwoFingerTapWhenTheLandingWindowEnds() throws {
        let twoFinger = reg("two-finger-double-tap", TapRecognizer(TapSettings(tapsRequired: 2, touchesRequired: 2)))
        var engine = try #require(makeEngine([twoFinger]))
        var out: [EngineOutput] = []
        var one = Hand()
        one.down(1, 300, 250, at: 0)
        for e in one.events { engine.process(e, into: &out) }
        #expect(engine.nextDeadline == ms(50))
        engine.advance(to: ms(49), into: &out)
        #expect(out.decisions.isEmpty)
        engine.advance(to: ms(50), into: &out)
        #expect(out.failure(of: "two-finger-double-tap") == .tooFewFingers)
        #expect(out.decisions.map(\.verdict) == [.reject])
        #expect(out.decisions.first?.time == ms(50))

        // The second finger landing within the window (here at its very end) keeps the tap
        // going; its press limit is then the only deadline.
        var two = Hand()
        two.down(1, 300, 250, at: 0)
        two.down(2, 340, 250, at: 49)
        two.upAll(at: 400)
        two.downAll(2, 300, 250, at: 500)
        two.upAll(at: 560)
        #expect(run([twoFinger], two.events).gestureLines == ["two-finger-double-tap recognized"])
    }

    @Test func pressHeldTooLongIsNotATap() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 1500)
        let out = run([single], h.events)
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "single-tap") == .timedOut)
        #expect(out.decisions.first?.time == ms(1000))
    }

    @Test func defaultTapRelationCanBeTurnedOff() {
        var independent = single
        independent.defaultTapRelations = false
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 80)
        let out = run([independent, double], h.events)
        // Not waiting: the single tap recognizes at the lift and fails the double tap.
        #expect(out.gestureLines == ["single-tap recognized"])
        #expect(out.gestures.first?.time == ms(80))
        #expect(out.failure(of: "double-tap") == .failedByOtherRecognizer)
    }
}
