import Testing

@testable import XgestCore

@Suite struct LongPressTests {
    let press = reg("press", LongPressRecognizer())

    @Test func beginsAfterHalfASecondChangesAndEnds() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 305, 250, at: 600)
        h.up(1, at: 700)
        let out = run([press], h.events)
        #expect(out.states(of: "press") == [.began, .changed, .ended])
        #expect(out.gestures.first?.time == ms(500))
        #expect(out.gestures[1].report.translation == Point(x: 5, y: 0))
        #expect(out.decisions.first.map { ($0.verdict, $0.time) } ?? (.reject, .zero) == (.accept, ms(500)))
    }

    @Test func movingBeyondTheAllowableMovementFails() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 306, 250, at: 100)
        h.move(1, 312, 250, at: 200)
        h.up(1, at: 700)
        let out = run([press], h.events)
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "press") == .movedTooFar)
        #expect(out.transitions.first { $0.to == .failed }?.time == ms(200))
        #expect(out.verdicts == [.reject])
    }

    @Test func releasedBeforeTheDurationFails() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 300)
        let out = run([press], h.events)
        #expect(out.failure(of: "press") == .releasedTooEarly)
        #expect(out.decisions.first?.time == ms(300))
    }

    @Test func tapThenPressNeedsItsTap() {
        var settings = LongPressSettings()
        settings.tapsRequired = 1
        let tapPress = reg("tap-press", LongPressRecognizer(settings))
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.up(1, at: 80)
        h.down(2, 300, 250, at: 200)
        h.up(2, at: 900)
        let out = run([tapPress], h.events)
        #expect(out.states(of: "tap-press") == [.began, .ended])
        #expect(out.gestures.first?.time == ms(700))
        // The first tap's sequence waited for the press, then both were accepted.
        #expect(out.decisions.map(\.sequence) == [1, 2])
        #expect(out.verdicts == [.accept, .accept])
    }
}
