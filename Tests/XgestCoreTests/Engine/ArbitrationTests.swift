import Testing

@testable import XgestCore

/// A hit-test that counts its calls, to check the engine asks once per sequence.
final class CountingHitTest: HitTesting, @unchecked Sendable {
    var calls: [Point] = []
    let stack: WindowStack
    init(_ stack: WindowStack) { self.stack = stack }
    func hitTest(_ p: Point) -> HitTarget {
        calls.append(p)
        return stack.hitTest(p)
    }
}

/// A recognizer that asks for whatever it is told to, to provoke invalid transitions.
struct ScriptedRecognizer: GestureRecognizer {
    var onBegan: RecognizerDecision
    var onEnded: RecognizerDecision = .none
    var kind: GestureKind { .custom }
    var deviceKind: DeviceKind { .touchscreen }
    var isContinuous: Bool { false }
    var deadline: EventTime? { nil }
    var report: GestureReport { GestureReport() }
    mutating func touchesBegan(_ frame: TouchFrame) -> RecognizerDecision { onBegan }
    mutating func touchesEnded(_ frame: TouchFrame) -> RecognizerDecision { onEnded }
    mutating func reset() {}
}

@Suite struct ArbitrationTests {
    @Test func withNoTouchscreenRecognizersEverySequenceIsRejectedAtItsFirstEvent() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 400, 250, at: 30)
        h.moveAll(by: 50, 0, from: 40, to: 100)
        h.upAll(at: 120)
        let out = run([reg("pad", TouchpadSwipeRecognizer())], h.events)
        #expect(out.decisions.count == 2)
        #expect(
            out.decisions[0].verdict == .reject && out.decisions[0].touchIDs == [1] && out.decisions[0].time == ms(0))
        // The first finger was handed back, so it ended for xgest: the finger that lands
        // while it is down follows it, rejected at its begin too.
        #expect(
            out.decisions[1].verdict == .reject && out.decisions[1].touchIDs == [2] && out.decisions[1].time == ms(30))
        #expect(out.decisions[0].sequence == out.decisions[1].sequence)
        #expect(out.decisions[1].reason == .joinsTouchesHandedBack)
    }

    @Test func oneFingerWithOnlyThreeFingerGesturesIsRejectedOnceTheFingersCannotArrive() {
        let regs = [
            reg("tap3", TapRecognizer(TapSettings(touchesRequired: 3))),
            reg("swipe3", SwipeRecognizer(SwipeSettings(directions: .all, touchesRequired: 3))),
            reg("pan3", PanRecognizer(PanSettings(minimumTouches: 3))),
        ]
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 330, 250, at: 40)
        h.up(1, at: 900)
        let out = run(regs, h.events)
        #expect(out.verdicts == [.reject])
        // The pan fails when the finger moves past its threshold alone; the tap when it
        // moves too far; the swipe when it has covered its distance with one finger.
        #expect(out.decisions.first?.time == ms(40))
        #expect(out.failure(of: "pan3") == .tooFewFingers)

        // Still: a stationary finger is rejected when the landing window ends.
        var still = Hand()
        still.down(1, 300, 250, at: 0)
        still.up(1, at: 900)
        let waited = run([regs[2]], still.events)
        #expect(waited.decisions.first?.time == ms(1000 * defaultFingerLandingWindowSeconds))
    }

    @Test func acceptedSequenceAcceptsLaterTouchesAtTheirBegin() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.moveAll(by: 40, 0, steps: 4, from: 10, to: 100)
        h.down(2, 500, 250, at: 150)
        h.upAll(at: 200)
        let out = run([reg("pan", PanRecognizer())], h.events)
        #expect(out.decisions.map(\.verdict) == [.accept, .accept])
        #expect(out.decisions.map(\.touchIDs) == [[1], [2]])
        #expect(out.decisions[1].time == ms(150))
    }

    @Test func everyTouchOfAnUndecidedSequenceIsListedInItsDecision() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 340, 250, at: 20)
        h.down(3, 380, 250, at: 40)
        h.moveAll(by: 0, 200, steps: 10, from: 50, to: 150)
        h.upAll(at: 160)
        let out = run([reg("swipe3", SwipeRecognizer(SwipeSettings(directions: .down, touchesRequired: 3)))], h.events)
        #expect(out.decisions.count == 1)
        #expect(out.decisions.first?.touchIDs == [1, 2, 3])
        #expect(out.decisions.first?.verdict == .accept)
    }

    @Test func shouldBeginSeesTheHitTargetAndCanFail() {
        var stack = WindowStack()
        stack.place(
            WindowInfo(
                id: 0x400001, instance: "Navigator", className: "firefox",
                frame: Rect(x: 0, y: 0, width: 800, height: 600)))
        let onlyFirefox: ShouldBeginPredicate = {
            $0.target.window?.className == "firefox" ? .begin : .fail(.conditionFalse)
        }
        let regs = [reg("tap", TapRecognizer(), shouldBegin: onlyFirefox)]
        var inside = Hand()
        inside.down(1, 300, 250, at: 0)
        inside.up(1, at: 50)
        let a = run(regs, inside.events, hitTesting: stack)
        #expect(a.gestureLines == ["tap recognized"])
        #expect(a.gestures.first?.target.window?.className == "firefox")

        var outside = Hand()
        outside.down(1, 1000, 900, at: 0)
        outside.up(1, at: 50)
        let b = run(regs, outside.events, hitTesting: stack)
        #expect(b.gestures.isEmpty)
        #expect(b.failure(of: "tap") == .conditionFalse)
        #expect(b.verdicts == [.reject])
    }

    @Test func hitTestIsAskedOncePerSequenceAtItsFirstPoint() throws {
        let counter = CountingHitTest(WindowStack())
        var engine = try GestureEngine(
            registrations: [reg("pan", PanRecognizer()), reg("tap", TapRecognizer())], hitTesting: counter,
            screen: testScreen)
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 350, 250, at: 10)
        h.moveAll(by: 100, 0, from: 20, to: 120)
        h.upAll(at: 130)
        h.down(3, 700, 700, at: 500)
        h.up(3, at: 550)
        var out: [EngineOutput] = []
        for e in h.events { engine.process(e, into: &out) }
        #expect(counter.calls == [Point(x: 300, y: 250), Point(x: 700, y: 700)])
    }

    @Test func invalidTransitionIsLoggedAsABugNotACrash() {
        // A discrete recognizer asking to change (a continuous-only step) while possible.
        let out = run(
            [reg("odd", ScriptedRecognizer(onBegan: .change))],
            {
                var h = Hand()
                h.down(1, 10, 10, at: 0)
                h.up(1, at: 10)
                return h.events
            }())
        #expect(out.transitions.first?.reason == .invalidTransition)
        #expect(out.transitions.first.map { ($0.from, $0.to) } ?? (.possible, .possible) == (.possible, .changed))
        #expect(out.gestures.isEmpty)
        #expect(out.verdicts == [.reject])

        // A discrete recognizer asking to begin (a continuous step).
        let begin = run(
            [reg("odd", ScriptedRecognizer(onBegan: .begin(.thresholdCrossed)))],
            {
                var h = Hand()
                h.down(1, 10, 10, at: 0)
                h.up(1, at: 10)
                return h.events
            }())
        #expect(begin.transitions.first?.reason == .invalidTransition)
        #expect(begin.transitions.first?.to == .began)
    }

    @Test func sequenceNobodyDecidesFailsItsRecognizersAtTheEnd() {
        let out = run(
            [reg("mute", ScriptedRecognizer(onBegan: .none))],
            {
                var h = Hand()
                h.down(1, 10, 10, at: 0)
                h.up(1, at: 10)
                return h.events
            }())
        #expect(out.failure(of: "mute") == .sequenceEnded)
        #expect(out.verdicts == [.reject])
    }

    @Test func cancelSequenceCancelsActiveGesturesAndRejectsUndecided() throws {
        var engine = try #require(makeEngine([reg("pan", PanRecognizer()), reg("press", LongPressRecognizer())]))
        var out: [EngineOutput] = []
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.moveAll(by: 50, 0, from: 10, to: 100)
        for e in h.events { engine.process(e, into: &out) }
        #expect(engine.state(of: "pan") == .changed)
        engine.cancelSequence(device: touchscreenID, at: ms(150), into: &out)
        #expect(out.states(of: "pan").last == .cancelled)
        #expect(engine.states.allSatisfy { $0.state == .possible })
        #expect(engine.isIdle)

        var out2: [EngineOutput] = []
        var h2 = Hand()
        h2.down(1, 300, 250, at: 200)
        for e in h2.events { engine.process(e, into: &out2) }
        engine.cancelSequence(device: touchscreenID, at: ms(250), into: &out2)
        #expect(out2.verdicts == [.reject])
        #expect(out2.failure(of: "press") == .deviceCancelled)
    }

    @Test func configurationErrors() {
        func error(_ regs: [RecognizerRegistration]) -> EngineConfigurationError? {
            do {
                _ = try GestureEngine(registrations: regs, hitTesting: DesktopHitTesting(), screen: testScreen)
                return nil
            } catch {
                return error
            }
        }
        #expect(error([reg("a", TapRecognizer()), reg("a", PanRecognizer())]) == .duplicateName("a"))
        #expect(error([reg("a", TapRecognizer(), requires: ["b"])]) == .unknownRecognizer(name: "b", referencedBy: "a"))
        #expect(
            error([reg("a", TapRecognizer(), simultaneous: ["zz"])])
                == .unknownRecognizer(name: "zz", referencedBy: "a"))
        #expect(
            error([
                reg("a", PanRecognizer(), requires: ["b"]), reg("b", SwipeRecognizer(), requires: ["c"]),
                reg("c", PinchRecognizer(), requires: ["a"]),
            ]) == .requirementCycle(["a", "b", "c", "a"]))
        #expect(error([reg("a", PanRecognizer(), requires: ["b"]), reg("b", SwipeRecognizer())]) == nil)
    }

    @Test func separateDevicesDoNotBlockEachOther() {
        // A touchpad swipe in progress does not stop a touchscreen tap.
        var events = Array(Pad.swipeGesture(fingers: 3, dx: 200, dy: 0).prefix(6))
        var h = Hand()
        h.down(1, 300, 250, at: 55)
        h.up(1, at: 58)
        events += h.events
        events.sort { $0.time < $1.time }
        let out = run([reg("pad", TouchpadSwipeRecognizer()), reg("tap", TapRecognizer())], events)
        #expect(out.states(of: "tap") == [.recognized])
        #expect(out.states(of: "pad").first == .began)
    }
}
