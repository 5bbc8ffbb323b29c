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
    /// Disabling makes the driver close the feeder connection; while disabled, input
    /// methods throw `feederDisconnected`. Enabling re-arms the device's socket, and this
    /// method then opens a fresh feeder connection, so the same `Touchscreen` (or other
    /// device) object keeps working.
    ///
    /// One cycle is enough when nothing else touched the socket. If another client
    /// connected while the device was off, the driver accepts that connection on enable
    /// and ours waits in the backlog; then ours is closed and the device cycled twice more
    /// (the first extra cycle drops the stale client and accepts our closed connection,
    /// the second drops that one), and the connection is made again.
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
        if connection.isConnected && connection.isAlive() { return }
        do {
            try connection.connect(timeoutMilliseconds: options.rearmHandshakeTimeoutMilliseconds)
        } catch {
            connection.disconnect()
            for _ in 0..<2 {
                try control.setDeviceEnabled(false, deviceID: id)
                try control.setDeviceEnabled(true, deviceID: id)
            }
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

extension XorgServer {
    /// The keycode the server's keymap gives `keysym` (`"Super_L"`): the keymap is the
    /// server's choice, so a keycode written down for one layout may name another key.
    public func keycode(_ keysym: String) throws -> UInt32 {
        let display = try XlibSupport.openDisplay(displayName)
        defer { XCloseDisplay(display) }
        let code = UInt32(XKeysymToKeycode(display, XStringToKeysym(keysym)))
        guard code != 0 else { throw TestServerError.xError(request: "XKeysymToKeycode(\(keysym))", errorCode: 0) }
        return code
    }
}
