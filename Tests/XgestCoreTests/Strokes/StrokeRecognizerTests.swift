import SeededRandom
import Testing

@testable import XgestCore

@Suite struct StrokeRecognizerTests {
    static func shape(_ name: String) -> [Point] {
        let t = BuiltInStrokes.templates.first { $0.name == name }
        var rng = SplitMix64(seed: 1)
        return StrokeDrawing(scale: 2, offset: Point(x: 600, y: 500), pointCount: 30).draw(t?.points ?? [], &rng)
    }

    /// One finger drawing `points`, an event every `interval` ms (10) from `t0`.
    static func touchStroke(_ points: [Point], from t0: Double = 0, interval: Double = 10) -> Hand {
        var hand = Hand()
        guard let first = points.first else { return hand }
        hand.down(1, first.x, first.y, at: t0)
        for (k, p) in points.dropFirst().enumerated() { hand.move(1, p.x, p.y, at: t0 + interval * Double(k + 1)) }
        hand.up(1, at: t0 + interval * Double(points.count))
        return hand
    }

    let check = reg("check", StrokeRecognizer(StrokeSettings(shape: "check")))
    let circle = reg("circle", StrokeRecognizer(StrokeSettings(shape: "circle-cw")))

    @Test func aDrawnCheckIsRecognizedAtTheLiftAndTheCircleFails() {
        let out = run([check, circle], StrokeRecognizerTests.touchStroke(StrokeRecognizerTests.shape("check")).events)
        #expect(out.gestureLines == ["check recognized"])
        #expect(out.transitions.first { $0.name == "check" && $0.to == .recognized }?.reason == .shapeMatched)
        // The circle is failed by the check's success or by its own classification,
        // whichever the engine reaches first.
        #expect([.shapeNotMatched, .failedByOtherRecognizer].contains(out.failure(of: "circle")))
        let alone = run([circle], StrokeRecognizerTests.touchStroke(StrokeRecognizerTests.shape("check")).events)
        #expect(alone.failure(of: "circle") == .shapeNotMatched)
        #expect(out.verdicts == [.accept])
        #expect(out.gestures.first?.report.points.count == 30)
        #expect(out.gestures.first?.report.fingers == 1)
    }

    /// People take up to several seconds over a drawing (1.1–1.25 s at the median, 3.8 s
    /// at the 90th percentile of the human data): a check drawn over 4 s is recognized.
    @Test func aSlowDrawingIsRecognized() {
        let points = StrokeRecognizerTests.shape("check")
        let slow = StrokeRecognizerTests.touchStroke(points, interval: 4000 / Double(points.count))
        let out = run([check], slow.events)
        #expect(out.gestureLines == ["check recognized"])
    }

    /// `shape = "circle"` takes a circle drawn either way; `circle-cw` only one way.
    @Test func anyCircleTakesBothDirections() throws {
        let anyCircle = reg("any", StrokeRecognizer(StrokeSettings(shape: "circle")))
        for name in ["circle-cw", "circle-ccw"] {
            let drawn = StrokeRecognizerTests.touchStroke(StrokeRecognizerTests.shape(name)).events
            #expect(run([anyCircle], drawn).gestureLines == ["any recognized"], "\(name)")
            let oneWay = run([circle], drawn).gestureLines
            #expect(oneWay == (name == "circle-cw" ? ["circle recognized"] : []), "\(name)")
        }
    }

    /// `record-stroke circle` adds drawings to the built-in `circle`; the classifier keeps
    /// them under "circle" (no template's name, as the built-ins are split by direction),
    /// and `shape = "circle"` takes them as it takes either built-in circle.
    @Test func anyCircleTakesTheDrawingsRecordedAsCircle() throws {
        let n = [Point(x: 0, y: 100), Point(x: 0, y: 0), Point(x: 100, y: 100), Point(x: 100, y: 0)]
        let recorded = (1...3).map { k in
            StrokeTemplate(
                name: "circle", points: n.map { Point(x: $0.x + Double(k), y: $0.y * (1 + 0.03 * Double(k))) })
        }
        let classifier = StrokeClassifier(
            templates: BuiltInStrokes.templates, verifiers: BuiltInStrokes.verifiers, recorded: recorded)
        var rng = SplitMix64(seed: 2)
        let drawn = StrokeRecognizerTests.touchStroke(
            StrokeDrawing(scale: 2, offset: Point(x: 600, y: 500), pointCount: 30).draw(n, &rng))
        let anyCircle = reg("any", StrokeRecognizer(StrokeSettings(shape: "circle"), classifier: classifier))
        let out = run([anyCircle], drawn.events)
        #expect(out.gestureLines == ["any recognized"])
        #expect(out.transitions.first { $0.name == "any" }?.reason == .shapeMatched)
        // Only `circle` takes them: a one-way circle does not.
        let oneWay = reg("cw", StrokeRecognizer(StrokeSettings(shape: "circle-cw"), classifier: classifier))
        #expect(run([oneWay], drawn.events).failure(of: "cw") == .shapeNotMatched)
    }

