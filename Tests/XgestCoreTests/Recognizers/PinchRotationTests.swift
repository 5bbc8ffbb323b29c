import Foundation
import Testing

@testable import XgestCore

@Suite struct PinchRotationTests {
    /// Two fingers that spread by 2% and turn 4° clockwise ten times; the rotation crosses
    /// its 10° threshold (third step) before the pinch crosses its 10% (fifth step).
    func spreadAndTurn() -> [InputEvent] {
        var h = Hand()
        h.down(1, 400, 400, at: 0)
        h.down(2, 600, 400, at: 20)
        var events = h.events
        // Interleave small spread and turn steps.
        var a = Hand()
        a.positions = h.positions
        a.order = h.order
        for s in 0..<10 {
            a.rotate(by: 4 * Double.pi / 180, steps: 1, from: 40 + Double(s) * 20, to: 45 + Double(s) * 20)
            a.spread(by: 1.02, steps: 1, from: 50 + Double(s) * 20, to: 55 + Double(s) * 20)
        }
        a.upAll(at: 300)
        events += a.events
        return events
    }

    @Test func simultaneousPinchAndRotationBothRun() {
        let regs = [
            reg("pinch", PinchRecognizer(), simultaneous: ["rotate"]),
            reg("rotate", RotationRecognizer()),
        ]
        let out = run(regs, spreadAndTurn())
        #expect(out.states(of: "rotate").first == .began)
        #expect(out.states(of: "pinch").first == .began)
        #expect(out.states(of: "rotate").last == .ended)
        #expect(out.states(of: "pinch").last == .ended)
        let lastPinch = out.gestures.last { $0.name == "pinch" }
        #expect(lastPinch.map { abs($0.report.scale - pow(1.02, 10)) < 1e-6 } == true)
        #expect(lastPinch?.direction == .out)
        let lastRotate = out.gestures.last { $0.name == "rotate" }
        #expect(lastRotate.map { abs($0.report.rotationRadians - 40 * Double.pi / 180) < 0.01 } == true)
        #expect(lastRotate?.direction == .clockwise)
        #expect(out.verdicts == [.accept])
    }

    /// A pinch ends as its first finger lifts; its end (what an action on the end gets as
    /// XGEST_FINGERS, XGEST_X and XGEST_Y) said one finger, at the finger left down. It is
    /// both fingers, at their centre, the lifting one at its last point.
    @Test func aPinchEndsWithBothFingersAtTheirCentre() {
        var h = Hand()
        h.down(1, 350, 700, at: 0)
        h.down(2, 450, 700, at: 5)
        h.spread(by: 3, from: 10, to: 200)
        h.up(1, at: 210)
        h.up(2, at: 220)
        let out = run([reg("pinch", PinchRecognizer())], h.events)
        let end = out.gestures.last { $0.name == "pinch" }
        #expect(out.states(of: "pinch").last == .ended)
        #expect(end?.report.fingers == 2)
        #expect(end?.location == Point(x: 400, y: 700))
    }

    @Test func exclusivePinchAndRotationLetTheFirstWin() {
        let regs = [reg("pinch", PinchRecognizer()), reg("rotate", RotationRecognizer())]
        let out = run(regs, spreadAndTurn())
        #expect(out.states(of: "rotate").first == .began)
        #expect(out.states(of: "pinch").isEmpty)
        #expect(out.failure(of: "pinch") == .failedByOtherRecognizer)
        #expect(out.transitions.first { $0.name == "pinch" }?.related == "rotate")
    }

    @Test(arguments: [(0.5, GestureDirection.in), (2.0, GestureDirection.out)])
    func pinchInAndOut(factor: Double, direction: GestureDirection) {
        var h = Hand()
        h.down(1, 400, 400, at: 0)
        h.down(2, 600, 400, at: 10)
        h.spread(by: factor, from: 20, to: 200)
        h.upAll(at: 210)
        let both = run([reg("pinch", PinchRecognizer())], h.events)
        #expect(both.gestures.first?.direction == direction)
        #expect(both.gestures.last.map { abs($0.report.scale - factor) < 1e-6 } == true)
        let other: PinchDirections = direction == .in ? .out : .in
        let wrong = run([reg("pinch", PinchRecognizer(PinchSettings(directions: other)))], h.events)
        #expect(wrong.failure(of: "pinch") == .wrongDirection)
    }

    @Test(arguments: [(0.6, GestureDirection.clockwise), (-0.6, GestureDirection.counterClockwise)])
    func rotationDirections(radians: Double, direction: GestureDirection) {
        var h = Hand()
        h.down(1, 400, 400, at: 0)
        h.down(2, 600, 400, at: 10)
        h.rotate(by: radians, from: 20, to: 200)
        h.upAll(at: 210)
        let out = run([reg("rotate", RotationRecognizer())], h.events)
        #expect(out.gestures.first?.direction == direction)
        #expect(out.gestures.last.map { abs($0.report.rotationRadians - radians) < 1e-6 } == true)
        let only: RotationDirections = direction == .clockwise ? .counterClockwise : .clockwise
        #expect(
            run([reg("r", RotationRecognizer(RotationSettings(directions: only)))], h.events).failure(of: "r")
                == .wrongDirection)
    }

    @Test func aSingleFingerNeverPinches() {
        var h = Hand()
        h.down(1, 400, 400, at: 0)
        h.up(1, at: 400)
        let out = run([reg("pinch", PinchRecognizer())], h.events)
        #expect(out.failure(of: "pinch") == .tooFewFingers)
        // Known at the end of the finger landing window, before the lift.
        #expect(out.decisions.first?.time == ms(1000 * defaultFingerLandingWindowSeconds))
    }
}
