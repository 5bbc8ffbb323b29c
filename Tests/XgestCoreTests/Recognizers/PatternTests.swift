import Testing

@testable import XgestCore

@Suite struct PatternTests {
    /// Cell centres of a 300 px grid at (100, 100): 1 at (150, 150), 9 at (350, 350).
    static let region = ScreenRegion(x: .pixels(100), y: .pixels(100), width: .pixels(300), height: .pixels(300))

    static func centre(_ n: Int) -> (Double, Double) {
        (150 + Double((n - 1) % 3) * 100, 150 + Double((n - 1) / 3) * 100)
    }

    func lock(_ pattern: [Int], region: ScreenRegion? = nil) -> RecognizerRegistration {
        reg("lock", PatternRecognizer(PatternSettings(pattern: pattern, input: .touchscreen, region: region)))
    }

    /// One finger drawn through `points`, 20 ms apart, lifted at the last.
    func drawn(_ points: [(Double, Double)]) -> [InputEvent] {
        var h = Hand()
        guard let first = points.first else { return [] }
        h.down(1, first.0, first.1, at: 0)
        var t = 0.0
        for p in points.dropFirst() {
            t += 20
            h.move(1, p.0, p.1, at: t)
        }
        h.up(1, at: t + 10)
        return h.events
    }

    func through(_ cells: [Int]) -> [InputEvent] { drawn(cells.map(Self.centre)) }

    @Test func theConfiguredPatternIsRecognizedAtTheLift() {
        let out = run([lock([1, 2, 3, 6, 9])], through([1, 2, 3, 6, 9]))
        #expect(out.gestureLines == ["lock recognized"])
        #expect(out.transitions.last { $0.to == .recognized }?.reason == .patternMatched)
        #expect(out.verdicts == [.accept])
    }

    @Test func aWrongPatternFailsAsAFailedGestureWithTheVisitedCells() {
        let out = run([lock([1, 2, 3, 6, 9], region: Self.region)], through([1, 2, 3, 5, 7]))
        #expect(out.gestureLines == ["lock failed"])
        let failure = out.transitions.first { $0.to == .failed }
        #expect(failure?.reason == .patternNotMatched)
        #expect(failure?.detail == .words("visited 1-2-3-5-7, pattern 1-2-3-6-9"))
        #expect(out.verdicts == [.reject])
    }

    /// An L (down the left, across the bottom) against 1-2-3-6-9 spans two rows and two
    /// columns: a wrong pattern, whose failed gesture (the `on-failure` action) comes
    /// before the input goes back to the application.
    @Test func anLIsAWrongPatternAndItsInputStillGoesBack() {
        let out = run([lock([1, 2, 3, 6, 9])], through([1, 4, 7, 8, 9]))
        #expect(out.gestureLines == ["lock failed"])
        let failure = out.transitions.first { $0.to == .failed }
        #expect(failure?.reason == .patternNotMatched)
        #expect(failure?.detail == .words("visited 1-4-7-8-9, pattern 1-2-3-6-9"))
        #expect(out.verdicts == [.reject])
        let order = out.compactMap { o -> String? in
            if case .gesture(let g) = o { return "gesture \(g.state)" }
            if case .ownership(let d) = o { return "\(d.verdict)" }
            return nil
        }
        #expect(order == ["gesture failed", "reject"])
    }

    /// A straight drag up with the button, which a grid fitted to it makes 8-5-2, is no
    /// attempt at 1-2-3-6-9: no failed gesture (no `on-failure`), and the drag goes back.
    @Test func aStraightDragAlongAColumnIsNoAttemptAtThePattern() {
        let input = StrokeInput.pointer(StrokeCaptureSettings(button: 3))
        let r = reg("lock", PatternRecognizer(PatternSettings(pattern: [1, 2, 3, 6, 9], input: input)))
        var events = [Mouse.press(3, 300, 850, at: 0)]
        for k in 1...9 { events.append(Mouse.motion(300, 850 - 33 * Double(k), at: Double(k) * 10)) }
        events.append(Mouse.release(3, 300, 553, at: 100))
        let out = run([r], events)
        #expect(out.gestures.isEmpty)
        let failure = out.transitions.first { $0.to == .failed }
        #expect(failure?.reason == .noPattern)
        #expect(failure?.description.hasSuffix("(no pattern: stayed in one column, visited 8-5-2)") == true)
        #expect(out.verdicts == [.reject])
        // Along a row, in a region's grid: the same.
        let row = run([lock([1, 2, 3, 6, 9], region: Self.region)], through([1, 2, 3]))
        #expect(row.gestures.isEmpty)
        #expect(row.transitions.first { $0.to == .failed }?.detail == .words("stayed in one row, visited 1-2-3"))
    }

    /// A pattern that itself lies in one row (bound with a region) keeps its wrong patterns
    /// in that row.
    @Test func aPatternInOneRowIsWrongWhenAnotherRowIsDrawn() {
        let out = run([lock([1, 2, 3], region: Self.region)], through([4, 5, 6]))
        #expect(out.gestureLines == ["lock failed"])
        #expect(out.failure(of: "lock") == .patternNotMatched)
        #expect(PatternGrid.line(of: [4, 5, 6]) == .row)
        #expect(PatternGrid.line(of: [2, 5, 8]) == .column)
        #expect(PatternGrid.line(of: [1, 5]) == nil)
    }

