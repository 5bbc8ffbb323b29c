import CXgest
import XgestCore
import XgestXlib

extension XDisplay {
    /// Lists every XI device with its classification; one round trip.
    public func queryDevices() -> [XIDevice] {
        var count: Int32 = 0
        guard let list = XIQueryDevice(handle, XIAllDevices, &count) else { return [] }
        defer { XIFreeDeviceInfo(list) }
        var devices: [XIDevice] = []
        for i in 0..<Int(count) {
            devices.append(classify(list[i]))
        }
        return devices
    }

    /// One device, or nil when it no longer exists.
    public func queryDevice(id: Int) -> XIDevice? {
        var count: Int32 = 0
        // A BadDevice when it vanished between the event and the query: nil says so.
        let list = XIQueryDevice(handle, Int32(id), &count)
        XErrorLog.clear(for: handle)
        guard let list else { return nil }
        defer { XIFreeDeviceInfo(list) }
        return count > 0 ? classify(list[0]) : nil
    }
}

/// Classification rules: a direct touch class makes a touchscreen (an indirect one is a
/// touchpad reporting raw touches, which X does not route to clients); a gesture class a
/// touchpad; key classes a keyboard; anything else attached as a pointer a pointer.
func classify(_ d: XIDeviceInfo) -> XIDevice {
    let name = d.name.map { String(cString: $0) } ?? "device \(d.deviceid)"
    let use: XIDevice.Use
    switch d.use {
    case XIMasterPointer: use = .masterPointer
    case XIMasterKeyboard: use = .masterKeyboard
    case XISlavePointer: use = .slavePointer
    case XISlaveKeyboard: use = .slaveKeyboard
    default: use = .floating
    }
    var hasDirectTouch = false
    var hasGesture = false
    var touches: Int?
    var rangeX: ClosedRange<Double>?
    var rangeY: ClosedRange<Double>?
    for c in 0..<Int(d.num_classes) {
        guard let cls = d.classes[c] else { continue }
        switch cls.pointee.type {
        case XITouchClass:
            let t = UnsafeRawPointer(cls).assumingMemoryBound(to: XITouchClassInfo.self).pointee
            if t.mode == XIDirectTouch { hasDirectTouch = true }
            touches = Int(t.num_touches)
        case XIGestureClass:
            hasGesture = true
        case XIValuatorClass:
            let v = UnsafeRawPointer(cls).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
            if v.mode == XIModeAbsolute, v.max > v.min {
                if v.number == 0 { rangeX = v.min...v.max }
                if v.number == 1 { rangeY = v.min...v.max }
            }
        default:
            break
        }
    }
    var kind: DeviceKind?
    var ignored: String?
    switch use {
    case .masterPointer, .masterKeyboard:
        ignored = "master device (events are taken from its slaves)"
    case .slaveKeyboard:
        kind = .keyboard
    case .slavePointer, .floating:
        kind = hasDirectTouch ? .touchscreen : hasGesture ? .touchpad : .pointer
    }
    // XTest's virtual devices carry xgest's own synthesized input: capturing it would loop.
    // Every master has its own ("Virtual core XTEST pointer", and "second XTEST keyboard"
    // for a master made with `xinput create-master second`).
    if name.hasSuffix(" XTEST pointer") || name.hasSuffix(" XTEST keyboard") { ignored = "XTest virtual device" }
    // Disabled before floating: X floats a slave it disables, and the user did the former.
    if d.enabled == 0 && ignored == nil { ignored = "disabled" }
    if use == .floating && ignored == nil { ignored = "floating (not attached to a master)" }
    var absolute: (x: ClosedRange<Double>, y: ClosedRange<Double>)?
    if let rangeX, let rangeY { absolute = (rangeX, rangeY) }
    return XIDevice(
        id: Int(d.deviceid), name: name, use: use, enabled: d.enabled != 0, attachment: Int(d.attachment), kind: kind,
        ignoredBecause: ignored, absoluteRange: absolute, touchCount: touches)
}
