import Testing

@testable import XgestCore

/// A tap of several fingers is reported with every finger, in landing order and where each
/// lifted, at their centroid: by the time it is recognized its fingers are up.
@Suite struct TapTouchesTests {
    let singleTwo = reg("two-finger-tap", TapRecognizer(TapSettings(touchesRequired: 2)))
    let doubleTwo = reg("two-finger-double-tap", TapRecognizer(TapSettings(tapsRequired: 2, touchesRequired: 2)))

    @Test func aThreeFingerTapListsEveryFingerAtItsCentroid() throws {
        let three = reg("three-finger-tap", TapRecognizer(TapSettings(touchesRequired: 3)))
        var h = Hand()
        h.down(1, 400, 300, at: 0)
        h.down(2, 500, 300, at: 10)
        h.down(3, 597, 357, at: 20)
        h.move(1, 403, 303, at: 40)
        // The fingers lift one by one, the first to land last.
        h.up(2, at: 80)
        h.up(3, at: 85)
        h.up(1, at: 90)
        let g = try #require(run([three], h.events).gestures.first)
        #expect(g.touches.map(\.location) == [Point(x: 403, y: 303), Point(x: 500, y: 300), Point(x: 597, y: 357)])
        #expect(g.location == Point(x: 500, y: 320))
    }

    @Test func aTwoFingerTapRecognizedOnceTheDoubleTapTimesOutKeepsItsFingers() throws {
        var engine = try #require(makeEngine([singleTwo, doubleTwo]))
        var out: [EngineOutput] = []
        var h = Hand()
        h.down(1, 400, 400, at: 0)
        h.down(2, 450, 400, at: 5)
        h.up(1, at: 80)
        h.up(2, at: 82)
        for e in h.events { engine.process(e, into: &out) }
        #expect(out.gestures.isEmpty)
        engine.advance(to: ms(82 + 350), into: &out)
        let g = try #require(out.gestures.first)
        #expect(g.name == "two-finger-tap")
        #expect(g.touches.map(\.location) == [Point(x: 400, y: 400), Point(x: 450, y: 400)])
        #expect(g.location == Point(x: 425, y: 400))
    }

    @Test func aTwoFingerDoubleTapListsTheSecondTapsFingers() throws {
        var h = Hand()
        h.down(1, 400, 400, at: 0)
        h.down(2, 450, 400, at: 5)
        h.upAll(at: 80)
        h.down(3, 404, 402, at: 200)
        h.down(4, 456, 402, at: 205)
        h.up(3, at: 280)
        h.up(4, at: 285)
        let g = try #require(run([singleTwo, doubleTwo], h.events).gestures.first)
        #expect(g.name == "two-finger-double-tap")
        #expect(g.touches.map(\.id) == [3, 4])
        #expect(g.location == Point(x: 430, y: 402))
    }
}
