import Testing

@testable import XgestCore

@Suite struct PointerTests {
    let stroke = reg("stroke", StrokeCaptureRecognizer(StrokeCaptureSettings(button: 3)))

    @Test func strokeIsRecognizedAtReleaseWithItsPoints() {
        let events = [
            Mouse.motion(100, 100, at: 0),
            Mouse.press(3, 100, 100, at: 10),
            Mouse.motion(120, 110, at: 20),
            Mouse.motion(160, 130, at: 30),
            Mouse.release(3, 170, 135, at: 40),
        ]
        let out = run([stroke], events)
        #expect(out.gestureLines == ["stroke recognized"])
        #expect(
            out.gestures.first?.report.points == [
                Point(x: 100, y: 100), Point(x: 120, y: 110), Point(x: 160, y: 130), Point(x: 170, y: 135),
            ])
        #expect(out.decisions.map(\.verdict) == [.accept])
        #expect(out.decisions.first?.button == 3)
        #expect(out.decisions.first?.time == ms(40))
    }

    @Test func pressThatBarelyMovesFailsAndIsRejectedForReplayAsAClick() {
        let events = [
            Mouse.press(3, 100, 100, at: 10), Mouse.motion(103, 101, at: 20), Mouse.release(3, 103, 101, at: 40),
        ]
        let out = run([stroke], events)
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "stroke") == .movedTooLittle)
        #expect(out.verdicts == [.reject])
        #expect(out.decisions.first?.time == ms(40))
    }

    @Test func otherButtonsAreRejectedAtThePress() {
        let out = run([stroke], [Mouse.press(1, 100, 100, at: 10), Mouse.release(1, 100, 100, at: 40)])
        #expect(out.failure(of: "stroke") == .wrongButton)
        #expect(out.decisions.first?.time == ms(10))
        #expect(out.verdicts == [.reject])
    }

    /// Another button clicked while the stroke is drawn fails it however far it went: the
    /// click is the application's, and the daemon hands the whole press back with it.
    @Test func anotherButtonPressedWhileDrawingFailsTheStroke() {
        let events = [
            Mouse.press(3, 100, 100, at: 10), Mouse.motion(200, 100, at: 20), Mouse.press(1, 200, 100, at: 30),
            Mouse.release(1, 200, 100, at: 40), Mouse.motion(300, 100, at: 50), Mouse.release(3, 300, 100, at: 60),
        ]
        let out = run([stroke], events)
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "stroke") == .wrongButton)
        #expect(out.verdicts == [.reject])
        #expect(out.decisions.first?.time == ms(30))
    }

    @Test func requiredModifiersComeFromModifierEvents() {
        let ctrlStroke = reg("ctrl-stroke", StrokeCaptureRecognizer(StrokeCaptureSettings(button: 3, modifiers: .ctrl)))
        let drawing = [
            Mouse.press(3, 100, 100, at: 10), Mouse.motion(200, 100, at: 20), Mouse.release(3, 200, 100, at: 30),
        ]
        #expect(run([ctrlStroke], drawing).failure(of: "ctrl-stroke") == .wrongModifiers)
        let held = run([ctrlStroke], [Mouse.modifiers(.ctrl, at: 0)] + drawing)
        #expect(held.gestureLines == ["ctrl-stroke recognized"])
    }

    @Test func strokesRepeat() {
        let one = [
            Mouse.press(3, 100, 100, at: 10), Mouse.motion(200, 100, at: 20), Mouse.release(3, 200, 100, at: 30),
        ]
        let two = [
            Mouse.press(3, 300, 300, at: 50), Mouse.motion(300, 400, at: 60), Mouse.release(3, 300, 400, at: 70),
        ]
        let out = run([stroke], one + two)
        #expect(out.gestureLines == ["stroke recognized", "stroke recognized"])
        #expect(out.gestures.last?.report.points.count == 3)
    }
}
