import Testing

@testable import XgestCore

@Suite struct ScrubTests {
    func scrub(_ axis: ScrubAxis = .horizontal, reversals: Int = 3, seconds: Double = 1) -> RecognizerRegistration {
        var s = ScrubSettings(axis: axis, reversalsRequired: reversals, input: .touchscreen)
        s.maximumDurationSeconds = seconds
        s.minimumTravelPx = 15
        return reg("scrub", ScrubRecognizer(s))
    }

    /// One finger from (500, 500) going `legs` legs of `length` px along x (or y), each
    /// leg in 5 steps of `stepMs`, then lifting.
    func rubbed(legs: Int, length: Double = 60, vertical: Bool = false, stepMs: Double = 10) -> [InputEvent] {
        var h = Hand()
        h.down(1, 500, 500, at: 0)
        var t = 0.0
        var at = 0.0
        for leg in 0..<legs {
            let sign: Double = leg % 2 == 0 ? 1 : -1
            for _ in 0..<5 {
                at += sign * length / 5
                t += stepMs
                if vertical { h.move(1, 500, 500 + at, at: t) } else { h.move(1, 500 + at, 500, at: t) }
            }
        }
        h.up(1, at: t + 10)
        return h.events
    }

    @Test func threeReversalsRecognizeOnTheThird() {
        // Four legs: right, left, right, left; the third turn is at the start of the fourth.
        let out = run([scrub()], rubbed(legs: 4))
        #expect(out.gestureLines == ["scrub recognized"])
        #expect(out.transitions.last { $0.to == .recognized }?.reason == .reversalsCompleted)
        // Recognized without waiting for the lift: 3 legs of 5 steps, and 2 steps of the
        // fourth (24 px back, past 15 px).
        #expect(out.gestures.first?.time == ms(170))
    }

    @Test func twoReversalsDoNotRecognize() {
        let out = run([scrub()], rubbed(legs: 3))
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "scrub") == .releasedTooEarly)
        #expect(out.verdicts == [.reject])
    }

    @Test func tooSlowFailsAtTheDuration() {
        let out = run([scrub(seconds: 0.5)], rubbed(legs: 4, stepMs: 40))
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "scrub") == .timedOut)
    }

    @Test func jitterIsNoReversal() {
        // Back and forth by 10 px, under the 15 px a leg must travel: nothing counts.
        var h = Hand()
        h.down(1, 500, 500, at: 0)
        for k in 1...20 { h.move(1, 500 + (k % 2 == 0 ? 0 : 10), 500 + Double(k), at: Double(k) * 10) }
        h.up(1, at: 300)
        let out = run([scrub(reversals: 1)], h.events)
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "scrub") == .releasedTooEarly)
        // Jitter on top of a real scrub changes nothing either.
        var j = Hand()
        j.down(1, 500, 500, at: 0)
        for (k, x) in [530, 525, 560, 555, 580, 540, 545, 500].enumerated() {
            j.move(1, Double(x), 500, at: Double(k + 1) * 10)
        }
        j.up(1, at: 200)
        let turned = run([scrub(reversals: 2)], j.events)
        #expect(turned.gestures.isEmpty)
        #expect(run([scrub(reversals: 1)], j.events).gestureLines == ["scrub recognized"])
    }

    @Test func horizontalAndVerticalAreTold() {
        let across = rubbed(legs: 4)
        let upDown = rubbed(legs: 4, vertical: true)
        #expect(run([scrub(.horizontal)], across).gestureLines == ["scrub recognized"])
        #expect(run([scrub(.vertical)], upDown).gestureLines == ["scrub recognized"])
        #expect(run([scrub(.vertical)], across).gestures.isEmpty)
        #expect(run([scrub(.horizontal)], upDown).gestures.isEmpty)
    }

    @Test func aPointerScrubIsDrawnWithItsButton() {
        var s = ScrubSettings(
            axis: .horizontal, reversalsRequired: 2, input: .pointer(StrokeCaptureSettings(button: 1)))
        s.minimumTravelPx = 15
        let r = reg("scrub", ScrubRecognizer(s))
        let events = [
            Mouse.press(1, 500, 500, at: 0), Mouse.motion(560, 500, at: 20), Mouse.motion(500, 502, at: 40),
            Mouse.motion(560, 504, at: 60), Mouse.release(1, 560, 504, at: 80),
        ]
        #expect(run([r], events).gestureLines == ["scrub recognized"])
    }

    @Test func aSecondFingerFails() {
        var h = Hand()
        h.down(1, 500, 500, at: 0)
        h.down(2, 600, 500, at: 10)
        h.upAll(at: 50)
        #expect(run([scrub()], h.events).failure(of: "scrub") == .tooManyFingers)
    }
}
