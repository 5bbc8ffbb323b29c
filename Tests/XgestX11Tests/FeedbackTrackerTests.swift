import Testing
import XgestX11

@testable import XgestCore

/// What the overlay shows for a sequence of input and engine outputs, without X.
@Suite struct FeedbackTrackerTests {
    static let mouse = 7
    static let screen = 6

    static func tracker(_ configure: (inout FeedbackOptions) -> Void = { _ in }) -> FeedbackTracker {
        var options = FeedbackOptions()
        configure(&options)
        return FeedbackTracker(options: options, pointerStrokeButtons: [3], touchscreenStrokes: true)
    }

    static func press(_ button: Int, _ p: Point, _ isPress: Bool = true) -> InputEvent {
        InputEvent(
            time: EventTime(microseconds: 0), device: mouse, deviceKind: .pointer,
            payload: .button(ButtonSample(button: button, isPress: isPress, location: p)))
    }

    static func move(_ p: Point) -> InputEvent {
        InputEvent(time: EventTime(microseconds: 0), device: mouse, deviceKind: .pointer, payload: .pointerMotion(p))
    }

    static func touch(_ id: UInt32, _ phase: TouchPhase, _ p: Point) -> InputEvent {
        InputEvent(
            time: EventTime(microseconds: 0), device: screen, deviceKind: .touchscreen,
            payload: .touch(TouchSample(id: id, phase: phase, location: p)))
    }

    static func reject(_ device: Int, _ kind: DeviceKind, touches: [UInt32] = []) -> EngineOutput {
        .ownership(
            OwnershipDecision(
                time: EventTime(microseconds: 0), verdict: .reject, device: device, deviceKind: kind, sequence: 1,
                touchIDs: touches, button: kind == .pointer ? 3 : nil))
    }

    static func classified(_ name: String, score: Double) -> EngineOutput {
        classified([StrokeMatch(name: name, score: score)])
    }

    static func classified(_ matches: [StrokeMatch], verdict: StrokeVerdict = .belowThreshold) -> EngineOutput {
        .transition(
            TransitionRecord(
                time: EventTime(microseconds: 0), name: "b", from: .possible, to: .failed, reason: .shapeNotMatched,
                detail: .stroke(StrokeClassification(matches: matches, verdict: verdict, rejectionThreshold: 0.72))
            ))
    }

    static let path = (0...10).map { Point(x: 100 + Double($0) * 10, y: 100) }

    @Test func aClickDrawsNothingAndSaysNothing() {
        var t = Self.tracker()
        t.observe(Self.press(3, Point(x: 10, y: 10)))
        t.observe(Self.move(Point(x: 13, y: 12)))
        #expect(t.scene.isEmpty)
        t.observe(Self.reject(Self.mouse, .pointer))
        #expect(t.scene.isEmpty)
        let held = t.takeHoldRequest()
        #expect(!held)
    }

    /// The templates' best match may have a verified score below the second's: the label
    /// names the match with the highest score.
    @Test func theLabelNamesTheHighestScoreNotTheFirstMatch() {
        var t = Self.tracker()
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        t.observe(
            Self.classified([
                StrokeMatch(name: "arrow", score: 0), StrokeMatch(name: "v", score: 0.45),
                StrokeMatch(name: "caret", score: 0.4),
            ]))
        t.observe(Self.reject(Self.mouse, .pointer))
        #expect(t.scene.label?.text == "not recognized: closest v 0.45")
    }

