import Testing

@testable import XgestCore

/// Same-time touch frames (`EngineSettings.evaluatesSameTimeTouchUpdatesAsOneFrame`).
@Suite struct SameTimeFrameTests {
    static let wholeFrames = EngineSettings(evaluatesSameTimeTouchUpdatesAsOneFrame: true)

    /// A pan registered before a pinch; two fingers land, then spread apart symmetrically,
    /// one X event per finger with the same time. The first finger's event alone moves
    /// the centroid by half its step (12.5 px, past the pan's 10 px); the whole frame does
    /// not move it at all and spreads the fingers by 25%.
    static let registrations = [reg("pan", PanRecognizer()), reg("pinch", PinchRecognizer())]

    static func spreadingFrame() -> [InputEvent] {
        var h = Hand()
        h.down(1, 900, 500, at: 0)
        h.down(2, 1100, 500, at: 10)
        h.move(1, 875, 500, at: 20)
        h.move(2, 1125, 500, at: 20)
        return h.events
    }

    func run(_ events: [InputEvent], settings: EngineSettings) -> (GestureEngine, [EngineOutput])? {
        do {
            var engine = try GestureEngine(
                registrations: Self.registrations, hitTesting: WindowStack(), screen: testScreen, settings: settings)
            var out: [EngineOutput] = []
            for e in events { engine.process(e, into: &out) }
            return (engine, out)
        } catch {
            Issue.record("configuration error: \(error)")
            return nil
        }
    }

    @Test func perEventEvaluationLetsAHalfAppliedFrameBeginAPan() {
        guard let (_, out) = run(Self.spreadingFrame(), settings: EngineSettings()) else { return }
        #expect(out.states(of: "pan") == [.began, .changed])
        #expect(out.failure(of: "pinch") == .failedByOtherRecognizer)
    }

    @Test func wholeFrameEvaluationWaitsForTheFrameToEnd() {
        guard var (engine, out) = run(Self.spreadingFrame(), settings: Self.wholeFrames) else { return }
        // Both updates are applied; the recognizers have not seen them yet.
        #expect(engine.hasDeferredFrame)
        #expect(engine.pendingFrame?.time == ms(20))
        #expect(engine.pendingFrame?.updatedFingers == 2 && engine.pendingFrame?.expectedFingers == 2)
        #expect(engine.pendingFrame?.awaitsFingers == false)
        #expect(out.gestures.isEmpty && out.decisions.isEmpty)
        engine.flush(into: &out)
        #expect(!engine.hasDeferredFrame)
        #expect(out.states(of: "pinch") == [.began])
        #expect(out.failure(of: "pan") == .failedByOtherRecognizer)
        // The frame's outputs carry its time, and the sequence is accepted within it.
        #expect(out.gestures.first?.time == ms(20))
        #expect(out.decisions.map(\.verdict) == [.accept] && out.decisions.first?.time == ms(20))
        #expect(out.gestures.first.map { abs($0.report.scale - 1.25) < 1e-9 } == true)
    }

    @Test func aFrameWithOneOfTwoFingersUpdatedAwaitsTheOther() throws {
        var engine = try GestureEngine(
            registrations: Self.registrations, hitTesting: WindowStack(), screen: testScreen, settings: Self.wholeFrames
        )
        var out: [EngineOutput] = []
        for e in Self.spreadingFrame().dropLast() { engine.process(e, into: &out) }
        let frame = try #require(engine.pendingFrame)
        #expect(frame.updatedFingers == 1 && frame.expectedFingers == 2 && frame.awaitsFingers)
        engine.flush(into: &out)
        #expect(engine.pendingFrame == nil)
    }

    /// A pinch pivoting on a resting finger: that finger sends no updates, so after the
    /// first frame, frames of the moving finger alone are whole; a finger landing makes
    /// every finger expected again.
    @Test func aRestingFingerIsNotAwaitedOnceAFrameWentWithoutIt() throws {
        var engine = try GestureEngine(
            registrations: Self.registrations, hitTesting: WindowStack(), screen: testScreen, settings: Self.wholeFrames
        )
        var out: [EngineOutput] = []
        var h = Hand()
        h.down(1, 900, 500, at: 0)
        h.down(2, 1100, 500, at: 10)
        h.move(2, 1110, 500, at: 20)
        for e in h.events { engine.process(e, into: &out) }
        #expect(engine.pendingFrame?.awaitsFingers == true)
        engine.flush(into: &out)
        var next = Hand()
        next.positions = [1: Point(x: 900, y: 500), 2: Point(x: 1110, y: 500)]
        next.order = [1, 2]
        next.move(2, 1120, 500, at: 30)
        for e in next.events { engine.process(e, into: &out) }
        #expect(engine.pendingFrame.map { ($0.updatedFingers, $0.expectedFingers) } ?? (0, 0) == (1, 1))
        #expect(engine.pendingFrame?.awaitsFingers == false)
        next.events = []
        next.down(3, 1000, 700, at: 40)
        next.move(2, 1130, 500, at: 50)
        for e in next.events { engine.process(e, into: &out) }
        #expect(engine.pendingFrame?.expectedFingers == 3)
    }

