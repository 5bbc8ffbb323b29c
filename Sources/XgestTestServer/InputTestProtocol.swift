/// The inputtest driver's socket protocol, version 1.1, encoded by hand so that the
/// project needs no Xorg development headers.
///
/// Every message is a native-endian C struct (x86-64 / aarch64 layout) that starts with
/// `{uint32 length; enum type}`; `length` must equal the struct size exactly or the
/// driver drops the connection. Enums are 4 bytes. The sizes are pinned by tests.
enum InputTestProtocol {
    static let versionMajor: UInt16 = 1
    static let versionMinor: UInt16 = 1

    /// `enum xf86ITEventType`
    enum EventType: UInt32 {
        case clientVersion = 0
        case waitForSync = 1
        case motion = 2
        case proximity = 3
        case button = 4
        case key = 5
        case touch = 6
        case gesturePinch = 7
        case gestureSwipe = 8
    }

    /// `enum xf86ITResponseType`
    enum ResponseType: UInt32 {
        case serverVersion = 0
        case syncFinished = 1
    }

    // Struct sizes (sizeof) as the driver checks them.
    static let headerSize = 8
    static let valuatorDataSize = 1040
    static let clientVersionSize = 12
    static let waitForSyncSize = 8
    static let motionSize = 1056
    static let buttonSize = 1064
    static let keySize = 16
    static let touchSize = 1056
    static let gesturePinchSize = 64
    static let gestureSwipeSize = 48
    static let serverVersionResponseSize = 12
    static let syncFinishedResponseSize = 8

    /// XF86IT_MAX_VALUATORS
    static let maximumValuators = 64

    /// XI_TouchBegin / XI_TouchUpdate / XI_TouchEnd, as the touch message's `touch_type`.
    enum TouchType: UInt32 {
        case begin = 18
        case update = 19
        case end = 20
    }

    /// XI_GesturePinchBegin... and XI_GestureSwipeBegin..., as `gesture_type`.
    static let pinchBegin: UInt16 = 27
    static let swipeBegin: UInt16 = 30
    /// XIGesturePinchEventCancelled and XIGestureSwipeEventCancelled are both 1.
    static let gestureCancelledFlag: UInt32 = 1

    /// Axis values set on a message: axis index → value.
    typealias Valuators = [(axis: Int, value: Double)]

    static func clientVersion() -> [UInt8] {
        var m = Message(type: .clientVersion, size: clientVersionSize)
        m.put(versionMajor, at: 8)
        m.put(versionMinor, at: 10)
        return m.bytes
    }

    static func waitForSync() -> [UInt8] { Message(type: .waitForSync, size: waitForSyncSize).bytes }

    /// `xf86ITEventTouch`: touchid at 8, touch_type at 12, valuators at 16.
    static func touch(id: UInt32, type: TouchType, valuators: Valuators) -> [UInt8] {
        var m = Message(type: .touch, size: touchSize)
        m.put(id, at: 8)
        m.put(type.rawValue, at: 12)
        m.putValuators(valuators, at: 16)
        return m.bytes
    }

    /// `xf86ITEventMotion`: is_absolute at 8, valuators at 16 (8-byte aligned).
    static func motion(absolute: Bool, valuators: Valuators) -> [UInt8] {
        var m = Message(type: .motion, size: motionSize)
        m.put(UInt32(absolute ? 1 : 0), at: 8)
        m.putValuators(valuators, at: 16)
        return m.bytes
    }

    /// `xf86ITEventButton`: is_absolute at 8, button at 12, is_press at 16, valuators at 24.
    static func button(_ button: Int32, isPress: Bool, absolute: Bool, valuators: Valuators) -> [UInt8] {
        var m = Message(type: .button, size: buttonSize)
        m.put(UInt32(absolute ? 1 : 0), at: 8)
        m.put(UInt32(bitPattern: button), at: 12)
        m.put(UInt32(isPress ? 1 : 0), at: 16)
        m.putValuators(valuators, at: 24)
        return m.bytes
    }

    /// `xf86ITEventKey`: key_code (an X keycode) at 8, is_press at 12.
    static func key(_ keycode: UInt32, isPress: Bool) -> [UInt8] {
        var m = Message(type: .key, size: keySize)
        m.put(keycode, at: 8)
        m.put(UInt32(isPress ? 1 : 0), at: 12)
        return m.bytes
    }

    /// `xf86ITEventGesturePinch`: gesture_type at 8, num_touches at 10, flags at 12, then
    /// the doubles delta_x, delta_y, delta_unaccel_x, delta_unaccel_y, scale, delta_angle.
    static func pinch(
        phaseOffset: UInt16, fingers: UInt16, cancelled: Bool, dx: Double, dy: Double, scale: Double,
        angleDelta: Double
    ) -> [UInt8] {
        var m = Message(type: .gesturePinch, size: gesturePinchSize)
        m.put(pinchBegin + phaseOffset, at: 8)
        m.put(fingers, at: 10)
        m.put(cancelled ? gestureCancelledFlag : 0, at: 12)
        for (i, v) in [dx, dy, dx, dy, scale, angleDelta].enumerated() { m.put(v.bitPattern, at: 16 + 8 * i) }
        return m.bytes
    }

    /// `xf86ITEventGestureSwipe`: as the pinch message without scale and angle.
    static func swipe(phaseOffset: UInt16, fingers: UInt16, cancelled: Bool, dx: Double, dy: Double) -> [UInt8] {
        var m = Message(type: .gestureSwipe, size: gestureSwipeSize)
        m.put(swipeBegin + phaseOffset, at: 8)
        m.put(fingers, at: 10)
        m.put(cancelled ? gestureCancelledFlag : 0, at: 12)
        for (i, v) in [dx, dy, dx, dy].enumerated() { m.put(v.bitPattern, at: 16 + 8 * i) }
        return m.bytes
    }

    /// Reads a response header: (length, type) from the first 8 bytes.
    static func responseHeader(_ bytes: [UInt8]) -> (length: UInt32, type: UInt32)? {
        guard bytes.count >= headerSize else { return nil }
        return (readUInt32(bytes, at: 0), readUInt32(bytes, at: 4))
    }

    static func readUInt16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    /// A zero-filled message buffer with its header written.
    struct Message {
        var bytes: [UInt8]

        init(type: EventType, size: Int) {
            bytes = [UInt8](repeating: 0, count: size)
            put(UInt32(size), at: 0)
            put(type.rawValue, at: 4)
        }

        /// Little-endian, as every platform Xorg's inputtest runs on here (x86-64, aarch64).
        mutating func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
            let le = value.littleEndian
            withUnsafeBytes(of: le) { raw in
                for (i, b) in raw.enumerated() { bytes[offset + i] = b }
            }
        }

        /// `xf86ITValuatorData`: has_unaccelerated (0) at +0, mask[8] at +4, padding,
        /// valuators[64] at +16, unaccelerated[64] at +528.
        mutating func putValuators(_ valuators: Valuators, at offset: Int) {
            for (axis, value) in valuators {
                precondition(axis >= 0 && axis < InputTestProtocol.maximumValuators, "axis out of range")
                bytes[offset + 4 + axis / 8] |= UInt8(1 << (axis % 8))
                put(value.bitPattern, at: offset + 16 + 8 * axis)
            }
        }
    }
}
