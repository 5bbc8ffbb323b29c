import Testing
import XgestCore

@Suite struct RepeatRateLimiterTests {
    let interval = RepeatRateLimiter.minimumInterval.microseconds

    @Test func stepsFasterThanTheIntervalAreDroppedOneBurstAtATime() {
        var limiter = RepeatRateLimiter()
        #expect(limiter.admit(binding: "zoom", state: .began, nowMicroseconds: 1_000) == .run)
        #expect(limiter.admit(binding: "zoom", state: .changed, nowMicroseconds: 1_000 + interval) == .run)
        let t = 1_000 + interval
        #expect(limiter.admit(binding: "zoom", state: .changed, nowMicroseconds: t + 1) == .drop(firstOfBurst: true))
        #expect(limiter.admit(binding: "zoom", state: .changed, nowMicroseconds: t + 2) == .drop(firstOfBurst: false))
        // Another binding has its own pace.
        #expect(limiter.admit(binding: "rotate", state: .changed, nowMicroseconds: t + 2) == .run)
        #expect(limiter.admit(binding: "zoom", state: .changed, nowMicroseconds: t + interval) == .run)
        // The same gesture: the same burst.
        #expect(
            limiter.admit(binding: "zoom", state: .changed, nowMicroseconds: t + interval + 1)
                == .drop(firstOfBurst: false))
        #expect(limiter.admit(binding: "zoom", state: .ended, nowMicroseconds: t + interval + 2) == .run)
        #expect(limiter.admit(binding: "zoom", state: .began, nowMicroseconds: t + interval + 3) == .run)
        #expect(
            limiter.admit(binding: "zoom", state: .changed, nowMicroseconds: t + interval + 4)
                == .drop(firstOfBurst: true))
        #expect(limiter.droppedCount == 4)
    }

    @Test func aGesturesBeginAndEndAlwaysRun() {
        var limiter = RepeatRateLimiter()
        #expect(limiter.admit(binding: "zoom", state: .began, nowMicroseconds: 5) == .run)
        #expect(limiter.admit(binding: "zoom", state: .ended, nowMicroseconds: 6) == .run)
        #expect(limiter.admit(binding: "zoom", state: .began, nowMicroseconds: 7) == .run)
        #expect(limiter.admit(binding: "zoom", state: .recognized, nowMicroseconds: 8) == .run)
        // After an end, the next step starts afresh.
        #expect(limiter.admit(binding: "zoom", state: .changed, nowMicroseconds: 9) == .run)
    }
}
