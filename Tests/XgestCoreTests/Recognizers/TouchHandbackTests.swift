import Testing

@testable import XgestCore

/// The hand-back rules (``TouchHandback``): a binding gives up touches it cannot take on
/// the evidence, before the fingers lift, so the application gets them while they are down.
@Suite struct TouchHandbackTests {
    let threeFingerSwipe = reg(
        "swipe-3", SwipeRecognizer(SwipeSettings(directions: .all, touchesRequired: 3)))
    let twoFingerDoubleTap = reg("tap-2x2", TapRecognizer(TapSettings(tapsRequired: 2, touchesRequired: 2)))

    /// A symmetric pinch does not move the fingers' centre; the swipe still gives the two
    /// fingers up as soon as they move apart, and the sequence is rejected while they are down.
    @Test func aTwoFingerPinchIsRejectedWhileItsFingersAreDown() {
        var h = Hand()
        h.down(1, 400, 300, at: 0)
        h.down(2, 500, 300, at: 5)
        h.spread(by: 2, steps: 20, from: 10, to: 210)
        h.upAll(at: 220)
        let out = run([threeFingerSwipe, twoFingerDoubleTap], h.events)
        #expect(out.verdicts == [.reject])
        // The double tap gives them up once they travel 10 px (5 steps of 2.5 px), long
        // before they lift at 220 ms.
        #expect(out.decisions.first?.time == ms(60))
        #expect(out.decisions.first?.touchIDs == [1, 2])
    }

    /// With no finger count to fail on (two fingers for a two-finger swipe), the pinch
    /// fails it as diverging fingers.
    @Test func aPinchIsNotATwoFingerSwipeOrPan() {
        var h = Hand()
        h.downAll(2, 400, 300, at: 0, spacing: 100)
        h.spread(by: 2, steps: 20, from: 10, to: 210)
        h.upAll(at: 220)
        let swipe = reg("swipe-2", SwipeRecognizer(SwipeSettings(directions: .all, touchesRequired: 2)))
        let pan = reg("pan-2", PanRecognizer(PanSettings(minimumTouches: 2, maximumTouches: 2)))
        let out = run([swipe, pan], h.events)
        #expect(out.failure(of: "swipe-2") == .fingersDiverged)
        #expect(out.failure(of: "pan-2") == .fingersDiverged)
        #expect(out.verdicts == [.reject])
    }

    /// Fingers moving side by side, reported one update at a time, do not diverge.
    @Test func parallelFingersReportedOneAtATimeStillSwipe() {
        var h = Hand()
        h.downAll(3, 400, 300, at: 0)
        h.moveAll(by: 200, 0, steps: 10, from: 10, to: 110)
        h.upAll(at: 120)
        let swipe = reg("swipe-3", SwipeRecognizer(SwipeSettings(directions: .right, touchesRequired: 3)))
        #expect(run([swipe], h.events).gestureLines == ["swipe-3 recognized"])
    }

    /// Two fingers scrolling side by side never change their spread: a pinch or rotation
    /// binding held them until a finger lifted, and the application got them replayed one
    /// after the other (a one-finger fling in place of its two-finger scroll). They are
    /// given up while down, reported one update at a time as X does, once their centre
    /// has travelled two slops.
    @Test func aTwoFingerScrollIsNotAPinchOrRotation() {
        var h = Hand()
        h.downAll(2, 400, 450, at: 0, spacing: 100)
        h.moveAll(by: 0, -200, steps: 20, from: 10, to: 210)
        h.upAll(at: 220)
        var pinchSettings = PinchSettings()
        pinchSettings.loneFingerSlopPx = 4
        var rotationSettings = RotationSettings()
        rotationSettings.loneFingerSlopPx = 4
        let pinch = reg("pinch", PinchRecognizer(pinchSettings))
        let rotation = reg("rotate", RotationRecognizer(rotationSettings))
        let out = run([pinch, rotation], h.events)
        #expect(out.failure(of: "pinch") == .fingersMovedTogether)
        #expect(out.failure(of: "rotate") == .fingersMovedTogether)
        #expect(out.verdicts == [.reject])
        // 10 px a step: the centre is past 8 px once both fingers have made their first,
        // at 10 ms, a same-time frame taken whole when the next event comes.
        #expect(out.decisions.first?.time == ms(20))
    }

