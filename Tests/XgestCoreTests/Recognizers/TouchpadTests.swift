import Testing

@testable import XgestCore

@Suite struct TouchpadTests {
    @Test(arguments: SwipeDirection.allCases)
    func swipeDirections(direction: SwipeDirection) {
        let regs = SwipeDirection.allCases.map { d in
            reg("pad-\(d)", TouchpadSwipeRecognizer(TouchpadSwipeSettings(fingers: 3, directions: SwipeDirections(d))))
        }
        let v = direction.unitVector
        let out = run(regs, Pad.swipeGesture(fingers: 3, dx: v.x * 120, dy: v.y * 120))
        #expect(Set(out.gestures.map(\.name)) == ["pad-\(direction)"])
        #expect(out.states(of: "pad-\(direction)").first == .began)
        #expect(out.states(of: "pad-\(direction)").last == .ended)
        #expect(out.gestures.first?.direction == direction.gestureDirection)
        // Touchpad gestures are not touch sequences: no ownership decisions.
        #expect(out.decisions.isEmpty)
    }

    @Test func swipeWithOtherFingerCountsFails() {
        let three = reg("three", TouchpadSwipeRecognizer(TouchpadSwipeSettings(fingers: 3)))
        #expect(run([three], Pad.swipeGesture(fingers: 4, dx: 100, dy: 0)).failure(of: "three") == .tooManyFingers)
        #expect(run([three], Pad.swipeGesture(fingers: 2, dx: 100, dy: 0)).failure(of: "three") == .tooFewFingers)
        #expect(run([three], Pad.swipeGesture(fingers: 3, dx: 10, dy: 0)).failure(of: "three") == .movedTooLittle)
    }

    @Test(arguments: [(0.5, GestureDirection.in), (1.8, GestureDirection.out)])
    func pinchInAndOut(scale: Double, direction: GestureDirection) {
        let only: PinchDirections = direction == .in ? .in : .out
        let other: PinchDirections = direction == .in ? .out : .in
        let regs = [
            reg("match", TouchpadPinchRecognizer(TouchpadPinchSettings(directions: only))),
            reg("other", TouchpadPinchRecognizer(TouchpadPinchSettings(directions: other))),
        ]
        let out = run(regs, Pad.pinchGesture(scale: scale))
        #expect(out.states(of: "match").first == .began)
        #expect(out.states(of: "match").last == .ended)
        #expect(out.gestures.first?.direction == direction)
        #expect(out.gestures.last?.report.scale == scale)
        #expect(out.states(of: "other").isEmpty)
    }

    @Test(arguments: [(45.0, GestureDirection.clockwise), (-45.0, GestureDirection.counterClockwise)])
    func rotateClockwiseAndCounterClockwise(degrees: Double, direction: GestureDirection) {
        let out = run([reg("rotate", TouchpadRotateRecognizer())], Pad.pinchGesture(scale: 1.0, degrees: degrees))
        #expect(out.states(of: "rotate").first == .began)
        #expect(out.gestures.first?.direction == direction)
        let last = out.gestures.last?.report.rotationRadians ?? 0
        #expect(abs(last - degrees * Double.pi / 180) < 1e-9)
    }

    @Test func pinchAndRotateOnOneGestureAreExclusiveUnlessSimultaneous() {
        let gesture = Pad.pinchGesture(scale: 1.5, degrees: 60)
        let exclusive = run(
            [reg("pinch", TouchpadPinchRecognizer()), reg("rotate", TouchpadRotateRecognizer())], gesture)
        #expect(exclusive.states(of: "rotate").isEmpty != exclusive.states(of: "pinch").isEmpty)
        let both = run(
            [
                reg("pinch", TouchpadPinchRecognizer(), simultaneous: ["rotate"]),
                reg("rotate", TouchpadRotateRecognizer()),
            ],
            gesture)
        #expect(both.states(of: "rotate").first == .began)
        #expect(both.states(of: "pinch").first == .began)
    }

    @Test func cancelledGesturesNeverEndAsRecognized() {
        let swipe = reg("swipe", TouchpadSwipeRecognizer())
        let begun = run([swipe], Pad.swipeGesture(fingers: 3, dx: 200, dy: 0, cancelled: true))
        #expect(begun.states(of: "swipe").first == .began)
        #expect(begun.states(of: "swipe").last == .cancelled)
        #expect(!begun.states(of: "swipe").contains(.ended))
        #expect(begun.transitions.last?.reason == .gestureCancelled)

        let early = run([swipe], Pad.swipeGesture(fingers: 3, dx: 10, dy: 0, cancelled: true))
        #expect(early.gestures.isEmpty)
        #expect(early.failure(of: "swipe") == .gestureCancelled)

        let pinch = run([reg("pinch", TouchpadPinchRecognizer())], Pad.pinchGesture(scale: 2, cancelled: true))
        #expect(pinch.states(of: "pinch").last == .cancelled)
        let rotate = run(
            [reg("rotate", TouchpadRotateRecognizer())], Pad.pinchGesture(scale: 1, degrees: 90, cancelled: true))
        #expect(rotate.states(of: "rotate").last == .cancelled)
    }

    @Test func swipeRecognizerFailsOnAPinch() {
        let out = run([reg("swipe", TouchpadSwipeRecognizer())], Pad.pinchGesture(scale: 2))
        #expect(out.failure(of: "swipe") == .otherGestureType)
    }
}
