import CXgest

/// The button numbers X speaks of, for the raw presses of a mouse. A raw event carries the
/// button the device reported; grabs, applications and the stroke bindings see it after
/// two maps: the device's own (`xinput set-button-map`) and the master pointer's
/// (`xmodmap -e "pointer = 3 2 1"`, a desktop's left-handed setting). Taken raw, a
/// left-handed user's right click (reported as button 1) went to the engine as a press of
/// button 1 beside the grab's press of button 3, and the release of 1, dropped while the
/// grab was active, never came: the engine waited for it for the rest of the session.
///
/// Both maps are read at each raw press (two round trips per click, never stale, nothing
/// to follow); a release is given the number its press was.
final class ButtonMapping {
    private let display: XDisplay
    /// Slave devices opened for XI 1 requests, by id.
    private var opened: [Int: UnsafeMutablePointer<XDevice>] = [:]
    /// The logical button of each raw press still down, by device and reported button.
    private var down: [Int: [Int: Int]] = [:]

    init(display: XDisplay) { self.display = display }

    deinit {
        for device in opened.values { XCloseDevice(display.handle, device) }
    }

    /// The logical button of a raw press of `reported` on `device`, remembered for its release.
    func press(_ reported: Int, device: Int) -> Int {
        let logical = Self.apply(masterMap(), to: Self.apply(deviceMap(device), to: reported))
        down[device, default: [:]][reported] = logical
        return logical
    }

    /// The logical button of a raw release: its press's.
    func release(_ reported: Int, device: Int) -> Int {
        down[device]?.removeValue(forKey: reported) ?? reported
    }

    /// The device went: its XI 1 handle is closed.
    func forget(device: Int) {
        down[device] = nil
        if let d = opened.removeValue(forKey: device) { XCloseDevice(display.handle, d) }
    }

    /// Button `n` (1-based) through `map`; unmapped numbers stay as they are. A map entry of
    /// 0 disables the button: X then delivers nothing, and neither does xgest (0).
    static func apply(_ map: [UInt8], to n: Int) -> Int {
        guard n >= 1, n <= map.count else { return n }
        return Int(map[n - 1])
    }

    private func masterMap() -> [UInt8] {
        var map = [UInt8](repeating: 0, count: 256)
        let count = Int(XGetPointerMapping(display.handle, &map, Int32(map.count)))
        return Array(map.prefix(max(0, min(count, map.count))))
    }

    private func deviceMap(_ id: Int) -> [UInt8] {
        let device: UnsafeMutablePointer<XDevice>
        if let d = opened[id] {
            device = d
        } else {
            guard let d = XOpenDevice(display.handle, XID(id)) else { return [] }
            opened[id] = d
            device = d
        }
        var map = [UInt8](repeating: 0, count: 256)
        let count = Int(XGetDeviceButtonMapping(display.handle, device, &map, UInt32(map.count)))
        return Array(map.prefix(max(0, min(count, map.count))))
    }
}
