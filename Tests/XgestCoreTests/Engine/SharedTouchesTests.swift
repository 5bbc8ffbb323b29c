import Testing

@testable import XgestCore

/// A recognizer that shares its touches (UIKit's `cancelsTouchesInView = NO`, the config's
/// `cancels-touches = false`) holds nothing from the application and claims nothing, yet
/// goes on seeing the touches and recognizing its gesture.
@Suite struct SharedTouchesTests {
    static func shared(_ r: RecognizerRegistration) -> RecognizerRegistration {
        var r = r
        r.sharesTouches = true
        return r
    }

    static let pan = shared(reg("pan", PanRecognizer(PanSettings())))

    @Test func aSharingPanHandsTheTouchBackAtOnceAndStillPans() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        for step in 1...6 { h.move(1, 300 + Double(step * 20), 250, at: Double(step * 16)) }
        h.up(1, at: 120)
        let out = run([Self.pan], h.events)
        // Handed back at the first event, whole: shared, so not ended for xgest.
        #expect(out.decisions.count == 1)
        #expect(out.decisions.first?.verdict == .reject)
        #expect(out.decisions.first?.shared == true)
        #expect(out.decisions.first?.time == ms(0))
        #expect(!out.contains { if case .handedBack = $0 { return true } else { return false } })
        #expect(out.states(of: "pan").first == .began)
        #expect(out.states(of: "pan").last == .ended)
    }

    @Test func aFingerLandingInASharedSequenceIsSharedToo() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 360, 250, at: 30)
        h.up(2, at: 60)
        h.up(1, at: 70)
        let out = run([Self.pan], h.events)
        #expect(out.decisions.map(\.touchIDs) == [[1], [2]])
        #expect(out.decisions.allSatisfy { $0.verdict == .reject && $0.shared })
    }

    @Test func anUnsharedRecognizerStillHoldsTheTouchesItCouldTake() throws {
        // A two-finger tap holds one finger for its landing window; the sharing pan does
        // not shorten that, and once the tap fails the touch is handed back shared.
        let regs = [reg("tap2", TapRecognizer(TapSettings(touchesRequired: 2))), Self.pan]
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 301, 250, at: 10)
        h.up(1, at: 400)
        let out = run(regs, h.events)
        let decision = try #require(out.decisions.first)
        #expect(decision.time > ms(10))
        #expect(decision.verdict == .reject && decision.shared)
    }

    @Test func aSharingTapHandsTheTouchBackAtOnceAndStillRecognizes() {
        let regs = [Self.shared(reg("tap", TapRecognizer(TapSettings())))]
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 50)
        let out = run(regs, h.events)
        #expect(out.gestureLines == ["tap recognized"])
        #expect(out.decisions.map(\.shared) == [true])
        #expect(out.decisions.first?.time == ms(0))
    }

    @Test func aSharingGestureDoneBeforeTheDecisionLeavesNothingToWatch() {
        // The unshared two-finger tap holds the lone finger for its landing window; the
        // sharing tap is recognized at the lift, within it, and makes the other fail:
        // nothing watches the touch any more, so it is a plain reject.
        let regs = [
            reg("tap2", TapRecognizer(TapSettings(touchesRequired: 2))),
            Self.shared(reg("tap", TapRecognizer(TapSettings()))),
        ]
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 30)
        let out = run(regs, h.events)
        #expect(out.gestureLines == ["tap recognized"])
        #expect(out.decisions.map(\.verdict) == [.reject])
        #expect(out.decisions.map(\.shared) == [false])
        #expect(out.decisions.first?.time == ms(30))
    }

    @Test func aSharedAndAnUnsharedGestureOnOneSequence() {
        // The unshared two-finger pinch claims the touches: the application gets none, and
        // the sharing pan, simultaneous with it, still sees them all.
        let pinch = reg("pinch", PinchRecognizer(PinchSettings()), simultaneous: ["pan"])
        let regs = [pinch, Self.pan]
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 400, 250, at: 5)
        for step in 1...8 {
            h.move(1, 300 - Double(step * 10), 250, at: Double(5 + step * 16))
            h.move(2, 400 + Double(step * 10), 250, at: Double(5 + step * 16))
        }
        h.up(1, at: 200)
        h.up(2, at: 205)
        let out = run(regs, h.events)
        #expect(out.states(of: "pinch").first == .began)
        #expect(out.decisions.allSatisfy { $0.verdict == .accept && !$0.shared })
    }
}