    @Test func classificationIsKeptForDebugOutput() {
        var r = StrokeRecognizer(StrokeSettings(shape: "v"))
        let points = StrokeRecognizerTests.shape("v")
        let start = TouchFrame.single(.begin, points[0], at: 0)
        #expect(r.touchesBegan(start) == .none)
        for (k, p) in points.enumerated().dropFirst() {
            #expect(r.touchesMoved(TouchFrame.single(.update, p, at: Double(k) * 10)) == .none)
        }
        let end = TouchFrame.single(.end, points[points.count - 1], at: 400, down: 0)
        #expect(r.touchesEnded(end) == .recognize(.shapeMatched))
        #expect(r.classification?.matches.first?.name == "v")
        #expect(r.classification?.verdict == .accepted)
    }

    @Test func aSecondFingerFailsAtOnce() {
        var hand = Hand()
        hand.down(1, 100, 100, at: 0)
        hand.move(1, 130, 110, at: 20)
        hand.down(2, 300, 100, at: 40)
        let out = run([check], hand.events, drain: false)
        #expect(out.failure(of: "check") == .tooManyFingers)
        #expect(out.transitions.first { $0.name == "check" }?.time == ms(40))
    }

    @Test func aFingerThatDoesNotMoveFailsAtTheStartWindow() {
        var hand = Hand()
        hand.down(1, 100, 100, at: 0)
        hand.move(1, 102, 101, at: 100)
        let out = run([check], hand.events)
        #expect(out.failure(of: "check") == .tooSlow)
        #expect(out.transitions.first { $0.name == "check" }?.time == ms(300))
        #expect(out.verdicts == [.reject])
    }

    @Test func aShortStrokeFailsAtTheLift() {
        let tiny = [Point(x: 100, y: 100), Point(x: 110, y: 112), Point(x: 125, y: 100)]
        let out = run([check], StrokeRecognizerTests.touchStroke(tiny).events)
        #expect(out.failure(of: "check") == .movedTooLittle)
    }

    @Test func aStrokeDrawnTooLongTimesOut() {
        var hand = Hand()
        hand.down(1, 100, 100, at: 0)
        // 7 s of drawing, past the 6 s limit.
        for k in 1...70 { hand.move(1, 100 + Double(k) * 5, 100, at: Double(k) * 100) }
        let out = run([check], hand.events, drain: false)
        #expect(out.failure(of: "check") == .timedOut)
    }

    @Test func theTransitionRecordCarriesTheBestMatchesAndTheVerdict() {
        let out = run([check], StrokeRecognizerTests.touchStroke(StrokeRecognizerTests.shape("check")).events)
        let recognized = out.transitions.first { $0.name == "check" && $0.to == .recognized }
        #expect(
            recognized?.detail?.description.hasPrefix("accepted: check ") == true, "\(String(describing: recognized))")
        // The check's threshold: the default and the rise for its three templates, 0.74.
        #expect(recognized?.detail?.description.hasSuffix("(threshold 0.74)") == true)
        #expect(recognized?.detail?.strokeClassification?.matches.first?.name == "check")
        #expect(recognized?.detail?.description.split(separator: ",").count == 3)