    @Test func aButtonNoStrokeStartsOnIsNotTraced() {
        var t = Self.tracker()
        t.observe(Self.press(1, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        #expect(t.scene.isEmpty)
    }

    @Test func aRejectedStrokeIsLabelledWithTheClosestShapeThenExpires() {
        var t = Self.tracker()
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        #expect(t.scene.trails == [Self.path])
        t.observe(Self.classified("check", score: 0.4))
        t.observe(Self.classified("circle-cw", score: 0.617))
        t.observe(Self.reject(Self.mouse, .pointer))
        #expect(t.scene.label?.text == "not recognized: closest circle-cw 0.62")
        #expect(t.scene.label?.recognized == false)
        let held = t.takeHoldRequest()
        #expect(held)
        #expect(t.isHolding)
        t.expire()
        #expect(t.scene.isEmpty)
    }

    /// A shape drawn well that no binding here takes (bound only in another `[[app]]`, or
    /// nowhere): every binding's classifier accepted it as that shape, and each turned it
    /// down as not its own. The label says so, with the shape and its score.
    @Test func aShapeNoBindingHereTakesIsLabelledNotBoundHere() {
        var t = Self.tracker()
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        let triangle = [
            StrokeMatch(name: "triangle", score: 0.997), StrokeMatch(name: "rectangle", score: 0.56),
        ]
        t.observe(Self.classified(triangle, verdict: .accepted))
        t.observe(Self.reject(Self.mouse, .pointer))
        #expect(t.scene.label?.text == "not bound here: triangle 1.00")
        #expect(t.scene.label?.recognized == false)
        let held = t.takeHoldRequest()
        #expect(held)

        // A binding of that very shape whose threshold the stroke missed: not recognized.
        var missed = Self.tracker()
        missed.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { missed.observe(Self.move(p)) }
        let close = [StrokeMatch(name: "triangle", score: 0.8), StrokeMatch(name: "rectangle", score: 0.5)]
        missed.observe(Self.classified(close, verdict: .accepted))
        missed.observe(Self.classified(close))
        missed.observe(Self.reject(Self.mouse, .pointer))
        #expect(missed.scene.label?.text == "not recognized: closest triangle 0.80")
    }

    /// A stroke no shape scored above 0 for: "not recognized", with no shape named.
    @Test func aStrokeLikeNoShapeIsLabelledNotRecognizedAlone() {
        var t = Self.tracker()
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        t.observe(Self.classified([]))
        t.observe(Self.reject(Self.mouse, .pointer))
        #expect(t.scene.label?.text == "not recognized")
        #expect(t.scene.label?.recognized == false)
    }

    @Test func aHeldDecisionFadesByRetractingItsTrailIntoItsEnd() {
        var t = Self.tracker()
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        t.observe(Self.classified("check", score: 0.4))
        t.observe(Self.reject(Self.mouse, .pointer))
        let label = t.scene.label
        t.fade(progress: 0)
        #expect(t.isFading)
        #expect(t.scene.trails == [Self.path])
        // A quarter of the way: the first quarter of the 100 px path is gone.
        t.fade(progress: 0.25)
        let trail = t.scene.trails.first ?? []
        #expect(trail.first == Point(x: 125, y: 100))
        #expect(trail.last == Self.path.last)
        #expect(t.scene.label == label)
        t.fade(progress: 0.9)
        #expect(t.scene.trails.first?.first == Point(x: 190, y: 100))
        t.fade(progress: 1)
        #expect(t.scene.isEmpty)
        #expect(!t.isHolding && !t.isFading)
    }

    @Test func aNewTrailStopsTheFade() {
        var t = Self.tracker()
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        t.observe(Self.reject(Self.mouse, .pointer))
        t.fade(progress: 0.5)
        t.observe(Self.press(3, Point(x: 500, y: 500)))
        for i in 1...3 { t.observe(Self.move(Point(x: 500 + Double(i) * 10, y: 500))) }
        #expect(!t.isFading)
        #expect(t.scene.trails == [(0...3).map { Point(x: 500 + Double($0) * 10, y: 500) }])
    }

    @Test func labelsCanBeOnlyForRecognizedStrokes() {
        var t = Self.tracker { $0.labels = .recognizedOnly }
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        t.observe(Self.classified("check", score: 0.4))
        t.observe(Self.reject(Self.mouse, .pointer))
        #expect(t.scene.label == nil)
        #expect(t.scene.trails == [Self.path])
    }

    @Test func aSecondFingerEndsTheOneFingerTrailAndShowsFingersWhenAsked() {
        var plain = Self.tracker()
        var fingers = Self.tracker { $0.touches = true }
        for e in [
            Self.touch(1, .begin, Point(x: 0, y: 0)), Self.touch(1, .update, Point(x: 20, y: 0)),
            Self.touch(2, .begin, Point(x: 50, y: 50)), Self.touch(2, .update, Point(x: 60, y: 50)),
        ] {
            plain.observe(e)
            fingers.observe(e)
        }
        #expect(plain.scene.isEmpty)
        #expect(fingers.scene.trails.count == 2)
        for e in [Self.touch(1, .end, Point(x: 20, y: 0)), Self.touch(2, .end, Point(x: 60, y: 50))] {
            fingers.observe(e)
        }
        #expect(fingers.scene.isEmpty)
    }

    static func swipe(_ state: GestureState) -> EngineOutput {
        .gesture(
            GestureEvent(
                time: EventTime(microseconds: 0), name: "tpswipe3", kind: .swipe, state: state, device: 8,
                deviceKind: .touchpad, target: .desktop,
                report: GestureReport(fingers: 3, location: Point(x: 400, y: 700))))
    }

    /// A continuous gesture is named at its begin; cancelled then, it never acts, and its
    /// label says so rather than leave the name up as if it had.
    @Test func aContinuousGestureCancelledAfterItsBeginIsLabelledCancelled() {
        var t = Self.tracker { $0.gestures = true }
        t.observe(Self.swipe(.began))
        #expect(t.scene.label?.text == "tpswipe3")
        let atTheBegin = t.takeHoldRequest()
        #expect(atTheBegin)
        t.observe(Self.swipe(.changed))
        t.observe(Self.swipe(.cancelled))
        #expect(t.scene.label?.text == "cancelled: tpswipe3")
        #expect(t.scene.label?.recognized == false)
        let atTheCancel = t.takeHoldRequest()
        #expect(atTheCancel)

        // Only recognized names wanted: the name just goes.
        var quiet = Self.tracker {
            $0.gestures = true
            $0.labels = .recognizedOnly
        }
        quiet.observe(Self.swipe(.began))
        quiet.observe(Self.swipe(.cancelled))
        #expect(quiet.scene.isEmpty)
        #expect(!quiet.isHolding)

        // One that ends keeps its name.
        var ended = Self.tracker { $0.gestures = true }
        ended.observe(Self.swipe(.began))
        ended.observe(Self.swipe(.ended))
        #expect(ended.scene.label?.text == "tpswipe3")
    }

    static func drawn(_ name: String, _ kind: GestureKind, device: Int, _ deviceKind: DeviceKind) -> EngineOutput {
        .gesture(
            GestureEvent(
                time: EventTime(microseconds: 0), name: name, kind: kind, state: .recognized, device: device,
                deviceKind: deviceKind, target: .desktop, report: GestureReport(fingers: 0, location: path[10])))
    }

    /// A binding that leaves out `device` registers once per device (`zed-any@pointer`);
    /// its label is the binding's name as written, for a stroke and for a gesture's begin.
    @Test func theLabelNamesTheBindingNotItsRegistration() {
        var t = Self.tracker()
        t.bindingNames = ["zed-any@pointer": "zed-any", "zed-any@touchscreen": "zed-any", "tap@touchscreen": "tap"]
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        t.observe(Self.drawn("zed-any@pointer", .stroke, device: Self.mouse, .pointer))
        #expect(t.scene.label?.text == "zed-any")
        t.expire()

        var gestures = Self.tracker { $0.gestures = true }
        gestures.bindingNames = ["tap@touchscreen": "tap"]
        gestures.observe(Self.drawn("tap@touchscreen", .tap, device: Self.screen, .touchscreen))
        #expect(gestures.scene.label?.text == "tap")
    }

    /// A pattern or a scrub is drawn as a stroke is: recognized, it is labelled with its
    /// binding's name and held, and goes at the hold's end. A later click is no part of
    /// it: it extends no trail and gets no label.
    @Test func aRecognizedPatternOrScrubIsLabelledAndALaterClickShowsNothing() {
        for kind in [GestureKind.pattern, .scrub] {
            var t = Self.tracker()
            t.observe(Self.press(3, Self.path[0]))
            for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
            t.observe(Self.classified("right-brace", score: 0.57))
            t.observe(Self.drawn("lock", kind, device: Self.mouse, .pointer))
            t.observe(Self.press(3, Self.path[10], false))
            #expect(t.scene.label?.text == "lock", "\(kind)")
            #expect(t.scene.label?.recognized == true)
            #expect(t.scene.trails == [Self.path])
            let held = t.takeHoldRequest()
            #expect(held, "\(kind)")
            t.expire()
            #expect(t.scene.isEmpty)

            // A click of another button, then of the stroke button.
            for button in [2, 3] {
                t.observe(Self.press(button, Point(x: 700, y: 700)))
                t.observe(Self.press(button, Point(x: 700, y: 700), false))
                t.observe(Self.reject(Self.mouse, .pointer))
                #expect(t.scene.isEmpty, "\(kind), button \(button): \(t.scene)")
                let clickHeld = t.takeHoldRequest()
                #expect(!clickHeld)
            }
        }
    }

    /// The same with one finger on a touchscreen: the next touch is a new one-finger trace,
    /// not a second finger of the old one.
    @Test func aOneFingerPatternOrScrubIsLabelledAndTheNextTouchIsTracedAnew() {
        for kind in [GestureKind.pattern, .scrub] {
            var t = Self.tracker()
            t.observe(Self.touch(1, .begin, Self.path[0]))
            for p in Self.path.dropFirst() { t.observe(Self.touch(1, .update, p)) }
            t.observe(Self.drawn("rub", kind, device: Self.screen, .touchscreen))
            t.observe(Self.touch(1, .end, Self.path[10]))
            #expect(t.scene.label?.text == "rub", "\(kind)")
            #expect(t.scene.trails == [Self.path])
            t.expire()
            let next = (0...3).map { Point(x: 500 + Double($0) * 10, y: 500) }
            t.observe(Self.touch(2, .begin, next[0]))
            for p in next.dropFirst() { t.observe(Self.touch(2, .update, p)) }
            #expect(t.scene.trails == [next], "\(kind)")
        }
    }

    /// A press whose trace ended with nothing the overlay shows (a gesture it does not
    /// label took it): the next press starts a trace of its own, and the old trail goes.
    @Test func aTraceEndedWithoutADecisionIsNotExtendedByTheNextPress() {
        var t = Self.tracker()
        t.observe(Self.press(3, Self.path[0]))
        for p in Self.path.dropFirst() { t.observe(Self.move(p)) }
        t.observe(Self.classified("right-brace", score: 0.57))
        t.observe(Self.press(3, Self.path[10], false))
        t.observe(Self.press(2, Point(x: 700, y: 700)))
        #expect(t.scene.isEmpty)
        t.observe(Self.press(2, Point(x: 700, y: 700), false))
        t.observe(Self.reject(Self.mouse, .pointer))
        #expect(t.scene.isEmpty)
        #expect(t.labelsPut == 0)
    }

    @Test func scoresHaveTwoDecimals() {
        #expect(FeedbackTracker.hundredths(0.617) == "0.62")
        #expect(FeedbackTracker.hundredths(0.05) == "0.05")
        #expect(FeedbackTracker.hundredths(1) == "1.00")
    }
}
