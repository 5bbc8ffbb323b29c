import Testing
import XgestCore

@Suite struct RepeatRateLimiterTests {
    let interval = RepeatRateLimiter.minimumInterval.microseconds

    @Test func stepsFasterThanTheIntervalAreDroppedOneBurstAtATime() {
        var limiter = RepeatRateLimiter()
        #expect(limiter.admit(binding: "zoom", state: .began, event: 1, nowMicroseconds: 1_000) == .run)
        #expect(limiter.admit(binding: "zoom", state: .changed, event: 2, nowMicroseconds: 1_000 + interval) == .run)
        let t = 1_000 + interval
        #expect(
            limiter.admit(binding: "zoom", state: .changed, event: 3, nowMicroseconds: t + 1)
                == .drop(firstOfBurst: true))
        #expect(
            limiter.admit(binding: "zoom", state: .changed, event: 4, nowMicroseconds: t + 2)
                == .drop(firstOfBurst: false))
        // Another binding has its own pace.
        #expect(limiter.admit(binding: "rotate", state: .changed, event: 5, nowMicroseconds: t + 2) == .run)
        #expect(limiter.admit(binding: "zoom", state: .changed, event: 6, nowMicroseconds: t + interval) == .run)
        // The same gesture: the same burst.
        #expect(
            limiter.admit(binding: "zoom", state: .changed, event: 7, nowMicroseconds: t + interval + 1)
                == .drop(firstOfBurst: false))
        #expect(limiter.admit(binding: "zoom", state: .ended, event: 8, nowMicroseconds: t + interval + 2) == .run)
        #expect(limiter.admit(binding: "zoom", state: .began, event: 9, nowMicroseconds: t + interval + 3) == .run)
        #expect(
            limiter.admit(binding: "zoom", state: .changed, event: 10, nowMicroseconds: t + interval + 4)
                == .drop(firstOfBurst: true))
        #expect(limiter.droppedCount == 4)
    }

    @Test func aGesturesBeginAndEndAlwaysRun() {
        var limiter = RepeatRateLimiter()
        #expect(limiter.admit(binding: "zoom", state: .began, event: 1, nowMicroseconds: 5) == .run)
        #expect(limiter.admit(binding: "zoom", state: .ended, event: 2, nowMicroseconds: 6) == .run)
        #expect(limiter.admit(binding: "zoom", state: .began, event: 3, nowMicroseconds: 7) == .run)
        #expect(limiter.admit(binding: "zoom", state: .recognized, event: 4, nowMicroseconds: 8) == .run)
        // After an end, the next step starts afresh.
        #expect(limiter.admit(binding: "zoom", state: .changed, event: 5, nowMicroseconds: 9) == .run)
    }

    /// The steps one event works out (a fast pinch crossing several steps) all run: they
    /// are the gesture at one instant, not steps coming fast. The 8 ms rule judges events.
    @Test func theStepsOfOneEventShareItsVerdict() {
        var limiter = RepeatRateLimiter()
        #expect(limiter.admit(binding: "zoom", state: .began, event: 1, nowMicroseconds: 0) == .run)
        // Event 2 comes 10 ms after the begin: its three steps run, however close together.
        for t: UInt64 in [10_000, 10_001, 10_002] {
            #expect(limiter.admit(binding: "zoom", state: .changed, event: 2, nowMicroseconds: t) == .run)
        }
        // Event 3 comes 2 ms after event 2: its steps are dropped, all of them, one burst.
        #expect(
            limiter.admit(binding: "zoom", state: .changed, event: 3, nowMicroseconds: 12_000)
                == .drop(firstOfBurst: true))
        #expect(
            limiter.admit(binding: "zoom", state: .changed, event: 3, nowMicroseconds: 12_001)
                == .drop(firstOfBurst: false))
        // Event 4, 8 ms after event 2: its steps run.
        #expect(limiter.admit(binding: "zoom", state: .changed, event: 4, nowMicroseconds: 18_000) == .run)
        #expect(limiter.admit(binding: "zoom", state: .changed, event: 4, nowMicroseconds: 18_001) == .run)
        #expect(limiter.droppedCount == 2)
    }
}
