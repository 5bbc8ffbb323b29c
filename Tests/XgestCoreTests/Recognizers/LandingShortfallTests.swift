import Testing

@testable import XgestCore

/// `--debug`'s reason when a landing window ends with fingers missing says how many had
/// landed and which window ended, for every recognizer that waits for fingers.
@Suite struct LandingShortfallTests {
    /// The failure line of `name`, as `--debug` prints it without its time.
    static func failure(_ name: String, in out: [EngineOutput]) -> String? {
        out.transitions.first { $0.name == name && $0.to == .failed }.map {
            String($0.description.drop { $0 != " " }.dropFirst())
        }
    }

    static func twoFingers(gapMs: Double = 10) -> [InputEvent] {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 360, 250, at: gapMs)
        h.upAll(at: 300)
        return h.events
    }

    @Test func aThreeFingerTapSaysHowManyLandedAndWhichWindowEnded() {
        let out = run([reg("tap3", TapRecognizer(TapSettings(touchesRequired: 3)))], Self.twoFingers())
        #expect(
            Self.failure("tap3", in: out)
                == "transition tap3 possible → failed (too few fingers: 2 of 3 down when the 50 ms landing window ended)"
        )
    }

    @Test func everyRecognizerWaitingForFingersSaysIt() {
        var swipe = SwipeSettings(directions: .left, touchesRequired: 3)
        swipe.fingerLandingWindowSeconds = 0.03
        let regs = [
            reg("press3", LongPressRecognizer(LongPressSettings(touchesRequired: 3))),
            reg("pan3", PanRecognizer(PanSettings(minimumTouches: 3))),
            reg("swipe3", SwipeRecognizer(swipe)),
            reg("pinch3", PinchRecognizer(PinchSettings(touchesRequired: 3))),
            reg("rotate3", RotationRecognizer(RotationSettings(touchesRequired: 3))),
        ]
        let out = run(regs, Self.twoFingers())
        for name in ["press3", "pan3", "pinch3", "rotate3"] {
            #expect(
                Self.failure(name, in: out)
                    == "transition \(name) possible → failed (too few fingers: 2 of 3 down when the 50 ms landing window "
                    + "ended)")
        }
        // A binding's own window (`hold-touches`), counted from the second finger.
        #expect(
            Self.failure("swipe3", in: out)
                == "transition swipe3 possible → failed (too few fingers: 2 of 3 down when the 30 ms landing window ended)"
        )
    }

    /// Fingers each within the window of the one before, too many of them to land in time.
    @Test func theTotalIsNamedWhenItEndedTheWait() {
        var h = Hand()
        for k in 0..<5 { h.down(UInt32(k + 1), 300 + Double(k) * 50, 250, at: Double(k) * 45) }
        h.upAll(at: 400)
        let out = run([reg("tap6", TapRecognizer(TapSettings(touchesRequired: 6)))], h.events)
        #expect(
            Self.failure("tap6", in: out)
                == "transition tap6 possible → failed (too few fingers: 5 of 6 down when the 200 ms all fingers may take "
                + "to land ended)")
    }

    /// A finger moving alone before the others land is no window ending: no count is said.
    @Test func aFingerMovingAloneSaysNoCount() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.move(1, 306, 250, at: 20)
        h.up(1, at: 60)
        var tap = TapSettings(touchesRequired: 3)
        tap.loneFingerSlopPx = 4
        let out = run([reg("tap3", TapRecognizer(tap))], h.events)
        #expect(Self.failure("tap3", in: out) == "transition tap3 possible → failed (too few fingers)")
    }
}