        let drag = (0...30).map { Point(x: 100 + Double($0) * 15, y: 300 + Double($0) * 2) }
        let rejected = run([check], StrokeRecognizerTests.touchStroke(drag).events)
        let failed = rejected.transitions.first { $0.name == "check" && $0.to == .failed }
        #expect(failed?.reason == .shapeNotMatched)
        #expect(
            failed?.detail?.description.hasPrefix("best score below the threshold: ") == true,
            "\(String(describing: failed))")
        #expect(failed.map { "\($0)".contains("(shape not matched: best score below the threshold: ") } == true)

        // A failure before any classification says nothing more.
        let tiny = run([check], StrokeRecognizerTests.touchStroke([Point(x: 1, y: 1), Point(x: 5, y: 4)]).events)
        #expect(tiny.transitions.first { $0.name == "check" && $0.to == .failed }?.detail == nil)
    }

    @Test func aStraightDragIsHandedBack() {
        let drag = (0...30).map { Point(x: 100 + Double($0) * 15, y: 300 + Double($0) * 2) }
        let out = run([check, circle], StrokeRecognizerTests.touchStroke(drag).events)
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "check") == .shapeNotMatched)
        #expect(out.verdicts == [.reject])
    }

    /// A one-finger stroke and a one-finger swipe on the same touchscreen: with the swipe
    /// waiting for the stroke to fail, a check fires the stroke only, and a fast straight
    /// flick (no shape) fires the swipe once the stroke has failed at the lift.
    @Test func aStrokeAndASwipeOnOneFingerCoexistThroughRequiresFailureOf() {
        let swipe = reg("swipe", SwipeRecognizer(SwipeSettings(directions: .all)), requires: ["check"])
        let drawn = run([check, swipe], StrokeRecognizerTests.touchStroke(StrokeRecognizerTests.shape("check")).events)
        #expect(drawn.gestureLines == ["check recognized"])
        #expect(drawn.failure(of: "swipe") == .requiredRecognizerSucceeded)
        #expect(drawn.verdicts == [.accept])

        var flick = Hand()
        flick.down(1, 300, 400, at: 0)
        flick.moveAll(by: 300, 0, steps: 10, from: 0, to: 100)
        flick.up(1, at: 110)
        let flicked = run([check, swipe], flick.events)
        #expect(flicked.gestureLines == ["swipe recognized"])
        #expect(flicked.gestures.first?.direction == .right)
        #expect(flicked.failure(of: "check") == .shapeNotMatched)
        #expect(flicked.transitions.contains { $0.name == "swipe" && $0.reason == .requiredFailurePending })

        // Without the relation the swipe takes the check's first leg: the reason it exists.
        let unrelated = reg("swipe", SwipeRecognizer(SwipeSettings(directions: .all)))
        let stolen = run(
            [check, unrelated], StrokeRecognizerTests.touchStroke(StrokeRecognizerTests.shape("check")).events)
        #expect(stolen.gestureLines == ["swipe recognized"])
    }

    @Test func pointerStrokesAreClassifiedToo() {
        let pointerCheck = reg(
            "pointer-check",
            StrokeRecognizer(StrokeSettings(shape: "check", input: .pointer(StrokeCaptureSettings(button: 3)))))
        let points = StrokeRecognizerTests.shape("check")
        var events = [Mouse.press(3, points[0].x, points[0].y, at: 0)]
        for (k, p) in points.enumerated().dropFirst() { events.append(Mouse.motion(p.x, p.y, at: Double(k) * 10)) }
        let last = points[points.count - 1]
        events.append(Mouse.release(3, last.x, last.y, at: Double(points.count) * 10))
        let out = run([pointerCheck], events)
        #expect(out.gestureLines == ["pointer-check recognized"])
        #expect(out.gestures.first?.report.points.count == points.count + 1)

        let wrongButton = run([pointerCheck], [Mouse.press(1, 10, 10, at: 0), Mouse.release(1, 10, 10, at: 50)])
        #expect(wrongButton.failure(of: "pointer-check") == .wrongButton)
    }
}

extension TouchFrame {
    /// A frame for one finger (id 1) that landed at the origin at time 0.
    static func single(_ phase: TouchPhase, _ p: Point, at t: Double, down: Int = 1) -> TouchFrame {
        let touch = Touch(id: 1, location: p, startLocation: p, startTime: .zero)
        return TouchFrame(
            time: ms(t), device: touchscreenID, phase: phase, changed: touch,
            touches: down > 0 ? [touch] : [], sequenceStartTime: .zero, sequenceStartLocation: p, maximumTouches: 1,
            maximumTravelPx: 0, centroid: p)
    }
}
