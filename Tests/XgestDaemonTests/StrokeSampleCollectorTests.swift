import Testing
import XgestCore

@testable import XgestDaemon

/// What `xgest record-stroke` takes as a sample from the input it is fed.
@Suite struct StrokeSampleCollectorTests {
    typealias Outcome = StrokeSampleCollector.Outcome

    func pointer(_ payload: InputEvent.Payload) -> InputEvent {
        InputEvent(time: EventTime(microseconds: 0), device: 7, deviceKind: .pointer, payload: payload)
    }

    func button(_ button: Int, pressed: Bool, _ x: Double, _ y: Double) -> InputEvent {
        pointer(.button(ButtonSample(button: button, isPress: pressed, location: Point(x: x, y: y))))
    }

    func touch(_ id: UInt32, _ phase: TouchPhase, _ x: Double, _ y: Double, device: Int = 6) -> InputEvent {
        InputEvent(
            time: EventTime(microseconds: 0), device: device, deviceKind: .touchscreen,
            payload: .touch(TouchSample(id: id, phase: phase, location: Point(x: x, y: y))))
    }

    @Test func thePointersPathFromPressToReleaseOfTheButtonIsASample() {
        var c = StrokeSampleCollector(button: 3, minimumLengthPx: 50)
        // Motion before the press, and another button, are not part of it.
        #expect(c.feed(pointer(.pointerMotion(Point(x: 1, y: 1)))).outcome == nil)
        #expect(c.feed(button(1, pressed: true, 0, 0)).outcome == nil)
        #expect(c.feed(button(3, pressed: true, 10, 10)).outcome == nil)
        // A motion to where the pointer is adds no point.
        for (x, y) in [(10.0, 10.0), (40, 10), (40, 10), (80, 30)] {
            #expect(c.feed(pointer(.pointerMotion(Point(x: x, y: y)))).outcome == nil)
        }
        #expect(c.feed(button(1, pressed: false, 80, 30)).outcome == nil)
        let points = [Point(x: 10, y: 10), Point(x: 40, y: 10), Point(x: 80, y: 30), Point(x: 90, y: 30)]
        #expect(c.feed(button(3, pressed: false, 90, 30)).outcome == .sample(points))
        // After the release, motion is drawn into no sample.
        #expect(c.feed(pointer(.pointerMotion(Point(x: 200, y: 200)))).outcome == nil)
        #expect(c.feed(button(3, pressed: false, 200, 200)).outcome == nil)
    }

    @Test func aClickIsTooShort() {
        var c = StrokeSampleCollector(button: 3, minimumLengthPx: 50)
        _ = c.feed(button(3, pressed: true, 10, 10))
        _ = c.feed(pointer(.pointerMotion(Point(x: 13, y: 14))))
        #expect(c.feed(button(3, pressed: false, 13, 14)).outcome == .tooShort(lengthPx: 5))
    }

    @Test func oneFingersPathIsASampleAndItsTouchIsKept() {
        var c = StrokeSampleCollector(button: 3, minimumLengthPx: 50)
        _ = c.feed(touch(4, .begin, 0, 0))
        _ = c.feed(touch(4, .update, 30, 40))
        _ = c.feed(touch(4, .update, 30, 40))
        let end = c.feed(touch(4, .end, 60, 80))
        #expect(end.outcome == .sample([Point(x: 0, y: 0), Point(x: 30, y: 40), Point(x: 60, y: 80)]))
        #expect(end.touchesEnded == .init(device: 6, touches: [4], keep: true))
        // A tap after it is too short and handed back.
        _ = c.feed(touch(5, .begin, 0, 0))
        let tap = c.feed(touch(5, .end, 0, 0))
        #expect(tap.outcome == .tooShort(lengthPx: 0))
        #expect(tap.touchesEnded == .init(device: 6, touches: [5], keep: false))
    }

    @Test func aSecondFingerMakesNoSampleAndEveryTouchIsHandedBackWhenTheLastLifts() {
        var c = StrokeSampleCollector(button: 3, minimumLengthPx: 50)
        _ = c.feed(touch(1, .begin, 0, 0))
        _ = c.feed(touch(2, .begin, 100, 0))
        // Another touchscreen's finger is a sequence of its own.
        _ = c.feed(touch(9, .begin, 0, 0, device: 11))
        _ = c.feed(touch(1, .update, 100, 100))
        _ = c.feed(touch(2, .update, 200, 100))
        let first = c.feed(touch(1, .end, 100, 100))
        #expect(first.outcome == nil && first.touchesEnded == nil)
        let last = c.feed(touch(2, .end, 200, 100))
        #expect(last.outcome == .tooManyFingers)
        #expect(last.touchesEnded == .init(device: 6, touches: [1, 2], keep: false))
        let other = c.feed(touch(9, .end, 0, 100, device: 11))
        #expect(other.outcome == .sample([Point(x: 0, y: 0), Point(x: 0, y: 100)]))
    }

    /// A drawing slower than the daemon lets a stroke take (`stroke-max-duration`) is no
    /// sample, from the press or touch to the release or lift; its touch is handed back.
    @Test func aDrawingSlowerThanTheLimitIsTooSlow() {
        func at(_ seconds: Double, _ e: InputEvent) -> InputEvent {
            var e = e
            e.time = EventTime(microseconds: UInt64(seconds * 1_000_000))
            return e
        }
        var c = StrokeSampleCollector(button: 3, minimumLengthPx: 50, maximumDurationSeconds: 6)
        _ = c.feed(at(10, button(3, pressed: true, 0, 0)))
        _ = c.feed(at(12, pointer(.pointerMotion(Point(x: 100, y: 0)))))
        #expect(c.feed(at(17, button(3, pressed: false, 100, 100))).outcome == .tooSlow(seconds: 7))
        // Within the limit, a sample.
        _ = c.feed(at(20, button(3, pressed: true, 0, 0)))
        #expect(
            c.feed(at(26, button(3, pressed: false, 100, 0))).outcome
                == .sample([Point(x: 0, y: 0), Point(x: 100, y: 0)]))
        // A click held long is a click.
        _ = c.feed(at(30, button(3, pressed: true, 0, 0)))
        #expect(c.feed(at(40, button(3, pressed: false, 0, 0))).outcome == .tooShort(lengthPx: 0))
        _ = c.feed(at(50, touch(4, .begin, 0, 0)))
        _ = c.feed(at(53, touch(4, .update, 60, 0)))
        let end = c.feed(at(56.5, touch(4, .end, 60, 80)))
        #expect(end.outcome == .tooSlow(seconds: 6.5))
        #expect(end.touchesEnded == .init(device: 6, touches: [4], keep: false))
    }
}
