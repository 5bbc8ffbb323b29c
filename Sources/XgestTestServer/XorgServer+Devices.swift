import CXgest
import Glibc

extension XorgServer {
    /// The XInput device id of a virtual device.
    public func deviceID(_ kind: InputTestDeviceKind) throws -> Int {
        Int(try controlConnection().deviceID(named: kind.xiName))
    }

    /// Disables or enables a virtual device through its "Device Enabled" property (what
    /// `xinput disable/enable` does), for hot-plug tests.
    ///
    /// Disabling makes the driver close the feeder connection. Enabling re-arms the
    /// device's socket, and this method then opens a fresh feeder connection, so the same
    /// `Touchscreen` (or other device) object keeps working. While disabled, input methods
    /// throw `feederDisconnected`.
    public func setEnabled(_ enabled: Bool, device kind: InputTestDeviceKind) throws {
        guard isRunning else { throw TestServerError.serverNotRunning }
        let control = try controlConnection()
        let id = try control.deviceID(named: kind.xiName)
        let connection = device(kind).connection
        try control.setDeviceEnabled(enabled, deviceID: id)
        guard enabled else {
            connection.disconnect()
            return
        }
        if !connection.isConnected || !connection.isAlive() {
            try connection.connect(timeoutMilliseconds: options.feederTimeoutMilliseconds)
        }
    }

    func controlConnection() throws -> ControlConnection {
        if let control { return control }
        guard isRunning else { throw TestServerError.serverNotRunning }
        let made = try ControlConnection(displayName: displayName)
        control = made
        return made
    }
}
