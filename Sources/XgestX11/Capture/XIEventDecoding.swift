import CXgest
import XgestCore

/// XI event structs to xgest's terms, with no display, no round trip and no state: what
/// an event says, read off its fields. ``X11InputSource`` decides whose each event is
/// (grabs, hand-backs, the lock) and adds what needs state (time unwrapping, the pointer
/// position); tests build the structs in memory.
enum XIEventDecoding {
    /// A touch event's own facts.
    struct Touch: Hashable {
        var key: TouchKey
        var phase: TouchPhase
        var location: Point
        /// The master device, which XIAllowTouchEvents takes.
        var master: Int32
        var serverTime: UInt32
        /// The core modifier state (`mods.effective`).
        var modifiers: UInt32
        /// Whether the server emulates the pointer with this touch (the device's first
        /// touch down): it presses button 1 for it.
        var emulatesPointer = false
        /// An update saying the touch has ended (XITouchPendingEnd), sent to a listener that
        /// does not own it yet: the TouchEnd comes once the touch's owner is settled.
        var pendingEnd = false
        /// The serial of the last of xgest's requests the server had processed when it
        /// sent the event: a verdict with a larger serial came to the server after it.
        var serial: UInt = 0
    }

    static func touch(_ e: XIDeviceEvent) -> Touch {
        let phase: TouchPhase = e.evtype == XI_TouchBegin ? .begin : e.evtype == XI_TouchUpdate ? .update : .end
        return Touch(
            key: TouchKey(device: Int(e.sourceid), touch: UInt32(truncatingIfNeeded: e.detail)), phase: phase,
            location: Point(x: e.root_x, y: e.root_y), master: e.deviceid,
            serverTime: UInt32(truncatingIfNeeded: e.time), modifiers: UInt32(bitPattern: e.mods.effective),
            emulatesPointer: e.flags & Int32(XITouchEmulatingPointer) != 0,
            pendingEnd: e.flags & Int32(XITouchPendingEnd) != 0, serial: e.serial)
    }

    /// A touchpad gesture event's facts: swipes and pinches are one layout in XI 2.4 but
    /// for a pinch's scale and angle, and go through this one path.
    struct Gesture: Hashable {
        var type: TouchpadClaims.GestureType
        var phase: GesturePhase
        var fingers: Int
        var delta: Point
        var location: Point
        var cancelled: Bool
        /// Pinch only: the scale since the begin (1 for a swipe) and the angle moved by this event.
        var scale: Double
        var angleDeltaDegrees: Double
        var master: Int32
        var source: Int32
        var serverTime: UInt32
        var modifiers: UInt32

        /// The input event payload it stands for.
        var payload: InputEvent.Payload {
            switch type {
            case .swipe:
                return .touchpadSwipe(
                    TouchpadSwipe(
                        phase: phase, fingers: fingers, delta: delta, cancelled: cancelled, location: location))
            case .pinch:
                return .touchpadPinch(
                    TouchpadPinch(
                        phase: phase, fingers: fingers, delta: delta, scale: scale,
                        angleDeltaDegrees: angleDeltaDegrees, cancelled: cancelled, location: location))
            }
        }
    }

    static func gesture(_ e: XIGestureSwipeEvent) -> Gesture {
        gesture(
            .swipe, evtype: e.evtype, begin: XI_GestureSwipeBegin, update: XI_GestureSwipeUpdate,
            cancelled: e.flags & Int32(XIGestureSwipeEventCancelled) != 0, fingers: e.detail,
            delta: Point(x: e.delta_x, y: e.delta_y), location: Point(x: e.root_x, y: e.root_y), scale: 1, angle: 0,
            master: e.deviceid, source: e.sourceid, time: e.time, modifiers: e.mods.effective)
    }

    static func gesture(_ e: XIGesturePinchEvent) -> Gesture {
        gesture(
            .pinch, evtype: e.evtype, begin: XI_GesturePinchBegin, update: XI_GesturePinchUpdate,
            cancelled: e.flags & Int32(XIGesturePinchEventCancelled) != 0, fingers: e.detail,
            delta: Point(x: e.delta_x, y: e.delta_y), location: Point(x: e.root_x, y: e.root_y), scale: e.scale,
            angle: e.delta_angle, master: e.deviceid, source: e.sourceid, time: e.time, modifiers: e.mods.effective)
    }

    private static func gesture(
        _ type: TouchpadClaims.GestureType, evtype: Int32, begin: Int32, update: Int32, cancelled: Bool,
        fingers: Int32, delta: Point, location: Point, scale: Double, angle: Double, master: Int32, source: Int32,
        time: Time, modifiers: Int32
    ) -> Gesture {
        Gesture(
            type: type, phase: evtype == begin ? .begin : evtype == update ? .update : .end, fingers: Int(fingers),
            delta: delta, location: location, cancelled: cancelled, scale: scale, angleDeltaDegrees: angle,
            master: master, source: source, serverTime: UInt32(truncatingIfNeeded: time),
            modifiers: UInt32(bitPattern: modifiers))
    }

    /// Valuators 0 and 1 of a raw event (x and y, or a relative pointer's dx and dy); nil
    /// for one the event leaves out.
    static func rawAxes(_ e: XIRawEvent) -> (x: Double?, y: Double?) { axes(e.valuators) }

    /// Valuators 0 and 1 of a device event: the source device's x and y, in its own
    /// coordinates (after its transformation matrix) for an absolute device, in root pixels
    /// for a relative one; nil for one the event leaves out.
    static func deviceAxes(_ e: XIDeviceEvent) -> (x: Double?, y: Double?) { axes(e.valuators) }

    /// The values array holds only the set axes, in order.
    private static func axes(_ v: XIValuatorState) -> (x: Double?, y: Double?) {
        guard let mask = v.mask, let values = v.values else { return (nil, nil) }
        var x: Double?
        var y: Double?
        var index = 0
        for axis in 0..<min(Int32(v.mask_len) * 8, 2) where xgest_mask_is_set(mask, axis) != 0 {
            if axis == 0 { x = values[index] } else { y = values[index] }
            index += 1
        }
        return (x, y)
    }

    /// The phase of a raw touch event.
    static func rawTouchPhase(_ evtype: Int32) -> TouchPhase {
        evtype == XI_RawTouchBegin ? .begin : evtype == XI_RawTouchUpdate ? .update : .end
    }

    /// The buttons 1 to 5 a core state mask (XQueryPointer's) has down.
    static func coreButtons(_ mask: UInt32) -> Set<Int> {
        Set((1...5).filter { mask & (UInt32(Button1Mask) << UInt32($0 - 1)) != 0 })
    }

    /// The buttons 1 to 5 an XI event's button state has down (the state before the event).
    static func coreButtonsDown(_ state: XIButtonState) -> Set<Int> {
        guard let mask = state.mask else { return [] }
        return Set((1...5).filter { $0 < Int(state.mask_len) * 8 && xgest_mask_is_set(mask, Int32($0)) != 0 })
    }
}