    /// A pinch or turn made with one finger still moves the centre as far as the fingers
    /// move around it: never side by side, whichever finger's update comes first.
    @Test func aPinchOrTurnWithOneFingerStillIsNotMovingTogether() {
        for (name, far) in [("pinch", Point(x: 640, y: 400)), ("rotate", Point(x: 595, y: 448))] {
            var h = Hand()
            h.down(1, 400, 400, at: 0)
            h.down(2, 600, 400, at: 5)
            for step in 1...10 {
                let f = Double(step) / 10
                h.move(2, 600 + (far.x - 600) * f, 400 + (far.y - 400) * f, at: 5 + Double(step) * 8)
            }
            h.upAll(at: 100)
            var pinchSettings = PinchSettings()
            pinchSettings.loneFingerSlopPx = 4
            var rotationSettings = RotationSettings()
            rotationSettings.loneFingerSlopPx = 4
            let recognizer =
                name == "pinch"
                ? reg(name, PinchRecognizer(pinchSettings)) : reg(name, RotationRecognizer(rotationSettings))
            let out = run([recognizer], h.events)
            #expect(out.failure(of: name) == nil, "\(name)")
            #expect(out.verdicts == [.accept], "\(name)")
        }
    }

    /// A finger moving alone is a drag: multi-finger bindings give it up at the slop, not
    /// at the landing window's end.
    @Test func aLoneFingerPastTheSlopIsHandedBackAtOnce() {
        var h = Hand()
        h.down(1, 400, 300, at: 0)
        h.move(1, 405, 300, at: 8)
        h.move(1, 411, 300, at: 16)
        let pinch = reg("pinch", PinchRecognizer())
        let out = run([threeFingerSwipe, pinch], h.events, drain: false)
        #expect(out.failure(of: "swipe-3") == .tooFewFingers)
        #expect(out.failure(of: "pinch") == .tooFewFingers)
        #expect(out.decisions.map(\.time) == [ms(16)])
    }

    /// A two-finger tap of `taps` taps and a two-finger long press, with `loneFingerSlopPx`.
    static func twoFingers(taps: Int, loneFingerSlopPx: Double) -> (TapSettings, LongPressSettings) {
        var tap = TapSettings(tapsRequired: taps, touchesRequired: 2)
        tap.loneFingerSlopPx = loneFingerSlopPx
        var press = LongPressSettings(touchesRequired: 2)
        press.loneFingerSlopPx = loneFingerSlopPx
        return (tap, press)
    }

    /// While the second finger is awaited, a two-finger tap or long press gives up a
    /// finger that moves past the lone-finger slop, though a tap's own movement limit is
    /// larger: the drag goes back at its first frame past the slop.
    @Test func aTapOrPressWaitingForFingersGivesUpALoneFingerAtTheSlop() {
        let (tapSettings, pressSettings) = Self.twoFingers(taps: 2, loneFingerSlopPx: 4)
        let tap = reg("tap-2x2", TapRecognizer(tapSettings))
        let press = reg("press-2", LongPressRecognizer(pressSettings))
        var h = Hand()
        h.down(1, 400, 300, at: 0)
        h.move(1, 403, 300, at: 8)
        h.move(1, 405, 300, at: 16)
        let out = run([tap, press], h.events, drain: false)
        #expect(out.failure(of: "tap-2x2") == .tooFewFingers)
        #expect(out.failure(of: "press-2") == .tooFewFingers)
        #expect(out.decisions.map(\.time) == [ms(16)])
    }

    /// Once every finger is down the slop no longer applies: fingers wandering farther than
    /// it, within the tap's own movement limit, still tap and still long-press.
    @Test func fingersWanderingPastTheSlopAfterAllLandedStillTapAndPress() {
        let (tapSettings, pressSettings) = Self.twoFingers(taps: 1, loneFingerSlopPx: 4)
        var h = Hand()
        h.down(1, 400, 300, at: 0)
        h.move(1, 403, 300, at: 8)
        h.down(2, 450, 300, at: 16)
        h.move(1, 407, 300, at: 24)
        h.move(2, 457, 300, at: 32)
        var tap = h
        tap.upAll(at: 100)
        #expect(run([reg("tap-2", TapRecognizer(tapSettings))], tap.events).gestureLines == ["tap-2 recognized"])
        h.upAll(at: 700)
        let press = reg("press-2", LongPressRecognizer(pressSettings))
        #expect(run([press], h.events).states(of: "press-2") == [.began, .ended])
    }

    /// A two-finger long press gives a lone finger back when the landing window ends, not
    /// when its press duration does.
    @Test func aTwoFingerLongPressHoldsALoneFingerOnlyForTheLandingWindow() {
        var h = Hand()
        h.down(1, 400, 300, at: 0)
        h.up(1, at: 400)
        let press = reg("press-2", LongPressRecognizer(LongPressSettings(touchesRequired: 2)))
        let out = run([press], h.events)
        #expect(out.failure(of: "press-2") == .tooFewFingers)
        #expect(out.decisions.map(\.time) == [ms(50)])

        var two = Hand()
        two.down(1, 400, 300, at: 0)
        two.down(2, 450, 300, at: 40)
        two.upAll(at: 700)
        #expect(run([press], two.events).states(of: "press-2") == [.began, .ended])
    }
}
