import Foundation
import SeededRandom
import Testing

@testable import XgestCore

@Suite struct StateMachineTests {
    @Test func discreteTransitions() {
        let allowed: Set<String> = ["possible→recognized", "possible→failed", "recognized→possible", "failed→possible"]
        for a in GestureState.allCases {
            for b in GestureState.allCases {
                let key = "\(a)→\(b)"
                let isReset = b == .possible && a.isTerminal
                let expected = allowed.contains(key) || isReset
                #expect(a.canTransition(to: b, continuous: false) == expected, "\(key)")
            }
        }
    }

    @Test func continuousTransitions() {
        let allowed: Set<String> = [
            "possible→began", "possible→failed", "began→changed", "changed→changed", "began→ended", "changed→ended",
            "began→cancelled", "changed→cancelled",
        ]
        for a in GestureState.allCases {
            for b in GestureState.allCases {
                let key = "\(a)→\(b)"
                let expected = allowed.contains(key) || (b == .possible && a.isTerminal)
                #expect(a.canTransition(to: b, continuous: true) == expected, "\(key)")
            }
        }
    }

    @Test func atan2MatchesLibm() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<10_000 {
            let y = rng.nextDouble(in: -1000...1000)
            let x = rng.nextDouble(in: -1000...1000)
            #expect(abs(atan2Radians(y, x) - Foundation.atan2(y, x)) < 1e-12)
        }
        #expect(atan2Radians(0, -1) == Double.pi)
        #expect(atan2Radians(1, 0) == Double.pi / 2)
    }

    @Test func nearestSwipeDirection() {
        for d in SwipeDirection.allCases {
            #expect(SwipeDirection.nearest(to: d.unitVector) == d)
        }
        #expect(SwipeDirection.nearest(to: Point(x: 10, y: 3)) == .right)
        #expect(SwipeDirection.nearest(to: Point(x: 10, y: 6)) == .downRight)
    }

    @Test func outputDescriptionsReadOnOneLine() {
        let g = GestureEvent(
            time: ms(1500), name: "ws-next", kind: .swipe, state: .recognized, device: 8, deviceKind: .touchpad,
            target: .desktop, report: GestureReport(fingers: 3, direction: .left, translation: Point(x: -120, y: 4.5)))
        #expect(
            g.description
                == "1.500000 gesture ws-next swipe recognized fingers=3 direction=left translation=-120,4.5 at 0,0 on desktop"
        )
        let d = OwnershipDecision(
            time: ms(20), verdict: .reject, device: 6, deviceKind: .touchscreen, sequence: 4, touchIDs: [3, 5])
        #expect(d.description == "0.020000 ownership reject touchscreen device=6 sequence=4 touches=3,5")
        let t = TransitionRecord(
            time: ms(430), name: "single-tap", from: .possible, to: .failed, reason: .requiredRecognizerSucceeded,
            related: "double-tap")
        #expect(
            t.description
                == "0.430000 transition single-tap possible → failed (required recognizer succeeded: double-tap)")
        for o in [EngineOutput.gesture(g), .ownership(d), .transition(t)] { #expect(!o.description.contains("\n")) }
    }
}
