import Testing

@testable import XgestCore

/// Fingers landing while the fingers of a sequence just handed back are down go to the
/// application with them (``HandedBackFingers``): they start no gesture of fewer fingers.
@Suite struct LateFingerTests {
    static let taps = [
        reg("tap1", TapRecognizer()),
        reg("tap2", TapRecognizer(TapSettings(touchesRequired: 2))),
        reg("tap3", TapRecognizer(TapSettings(touchesRequired: 3))),
        reg("tap5", TapRecognizer(TapSettings(touchesRequired: 5))),
    ]

    /// Three fingers 60 ms apart: the first two are handed back when the second lands (the
    /// three-finger tap's landing window ended at 50 ms, the one-finger tap fails on the
    /// second finger), and the third ran the one-finger tap at its lift.
    @Test func aLateThirdFingerOfAThreeFingerTapRunsNoOneFingerTap() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 360, 250, at: 60)
        h.down(3, 420, 250, at: 120)
        h.upAll(at: 200)
        let regs = [Self.taps[0], Self.taps[2]]
        let out = run(regs, h.events)
        #expect(out.gestures.isEmpty, "\(out.gestureLines)")
        #expect(out.decisions.map(\.touchIDs) == [[1, 2], [3]])
        #expect(out.verdicts == [.reject, .reject])
        // One sequence: the third finger is one more of the first two's.
        #expect(out.decisions.map(\.sequence) == [1, 1])
        #expect(out.decisions.map(\.reason) == [nil, .joinsTouchesHandedBack])
        #expect(out.decisions.last?.description.hasSuffix("touches=3 (joins touches handed back)") == true)
        // No recognizer saw it: nothing of the third finger in any transition after the reject.
        #expect(!out.transitions.contains { $0.time == ms(120) })
    }

    /// Five fingers 60 ms apart: rejected when the second lands (every tap for more fingers
    /// gave up 50 ms after the first, the one-finger tap fails on it); the others join, each
    /// within the window of the finger before it though the fifth lands 180 ms after the reject.
    @Test func lateFingersJoinOneAfterTheOther() {
        var h = Hand()
        for (k, t) in [0.0, 60, 120, 180, 240].enumerated() { h.down(UInt32(k + 1), 300 + Double(k) * 50, 250, at: t) }
        h.upAll(at: 300)
        let out = run(Self.taps, h.events)
        #expect(out.gestures.isEmpty, "\(out.gestureLines)")
        #expect(out.decisions.map(\.touchIDs) == [[1, 2], [3], [4], [5]])
        #expect(out.decisions.map(\.time) == [ms(60), ms(120), ms(180), ms(240)])
    }

    /// Past ``HandedBackFingers/joinWindow`` after the last finger landed, a finger starts
    /// a sequence of its own: a finger resting, handed back long ago, keeps no gesture of
    /// the other hand from running.
    @Test func aRestingHandedBackFingerBlocksNoLaterGesture() {
        var h = Hand()
        h.down(1, 100, 900, at: 0)
        // Handed back at 50 ms (only a two-finger tap), and still down.
        h.down(2, 1300, 400, at: 400)
        h.down(3, 1360, 400, at: 400)
        h.up(2, at: 460)
        h.up(3, at: 460)
        h.up(1, at: 2000)
        let out = run([Self.taps[1]], h.events)
        #expect(out.gestureLines == ["tap2 recognized"])
        #expect(out.decisions.map(\.touchIDs) == [[1], [2, 3]])
        #expect(out.decisions.allSatisfy { $0.reason == nil })
    }

    @Test func theJoinWindowIsCountedFromTheLastLanding() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        // Both handed back at 60 ms; 100 ms after that landing joins, 101 ms after the
        // one that joined does not.
        h.down(2, 360, 250, at: 60)
        h.down(3, 420, 250, at: 160)
        h.down(4, 1300, 250, at: 261)
        h.up(4, at: 280)
        h.upAll(at: 300)
        let out = run([Self.taps[0], Self.taps[2]], h.events)
        #expect(out.decisions.map(\.touchIDs) == [[1, 2], [3], [4]])
        #expect(out.decisions.map(\.reason) == [nil, .joinsTouchesHandedBack, nil])
        #expect(out.gestureLines == ["tap1 recognized"])
    }

    /// The engine ended the handed-back fingers at the reject; their lifts, which the X
    /// layer passes as touch ends (replayed traces hold them), end the rule: a finger
    /// landing once they are up starts a sequence of its own, however soon.
    @Test func onceTheHandedBackFingersLiftedAFingerStartsItsOwnSequence() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 360, 250, at: 60)
        h.up(1, at: 70)
        h.up(2, at: 72)
        h.down(3, 900, 250, at: 90)
        h.up(3, at: 130)
        let out = run([Self.taps[0], Self.taps[2]], h.events)
        #expect(out.gestureLines == ["tap1 recognized"])
        #expect(out.decisions.map(\.touchIDs) == [[1, 2], [3]])
        #expect(out.verdicts == [.reject, .accept])
    }

    /// While one of them is still down, a late finger still joins (UIKit: until every touch
    /// of the event has ended).
    @Test func aFingerJoinsWhileOneHandedBackFingerIsStillDown() {
        var h = Hand()
        h.down(1, 300, 250, at: 0)
        h.down(2, 360, 250, at: 60)
        h.up(1, at: 70)
        h.down(3, 420, 250, at: 90)
        h.upAll(at: 160)
        let out = run([Self.taps[0], Self.taps[2]], h.events)
        #expect(out.gestures.isEmpty, "\(out.gestureLines)")
        #expect(out.decisions.map(\.reason) == [nil, .joinsTouchesHandedBack])
    }
}
