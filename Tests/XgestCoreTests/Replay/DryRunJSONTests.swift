import Testing

@testable import XgestCore

/// `replay --json --explain` objects: a key has one type across objects (`device` is a
/// device kind everywhere, its id `device_id`), so a typed reader needs no special case.
@Suite struct DryRunJSONTests {
    @Test func aHandedBackTouchNamesItsDeviceKindAndId() {
        let h = HandedBackTouch(
            time: EventTime(microseconds: 1_147_000), device: 6, touchID: 11, location: Point(x: 900, y: 100))
        #expect(
            DryRunRecord.explanation(.handedBack(h)).jsonLine
                == #"{"t":1.147,"kind":"handed-back","device":"touchscreen","device_id":6,"touch":11,"x":900.0,"y":100.0}"#
        )
    }

    @Test func aPointerDecisionHasItsButtonAndATouchscreenOneItsTouches() {
        let pointer = OwnershipDecision(
            time: EventTime(microseconds: 500_000), verdict: .reject, device: 9, deviceKind: .pointer, sequence: 3,
            touchIDs: [], button: 3)
        #expect(
            DryRunRecord.explanation(.ownership(pointer)).jsonLine
                == #"{"t":0.5,"kind":"ownership","verdict":"reject","device":"pointer","device_id":9,"sequence":3,"button":3}"#
        )
        let touches = OwnershipDecision(
            time: EventTime(microseconds: 500_000), verdict: .accept, device: 6, deviceKind: .touchscreen,
            sequence: 4, touchIDs: [21, 22], button: nil)
        #expect(
            DryRunRecord.explanation(.ownership(touches)).jsonLine
                == #"{"t":0.5,"kind":"ownership","verdict":"accept","device":"touchscreen","device_id":6,"sequence":4,"touches":[21,22]}"#
        )
    }

    /// A stroke bound by direction says the direction it was drawn in, as gestures with a
    /// direction do.
    @Test func aPointerStrokeCarriesItsOverallDirection() {
        var r = StrokeCaptureRecognizer()
        let t = EventTime(microseconds: 0)
        _ = r.pointer(
            PointerInput(time: t, device: 2, kind: .press(button: 3), location: Point(x: 100, y: 100), modifiers: []))
        _ = r.pointer(PointerInput(time: t, device: 2, kind: .motion, location: Point(x: 200, y: 110), modifiers: []))
        _ = r.pointer(
            PointerInput(time: t, device: 2, kind: .release(button: 3), location: Point(x: 300, y: 120), modifiers: []))
        #expect(r.report.direction == .right)
        var up = StrokeCaptureRecognizer()
        _ = up.pointer(
            PointerInput(time: t, device: 2, kind: .press(button: 3), location: Point(x: 100, y: 300), modifiers: []))
        _ = up.pointer(
            PointerInput(time: t, device: 2, kind: .release(button: 3), location: Point(x: 100, y: 100), modifiers: []))
        #expect(up.report.direction == .up)
        #expect(StrokeCaptureRecognizer().report.direction == nil)
    }
}
