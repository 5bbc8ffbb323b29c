import Testing

@testable import XgestCore

/// A touchscreen may report a finger where it was (its pressure or contact size changed).
/// Such a report is no motion: a held gesture said `changed (moved)` at every one, and its
/// `on = "update"` actions ran, eight times a second and more for a still hand.
@Suite struct StillReportTests {
    /// Two fingers held still past a long press's duration, each reported where it is
    /// every 8 ms, then lifted.
    func stillPress() -> [InputEvent] {
        var h = Hand()
        h.down(1, 400, 300, at: 0)
        h.down(2, 480, 300, at: 5)
        for k in 1...100 {
            let t = 5 + Double(k) * 8
            h.move(1, 400, 300, at: t)
            h.move(2, 480, 300, at: t)
        }
        h.upAll(at: 820)
        return h.events
    }

    @Test(arguments: [false, true])
    func aStillLongPressOnlyBeginsAndEnds(wholeFrames: Bool) {
        var settings = EngineSettings()
        settings.evaluatesSameTimeTouchUpdatesAsOneFrame = wholeFrames
        let press = reg("press-2", LongPressRecognizer(LongPressSettings(touchesRequired: 2)))
        let out = run([press], stillPress(), settings: settings)
        #expect(out.states(of: "press-2") == [.began, .ended])
    }

    /// The same reports in the middle of a pan: its changes are its moves, no more.
    @Test(arguments: [false, true])
    func aPanChangesOnlyWhenItsFingersMove(wholeFrames: Bool) {
        var settings = EngineSettings()
        settings.evaluatesSameTimeTouchUpdatesAsOneFrame = wholeFrames
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.moveAll(by: 60, 0, steps: 6, from: 0, to: 300)
        for k in 1...20 { h.move(1, 360, 250, at: 300 + Double(k) * 8) }
        h.up(1, at: 480)
        let out = run([reg("pan", PanRecognizer())], h.events, settings: settings)
        #expect(out.states(of: "pan") == [.began, .changed, .changed, .changed, .changed, .changed, .ended])
    }
}
