import CXgest
import Testing
import XgestCore

@testable import XgestX11

/// XI event structs to xgest's terms, without a server: the structs are built in memory
/// as Xlib would fill them.
@Suite struct XIEventDecodingTests {
    static func deviceEvent(_ evtype: Int32, detail: Int32, x: Double, y: Double) -> XIDeviceEvent {
        var e = XIDeviceEvent()
        e.evtype = evtype
        e.deviceid = 2
        e.sourceid = 11
        e.detail = detail
        e.root_x = x
        e.root_y = y
        e.time = 0xFFFF_FFF0
        e.mods.effective = Int32(ShiftMask | ControlMask)
        return e
    }

    @Test func touchesKeepTheirIdsPositionsAndPhases() {
        let phases: [(Int32, TouchPhase)] = [(XI_TouchBegin, .begin), (XI_TouchUpdate, .update), (XI_TouchEnd, .end)]
        for (evtype, phase) in phases {
            let t = XIEventDecoding.touch(Self.deviceEvent(evtype, detail: 7, x: 100.5, y: 200.25))
            #expect(t.key == TouchKey(device: 11, touch: 7))
            #expect(t.phase == phase)
            #expect(t.location == Point(x: 100.5, y: 200.25))
            #expect(t.master == 2)
            #expect(t.serverTime == 0xFFFF_FFF0)
            #expect(t.modifiers == UInt32(ShiftMask | ControlMask))
        }
    }

    @Test func aSwipeAndAPinchGoThroughOnePath() {
        var swipe = XIGestureSwipeEvent()
        swipe.evtype = XI_GestureSwipeUpdate
        swipe.deviceid = 2
        swipe.sourceid = 12
        swipe.detail = 3
        swipe.root_x = 500
        swipe.root_y = 400
        swipe.delta_x = -30
        swipe.delta_y = 2
        swipe.time = 42
        let s = XIEventDecoding.gesture(swipe)
        #expect(s.type == .swipe && s.phase == .update && s.fingers == 3 && !s.cancelled)
        #expect(s.delta == Point(x: -30, y: 2) && s.location == Point(x: 500, y: 400))
        #expect(s.source == 12 && s.master == 2 && s.serverTime == 42)
        #expect(
            s.payload
                == .touchpadSwipe(
                    TouchpadSwipe(
                        phase: .update, fingers: 3, delta: Point(x: -30, y: 2), location: Point(x: 500, y: 400))))

        var pinch = XIGesturePinchEvent()
        pinch.evtype = XI_GesturePinchEnd
        pinch.sourceid = 12
        pinch.detail = 2
        pinch.scale = 1.25
        pinch.delta_angle = -3.5
        pinch.flags = Int32(XIGesturePinchEventCancelled)
        let p = XIEventDecoding.gesture(pinch)
        #expect(p.type == .pinch && p.phase == .end && p.fingers == 2 && p.cancelled)
        #expect(
            p.payload
                == .touchpadPinch(
                    TouchpadPinch(
                        phase: .end, fingers: 2, delta: .zero, scale: 1.25, angleDeltaDegrees: -3.5, cancelled: true,
                        location: .zero)))

        var begin = XIGestureSwipeEvent()
        begin.evtype = XI_GestureSwipeBegin
        #expect(XIEventDecoding.gesture(begin).phase == .begin)
        begin.evtype = XI_GestureSwipeEnd
        begin.flags = Int32(XIGestureSwipeEventCancelled)
        #expect(XIEventDecoding.gesture(begin).phase == .end && XIEventDecoding.gesture(begin).cancelled)
    }

    /// Raw valuators list only the axes set in the mask, in order.
    @Test func rawAxesReadOnlyTheAxesTheMaskHolds() {
        func axes(_ set: [Int32], _ values: [Double]) -> (x: Double?, y: Double?) {
            var mask = [UInt8](repeating: 0, count: 4)
            for a in set { xgest_set_mask(&mask, a) }
            var v = values
            return mask.withUnsafeMutableBufferPointer { m in
                v.withUnsafeMutableBufferPointer { vals in
                    var e = XIRawEvent()
                    e.valuators.mask_len = Int32(m.count)
                    e.valuators.mask = m.baseAddress
                    e.valuators.values = vals.baseAddress
                    return XIEventDecoding.rawAxes(e)
                }
            }
        }
        let both = axes([0, 1], [3413.5, 12136.25])
        #expect(both.x == 3413.5 && both.y == 12136.25)
        let yOnly = axes([1], [77])
        #expect(yOnly.x == nil && yOnly.y == 77)
        // Axes past 1 (pressure, a touch's major axis) are not x or y.
        let more = axes([0, 2, 5], [10, 20, 30])
        #expect(more.x == 10 && more.y == nil)
        let none = XIEventDecoding.rawAxes(XIRawEvent())
        #expect(none.x == nil && none.y == nil)
        #expect(XIEventDecoding.rawTouchPhase(XI_RawTouchBegin) == .begin)
        #expect(XIEventDecoding.rawTouchPhase(XI_RawTouchUpdate) == .update)
        #expect(XIEventDecoding.rawTouchPhase(XI_RawTouchEnd) == .end)
    }
}
