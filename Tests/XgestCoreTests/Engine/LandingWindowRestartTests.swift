import Testing

@testable import XgestCore

/// The landing window starts again at each finger's landing, up to
/// ``maximumFingerLandingSpreadSeconds`` from the first: a gesture's fingers need only land
/// within the window of each other, and a lone finger is held the window, as before.
@Suite struct LandingWindowRestartTests {
    static func tap(_ fingers: Int) -> RecognizerRegistration {
        reg("tap\(fingers)", TapRecognizer(TapSettings(touchesRequired: fingers)))
    }

    /// Fingers `gapMs` apart, all lifting 60 ms after the last landed.
    static func staggered(_ n: Int, gapMs: Double) -> [InputEvent] {
        var h = Hand()
        for k in 0..<n { h.down(UInt32(k + 1), 300 + Double(k) * 50, 250, at: Double(k) * gapMs) }
        h.upAll(at: Double(n - 1) * gapMs + 60)
        return h.events
    }

    @Test func threeFingers40msApartMakeAThreeFingerTap() {
        let out = run([Self.tap(3)], Self.staggered(3, gapMs: 40))
        #expect(out.gestureLines == ["tap3 recognized"])
        #expect(out.verdicts == [.accept])
    }

    @Test func fiveFingers45msApartMakeAFiveFingerSwipe() {
        var h = Hand()
        for k in 0..<5 { h.down(UInt32(k + 1), 300 + Double(k) * 50, 600, at: Double(k) * 45) }
        h.moveAll(by: 0, -600, from: 185, to: 235)
        h.upAll(at: 240)
        let swipe = reg("sw5", SwipeRecognizer(SwipeSettings(directions: .up, touchesRequired: 5)))
        let out = run([swipe], h.events)
        #expect(out.gestureLines == ["sw5 recognized"])
    }

    /// A gap longer than the window still fails the gesture, at the window's end after the
    /// finger before it.
    @Test func aGapLongerThanTheWindowFailsAtTheWindowAfterTheLastLanding() {
        let out = run([Self.tap(3)], Self.staggered(3, gapMs: 60))
        #expect(out.gestures.isEmpty)
        let failed = out.transitions.first { $0.name == "tap3" && $0.to == .failed }
        #expect(failed?.reason == .tooFewFingers)
        #expect(failed?.time == ms(50))
    }

    /// Six fingers 45 ms apart: each within the window of the one before, but the sixth
    /// would land 225 ms after the first, past the 200 ms total.
    @Test func theWindowEndsAtTheTotalAfterTheFirstLanding() {
        let out = run([Self.tap(6)], Self.staggered(6, gapMs: 45))
        #expect(out.gestures.isEmpty)
        let failed = out.transitions.first { $0.name == "tap6" && $0.to == .failed }
        #expect(failed?.reason == .tooFewFingers)
        #expect(failed?.time == ms(200))
    }

    /// A finger resting alone is held the window, 50 ms, not more.
    @Test func aLoneFingerIsHeldTheWindow() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 400)
        let out = run([Self.tap(3)], h.events)
        #expect(out.decisions.map(\.time) == [ms(50)])
        #expect(out.verdicts == [.reject])
    }
}
