import Testing

@testable import XgestCore

/// The engine owns both edges of a sequence: the window under its first event may come
/// with the event, and a rejected touchscreen sequence ends for xgest at the decision, so
/// replay behaves as the daemon does.
@Suite struct HandBackRuleTests {
    /// A two-finger tap only: a lone finger is rejected when its landing window ends.
    static let regs = [reg("tap2", TapRecognizer(TapSettings(touchesRequired: 2)))]

    @Test func aRejectedSequenceEndsItsTouchesWhereTheyWere() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 305, 252, at: 20)
        // Later events of the handed-back touch: the X layer drops them, replay ignores them.
        h.move(1, 400, 260, at: 80)
        h.up(1, at: 120)
        let out = run(Self.regs, h.events)
        #expect(out.decisions.map(\.verdict) == [.reject])
        let reject = out.decisions.first
        let ended: [HandedBackTouch] = out.compactMap {
            if case .handedBack(let b) = $0 { return b } else { return nil }
        }
        #expect(ended.map(\.touchID) == [1])
        #expect(ended.first?.location == Point(x: 305, y: 252))
        #expect(ended.first?.time == reject?.time)
        #expect(ended.first?.event.payload == .touch(TouchSample(id: 1, phase: .end, location: Point(x: 305, y: 252))))
    }

    @Test func aFingerLandingAfterARejectStartsANewSequence() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        // Finger 1 is rejected at 50 ms, still down; finger 2 lands at 150 ms beside it,
        // past the window in which it would join it (LateFingerTests).
        h.down(2, 360, 250, at: 150)
        h.up(2, at: 190)
        h.up(1, at: 200)
        let out = run(Self.regs, h.events)
        let decisions = out.decisions
        #expect(decisions.count == 2)
        #expect(decisions.map(\.touchIDs) == [[1], [2]])
        #expect(decisions[0].sequence != decisions[1].sequence)
        // The new sequence has one finger, so the two-finger tap cannot take it either.
        #expect(decisions.allSatisfy { $0.verdict == .reject })
        #expect(out.gestures.isEmpty)
    }

    /// A binding is one recognizer per device kind (docs/config.md): while it follows one
    /// touchscreen's gesture, it cannot take another touchscreen's, whose touches go to the
    /// applications at once, as with no binding at all.
    @Test func aSecondTouchscreensSequenceIsHandedBackWhileTheFirstsGestureRuns() {
        var first = Hand()
        var second = Hand()
        second.device = touchscreenID + 10
        first.down(1, 300, 250, at: 0)
        first.down(2, 360, 250, at: 0)
        second.down(1, 1300, 250, at: 5)
        second.down(2, 1360, 250, at: 5)
        first.up(1, at: 40)
        first.up(2, at: 40)
        second.up(1, at: 45)
        second.up(2, at: 45)
        let events = (first.events + second.events).sorted { $0.time < $1.time }
        let out = run(Self.regs, events)
        #expect(out.gestureLines == ["tap2 recognized"])
        #expect(out.decisions.filter { $0.device == touchscreenID }.map(\.verdict) == [.accept])
        // Each finger of the second one lands, finds the binding taken and is handed back.
        let seconds = out.decisions.filter { $0.device == touchscreenID + 10 }
        #expect(seconds.map(\.verdict) == [.reject, .reject])
        #expect(seconds.map(\.touchIDs) == [[1], [2]])
    }

    @Test func anAcceptedSequenceKeepsItsTouches() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 360, 250, at: 10)
        h.up(1, at: 60)
        h.up(2, at: 62)
        let out = run(Self.regs, h.events)
        #expect(out.gestureLines == ["tap2 recognized"])
        #expect(!out.contains { if case .handedBack = $0 { return true } else { return false } })
    }

    @Test func theStartTargetPassedWithTheEventIsUsed() throws {
        let counter = CountingHitTest(WindowStack())
        var engine = try GestureEngine(
            registrations: [reg("tap", TapRecognizer())], hitTesting: counter, screen: testScreen)
        let editor = WindowInfo(
            id: 0x500001, instance: "editor", className: "Editor", frame: Rect(x: 0, y: 0, width: 800, height: 600))
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 40)
        var out: [EngineOutput] = []
        engine.process(h.events[0], startTarget: .window(editor), into: &out)
        engine.process(h.events[1], into: &out)
        #expect(counter.calls.isEmpty)
        #expect(out.gestures.first?.target == .window(editor))
    }
}
