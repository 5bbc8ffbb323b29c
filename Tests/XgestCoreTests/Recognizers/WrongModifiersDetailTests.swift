import Testing

@testable import XgestCore

/// A drawn gesture bound with `modifiers` fails "wrong modifiers" when others are held at
/// its press; the transition says which were held and which are bound, so that `--debug`
/// answers "why did my Super+right stroke not fire?".
@Suite struct WrongModifiersDetailTests {
    static let superRight = StrokeCaptureSettings(button: 3, modifiers: .super)
    /// A drag to the right with the right button, from `t0` ms.
    static func drawing(from t0: Double = 10) -> [InputEvent] {
        [
            Mouse.press(3, 100, 100, at: t0), Mouse.motion(200, 100, at: t0 + 10), Mouse.motion(300, 100, at: t0 + 20),
            Mouse.release(3, 300, 100, at: t0 + 30),
        ]
    }

    static func failure(_ r: RecognizerRegistration, held: Modifiers) -> String? {
        let out = run([r], [Mouse.modifiers(held, at: 0)] + drawing())
        return out.transitions.first { $0.name == r.name && $0.to == .failed }?.description
    }

    @Test func aPointerStrokeSaysWhatWasHeld() {
        let r = reg("super-stroke", StrokeCaptureRecognizer(Self.superRight))
        #expect(
            Self.failure(r, held: [.ctrl, .super])?.hasSuffix("(wrong modifiers: held ctrl+super, bound super)") == true
        )
        #expect(Self.failure(r, held: [])?.hasSuffix("(wrong modifiers: held none, bound super)") == true)
    }

    @Test func aShapedStrokeSaysWhatWasHeld() {
        let r = reg("check", StrokeRecognizer(StrokeSettings(shape: "check", input: .pointer(Self.superRight))))
        #expect(Self.failure(r, held: .alt)?.hasSuffix("(wrong modifiers: held alt, bound super)") == true)
    }

    @Test func aPatternAndAScrubSayWhatWasHeld() {
        let pattern = reg(
            "lock", PatternRecognizer(PatternSettings(pattern: [1, 2, 3], input: .pointer(Self.superRight))))
        #expect(Self.failure(pattern, held: .shift)?.hasSuffix("(wrong modifiers: held shift, bound super)") == true)
        let scrub = reg(
            "scrub",
            ScrubRecognizer(ScrubSettings(axis: .horizontal, reversalsRequired: 2, input: .pointer(Self.superRight))))
        #expect(Self.failure(scrub, held: .shift)?.hasSuffix("(wrong modifiers: held shift, bound super)") == true)
    }

    /// The detail goes with the failure: a stroke drawn right after, with Super, says nothing of it.
    @Test func theNextStrokeDoesNotCarryIt() {
        let r = reg("super-stroke", StrokeCaptureRecognizer(Self.superRight))
        let out = run(
            [r],
            [Mouse.modifiers(.ctrl, at: 0)] + Self.drawing() + [Mouse.modifiers(.super, at: 90)]
                + Self.drawing(from: 100))
        #expect(out.gestureLines == ["super-stroke recognized"])
        let later = out.transitions.filter { $0.name == "super-stroke" && $0.time > ms(90) }
        #expect(!later.isEmpty && later.allSatisfy { $0.detail == nil }, "\(later)")
    }
}
