import SeededRandom
import Testing

@testable import XgestCore

@Suite struct SlotTimersTests {
    @Test func theEarliestFiresFirstAndTheLowerSlotOnTies() {
        var timers = SlotTimers(slots: 5)
        timers.set(3, 100)
        timers.set(1, 100)
        timers.set(2, 50)
        #expect(timers.earliest()?.slot == 2)
        timers.clear(2)
        #expect(timers.earliest()?.slot == 1)
        #expect(timers.earliest()?.deadline == 100)
        timers.clear(1)
        #expect(timers.earliest()?.slot == 3)
        timers.clear(3)
        #expect(timers.earliest() == nil)
        #expect(timers.earliestDeadline == nil)
    }

    @Test func aSlotThatReArmsOrEndsLeavesItsOldDeadlineBehind() {
        var timers = SlotTimers(slots: 3)
        timers.set(0, 10)
        timers.set(0, 30)
        timers.set(1, 20)
        timers.set(2, 5)
        timers.set(2, .max)
        #expect(timers[2] == .max)
        #expect(timers.earliestDeadline == 20)
        #expect(timers.earliest()?.slot == 1)
        timers.clear(1)
        #expect(timers.earliestDeadline == 30)
        #expect(timers.earliest()?.slot == 0)
    }

    @Test func droppingStaleEntriesLeavesACurrentTop() {
        var timers = SlotTimers(slots: 3)
        timers.set(0, 10)
        timers.set(1, 20)
        timers.set(2, 30)
        timers.clear(0)
        timers.set(1, 40)
        #expect(!timers.topIsCurrent)
        timers.dropStale()
        #expect(timers.topIsCurrent)
        #expect(timers.earliestDeadline == 30)
        #expect(timers.earliest()?.slot == 2)
    }

    /// A recognizer that fails before its deadline clears the earliest timer; the engine
    /// drops it as the call returns, so the daemon's next poll timeout costs no scan.
    @Test func theEngineLeavesNoStaleTimerOnTop() throws {
        var short = LongPressSettings(minimumPressDurationSeconds: 0.3)
        short.allowableMovementPx = 10
        var long = LongPressSettings(minimumPressDurationSeconds: 0.8)
        long.allowableMovementPx = 200
        var engine = try GestureEngine(
            registrations: [reg("short", LongPressRecognizer(short)), reg("long", LongPressRecognizer(long))],
            hitTesting: WindowStack(), screen: testScreen)
        var h = Hand()
        h.down(1, 300, 300, at: 0)
        h.move(1, 330, 300, at: 100)
        var out: [EngineOutput] = []
        for e in h.events {
            engine.process(e, into: &out)
            #expect(engine.timers.topIsCurrent)
        }
        #expect(engine.state(of: "short") == .failed)
        #expect(engine.nextDeadline == ms(800))
    }

    /// Against a scan of every slot (the earliest deadline, the lowest slot on ties), over
    /// random settings, clearings and firings; far more settings than slots, so the heap
    /// fills its storage and is rebuilt many times.
    @Test func agreesWithAScanOfEverySlot() {
        let count = 40
        var timers = SlotTimers(slots: count)
        var reference = [UInt64](repeating: .max, count: count)
        var rng = SplitMix64(seed: 0x71AE_5EED)
        for step in 0..<20_000 {
            let slot = rng.nextInt(in: 0...(count - 1))
            switch rng.nextInt(in: 0...9) {
            case 0...5:
                // Few distinct times, so that ties are common.
                let d = UInt64(rng.nextInt(in: 0...30))
                timers.set(slot, d)
                reference[slot] = d
            case 6, 7:
                timers.clear(slot)
                reference[slot] = .max
            default:
                if let (fired, _) = timers.earliest() {
                    timers.clear(fired)
                    reference[fired] = .max
                }
            }
            var expected: (slot: Int, deadline: UInt64)?
            for (i, d) in reference.enumerated() where d != .max && (expected == nil || d < expected?.deadline ?? 0) {
                expected = (i, d)
            }
            #expect(timers.earliestDeadline == expected?.deadline, "step \(step)")
            let got = timers.earliest()
            #expect(got?.slot == expected?.slot && got?.deadline == expected?.deadline, "step \(step)")
            if got?.slot != expected?.slot { return }
        }
    }

    /// Through the engine: long presses due at the same time fire in registration order,
    /// so the first registered of them is the one that begins.
    @Test func timersDueTogetherFireInRegistrationOrder() {
        let presses = (0..<50).map { k in
            reg("press\(k)", LongPressRecognizer(LongPressSettings(minimumPressDurationSeconds: k == 0 ? 0.8 : 0.3)))
        }
        var h = Hand()
        h.down(1, 300, 300, at: 0)
        h.up(1, at: 1000)
        let out = run(presses, h.events)
        #expect(out.gestureLines.first == "press1 began")
        #expect(out.states(of: "press0").isEmpty)
        #expect(out.failure(of: "press2") == .failedByOtherRecognizer)
        #expect(out.failure(of: "press49") == .failedByOtherRecognizer)
        #expect(out.verdicts == [OwnershipVerdict.accept])
    }
}
