import CXgest
import Glibc

/// The server object's own X connection, for device properties.
final class ControlConnection {
    private(set) var display: OpaquePointer?

    init(displayName: String) throws {
        display = try XlibSupport.openDisplay(displayName)
    }

    deinit { close() }

    func close() {
        if let d = display {
            XCloseDisplay(d)
            display = nil
        }
    }

    /// The XI device id for a device name, among all devices.
    func deviceID(named name: String) throws -> Int32 {
        guard let display else { throw TestServerError.serverNotRunning }
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, XIAllDevices, &count) else {
            throw TestServerError.unknownDevice(name: name)
        }
        defer { XIFreeDeviceInfo(info) }
        for i in 0..<Int(count) where info[i].name.map({ String(cString: $0) }) == name {
            return info[i].deviceid
        }
        throw TestServerError.unknownDevice(name: name)
    }

    /// Sets the "Device Enabled" property, as `xinput enable/disable` does, and waits
    /// until the server has handled it (the driver's DEVICE_ON/OFF ran by then).
    func setDeviceEnabled(_ enabled: Bool, deviceID: Int32) throws {
        guard let display else { throw TestServerError.serverNotRunning }
        let property = XlibSupport.atom(display, "Device Enabled")
        let integer = XlibSupport.atom(display, "INTEGER")
        var value: UInt8 = enabled ? 1 : 0
        XIChangeProperty(display, deviceID, property, integer, 8, PropModeReplace, &value, 1)
        try XlibSupport.syncAndCheck(display, request: "XIChangeProperty(Device Enabled)")
    }
}