    /// The server stamps each finger's update as it is posted: a frame posted across a
    /// tick of its millisecond clock, or put off between two fingers on a loaded machine,
    /// carries two times, and is still one frame.
    @Test func aFramePostedAcrossAClockTickIsOneFrame() throws {
        var h = Hand()
        h.down(1, 900, 500, at: 0)
        h.down(2, 1100, 500, at: 10)
        h.move(1, 875, 500, at: 20)
        h.move(2, 1125, 500, at: 23)
        guard var (engine, out) = run(h.events, settings: Self.wholeFrames) else { return }
        #expect(engine.pendingFrame.map { ($0.time, $0.updatedFingers) } ?? (.zero, 0) == (ms(20), 2))
        engine.flush(into: &out)
        #expect(out.states(of: "pinch") == [.began])
        #expect(out.failure(of: "pan") == .failedByOtherRecognizer)
        // Four milliseconds (a 240 Hz touchscreen's next frame) is another frame: the first
        // one, half the spread, is judged alone.
        var late = Hand()
        late.down(1, 900, 500, at: 0)
        late.down(2, 1100, 500, at: 10)
        late.move(1, 875, 500, at: 20)
        late.move(2, 1125, 500, at: 24)
        guard let (_, lateOut) = run(late.events, settings: Self.wholeFrames) else { return }
        #expect(lateOut.states(of: "pan") == [.began])
    }

    @Test func aLaterEventEndsTheFrameBeforeItIsApplied() {
        var events = Self.spreadingFrame()
        var h = Hand()
        h.positions = [1: Point(x: 875, y: 500), 2: Point(x: 1125, y: 500)]
        h.order = [1, 2]
        h.move(1, 870, 500, at: 30)
        events += h.events
        guard let (engine, out) = run(events, settings: Self.wholeFrames) else { return }
        // The frame at 20 ms was evaluated when the 30 ms event came; that event is deferred in turn.
        #expect(out.states(of: "pinch") == [.began])
        #expect(out.gestures.first?.time == ms(20))
        #expect(engine.hasDeferredFrame)
    }

    /// Events closer together than the server's millisecond clock share a time: a second
    /// update of the same finger is a new frame, so a drawn path keeps all its points.
    @Test func aSecondUpdateOfTheSameFingerStartsANewFrame() throws {
        let points = StrokeRecognizerTests.shape("check")
        var h = Hand()
        h.down(1, points[0].x, points[0].y, at: 0)
        for p in points.dropFirst() { h.move(1, p.x, p.y, at: 1) }
        h.up(1, at: 1)
        var engine = try GestureEngine(
            registrations: [reg("check", StrokeRecognizer(StrokeSettings(shape: "check")))], hitTesting: WindowStack(),
            screen: testScreen, settings: Self.wholeFrames)
        var out: [EngineOutput] = []
        for e in h.events { engine.process(e, into: &out) }
        engine.flush(into: &out)
        #expect(out.gestureLines == ["check recognized"])
        #expect(out.gestures.first?.report.points.count == points.count)
    }

    @Test func aBeginOrEndOfTheSameTimeEndsTheFrame() {
        var h = Hand()
        h.down(1, 900, 500, at: 0)
        h.down(2, 1100, 500, at: 10)
        h.move(1, 875, 500, at: 20)
        h.move(2, 1125, 500, at: 20)
        h.up(1, at: 20)
        guard let (engine, out) = run(h.events, settings: Self.wholeFrames) else { return }
        #expect(!engine.hasDeferredFrame)
        // The moves were seen as one frame (a pinch), then the lift ended the pinch.
        #expect(out.states(of: "pinch") == [.began, .ended])
        #expect(out.states(of: "pan").isEmpty)
    }

    @Test func advanceAndTimersComeAfterTheDeferredFrame() {
        guard var (engine, out) = run(Self.spreadingFrame(), settings: Self.wholeFrames) else { return }
        engine.advance(to: ms(1000), into: &out)
        #expect(!engine.hasDeferredFrame)
        #expect(out.states(of: "pinch") == [.began])
        #expect(out.map(\.time) == out.map(\.time).sorted())
    }

    /// Traces with no same-time updates (none within the server clock's tick of another)
    /// replay identically either way.
    @Test func streamsWithoutSameTimeUpdatesAreUnchanged() {
        let apart = GestureEngine.frameTimeSpread.microseconds + 1
        for seed in UInt64(1)...40 {
            var events = PropertyTests.stream(seed: seed)
            // Make every time distinct by more than a frame's spread.
            for i in events.indices {
                events[i].time = EventTime(microseconds: events[i].time.microseconds * 1000 + UInt64(i) * apart)
            }
            let regs = PropertyTests.registrations
            let plain = XgestCoreTests.run(regs, events)
            do {
                var engine = try GestureEngine(
                    registrations: regs, hitTesting: WindowStack(), screen: testScreen, settings: Self.wholeFrames)
                var out: [EngineOutput] = []
                for e in events { engine.process(e, into: &out) }
                engine.flush(into: &out)
                while let d = engine.nextDeadline { engine.advance(to: d, into: &out) }
                #expect(out == plain, "seed \(seed)")
            } catch {
                Issue.record("configuration error: \(error)")
            }
        }
    }
}
