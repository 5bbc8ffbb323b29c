import CXgest
import Glibc
import XgestCore

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
        let connection = try device(kind).connection
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

extension XorgServer {
    /// Waits until the core pointer is at `p` (within a pixel: X truncates), by round trips, within
    /// `timeoutMilliseconds`. A press that activates a synchronous button grab freezes the
    /// pointer until the grabbing client answers it: motion sent meanwhile is queued and
    /// reaches the pointer only on the answer, all of it at the last position. A drawing
    /// that moves once after the press and waits here before moving on is drawn as it
    /// would be by a hand, which is never that fast.
    public func waitForPointer(at p: Point, timeoutMilliseconds: Int = 5_000) throws {
        let control = try controlConnection()
        guard let display = control.display else { throw TestServerError.serverNotRunning }
        let deadline = monotonicNanoseconds() + UInt64(timeoutMilliseconds) * 1_000_000
        let want = (Int32(p.x.rounded()), Int32(p.y.rounded()))
        while true {
            let (rx, ry, _) = queryPointer(display)
            if abs(rx - want.0) <= 1 && abs(ry - want.1) <= 1 { return }
            if monotonicNanoseconds() > deadline {
                throw TestServerError.eventTimedOut(
                    what: "pointer at \(want.0),\(want.1) (it is at \(rx),\(ry))", milliseconds: timeoutMilliseconds)
            }
        }
    }
}

extension XorgServer {
    /// `points` drawn with `button` held through the inputtest pointer, a sync after each
    /// move, as a hand draws: the first move that goes somewhere is waited for
    /// (``waitForPointer(at:timeoutMilliseconds:)``), so a grab the press activated has been
    /// answered before the rest is drawn. Released at the last point when `release`;
    /// `beforeEachMove` paces the drawing (the demo's frames).
    public func drawWithPointer(
        _ points: [Point], button: Int = 3, release: Bool = true, beforeEachMove: () -> Void = {}
    ) throws {
        guard let first = points.first else { return }
        let p = pointer
        try p.move(x: first.x, y: first.y)
        try p.sync()
        try p.press(button: button)
        try p.sync()
        var answered = false
        for q in points.dropFirst() {
            beforeEachMove()
            try p.move(x: q.x, y: q.y)
            try p.sync()
            // Two pixels away at least: the pointer's position is whole pixels.
            if !answered, abs(q.x - first.x) > 2 || abs(q.y - first.y) > 2 {
                try waitForPointer(at: q)
                answered = true
            }
        }
        guard release else { return }
        beforeEachMove()
        try p.release(button: button)
        try p.sync()
    }
}

/// The core pointer's root position and its button and modifier mask (one round trip).
public func queryPointer(_ display: OpaquePointer) -> (x: Int32, y: Int32, mask: UInt32) {
    let q = queryPointerScreen(display)
    return (q.x, q.y, q.mask)
}

/// The core pointer's X screen (the one whose root it is on, -1 for none), its position
/// on that screen and its button and modifier mask (one round trip).
public func queryPointerScreen(_ display: OpaquePointer) -> (screen: Int32, x: Int32, y: Int32, mask: UInt32) {
    var root: Window = 0
    var child: Window = 0
    var x: Int32 = 0
    var y: Int32 = 0
    var wx: Int32 = 0
    var wy: Int32 = 0
    var mask: UInt32 = 0
    XQueryPointer(display, XDefaultRootWindow(display), &root, &child, &x, &y, &wx, &wy, &mask)
    let screen = (0..<XScreenCount(display)).first { XRootWindow(display, $0) == root } ?? -1
    return (screen, x, y, mask)
}