    @Test func otherFailuresAreNotGestureEvents() {
        var h = Hand()
        h.down(1, 150, 150, at: 0)
        h.up(1, at: 50)
        let out = run([lock([1, 2, 3])], h.events)
        #expect(out.gestures.isEmpty)
        #expect(out.failure(of: "lock") == .movedTooLittle)
    }

    @Test func aStrokeAcrossACellsCornerDoesNotVisitIt() {
        // From 1 to 5 by way of the corner shared by 1, 2, 4 and 5, then on to 9: the
        // corner visits none of 2 and 4.
        let grid = PatternGrid(rect: Rect(x: 100, y: 100, width: 300, height: 300))
        let path = [Point(x: 150, y: 150), Point(x: 200, y: 200), Point(x: 250, y: 250), Point(x: 350, y: 350)]
        #expect(grid.visitedCells(path) == [1, 5, 9])
        // Cutting the corner between 2 and 4 (through (200, 200) along the other diagonal).
        let corner = [Point(x: 250, y: 150), Point(x: 200, y: 200), Point(x: 150, y: 250)]
        #expect(grid.visitedCells(corner) == [2, 4])
        // From 4 to 8 by way of a point 35 px below 5's centre, beyond a third of a cell
        // (33 px): 5 is not visited; 20 px away, it is.
        let beside = [Point(x: 150, y: 250), Point(x: 150, y: 285), Point(x: 250, y: 285), Point(x: 250, y: 350)]
        #expect(grid.visitedCells(beside) == [4, 8])
        let near = [Point(x: 150, y: 250), Point(x: 150, y: 270), Point(x: 250, y: 270), Point(x: 250, y: 350)]
        #expect(grid.visitedCells(near) == [4, 5, 8])
    }

    @Test func aStraightLineFromOneToThreeVisitsTwo() {
        let grid = PatternGrid(rect: Rect(x: 100, y: 100, width: 300, height: 300))
        #expect(grid.visitedCells([Point(x: 150, y: 150), Point(x: 350, y: 150)]) == [1, 2, 3])
        // Samples far apart jumping over 2's circle entirely still count 2 (Android's rule).
        #expect(PatternGrid.cellBetween(1, 3) == 2)
        #expect(PatternGrid.cellBetween(1, 9) == 5)
        #expect(PatternGrid.cellBetween(1, 6) == nil)
        // A cell visited twice counts once.
        let back = [Point(x: 150, y: 150), Point(x: 250, y: 150), Point(x: 150, y: 150), Point(x: 150, y: 250)]
        #expect(grid.visitedCells(back) == [1, 2, 4])
        let out = run([lock([1, 2, 3], region: Self.region)], drawn([Self.centre(1), Self.centre(3)]))
        #expect(out.gestureLines == ["lock recognized"])
    }

    @Test func theGridIsTheRegionWhenOneIsSet() {
        // A short stroke from 1 to 2 of the region's grid: fitted to its own box it spans
        // the grid's middle row (4-5-6: a one-row stroke has no height to place it by);
        // in the region it is 1-2.
        let short = through([1, 2])
        #expect(run([lock([1, 2], region: Self.region)], short).gestureLines == ["lock recognized"])
        #expect(run([lock([1, 2])], short).failure(of: "lock") == .patternNotMatched)
        #expect(run([lock([4, 5, 6])], short).gestureLines == ["lock recognized"])
    }

    @Test func theGridFitsTheStrokesBoundingBox() {
        // The same pattern drawn small and elsewhere: the grid follows the stroke.
        let small: [(Double, Double)] = [(600, 500), (640, 500), (680, 500), (680, 540), (680, 580)]
        #expect(run([lock([1, 2, 3, 6, 9])], drawn(small)).gestureLines == ["lock recognized"])
    }

    @Test func aPointerPatternIsDrawnWithItsButton() {
        let input = StrokeInput.pointer(StrokeCaptureSettings(button: 3))
        let r = reg("lock", PatternRecognizer(PatternSettings(pattern: [7, 5, 3], input: input)))
        let events = [
            Mouse.press(3, 150, 350, at: 0), Mouse.motion(250, 250, at: 20), Mouse.motion(350, 150, at: 40),
            Mouse.release(3, 350, 150, at: 50),
        ]
        #expect(run([r], events).gestureLines == ["lock recognized"])
        let left = [
            Mouse.press(1, 150, 350, at: 0), Mouse.motion(250, 250, at: 20), Mouse.release(1, 350, 150, at: 50),
        ]
        #expect(run([r], left).failure(of: "lock") == .wrongButton)
        let clickedMeanwhile = [
            Mouse.press(3, 150, 350, at: 0), Mouse.motion(250, 250, at: 20), Mouse.press(1, 250, 250, at: 30),
            Mouse.release(1, 250, 250, at: 35), Mouse.motion(350, 150, at: 40), Mouse.release(3, 350, 150, at: 50),
        ]
        #expect(run([r], clickedMeanwhile).failure(of: "lock") == .wrongButton)
    }
}
