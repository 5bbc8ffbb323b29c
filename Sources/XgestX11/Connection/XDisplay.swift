import CXgest
import Glibc
import XgestCore
import XgestSystem
import XgestXlib

/// How the process ends when the X server goes away: Xlib's I/O error handler must
/// not return, so it prints one line and exits with this code.
public enum XServerLoss {
    /// The exit status when the X connection is lost (EX_UNAVAILABLE from sysexits.h:
    /// distinct from 1, which means a usage or configuration error).
    public static let unavailableExitCode: Int32 = 69

    /// The exit status when the X server goes away: ``unavailableExitCode``, or 0 when the
    /// session started xgest (`run --autostart`), where that is the session's normal end:
    /// systemd's autostart units marked every logout failed. Set once at start-up.
    nonisolated(unsafe) public static var exitCode = unavailableExitCode

    /// The priority of the line said when the connection is lost: an error, or info under
    /// `run --autostart`, where it is the session's normal end: at error, `journalctl -p
    /// warning` showed one at every logout. Set once at start-up.
    nonisolated(unsafe) public static var linePriority = LogPriority.error

    /// Set once at start-up, before any display is opened; nil for the line that names the
    /// display first opened (`record`, `record-stroke` and `devices`, as the daemon's does).
    nonisolated(unsafe) public static var message: String?

    /// The display first opened, for ``line``.
    nonisolated(unsafe) static var display: String?

    /// The line said when the connection is lost.
    static var line: String {
        message ?? "xgest: lost the connection to the X server" + (display.map { " \(DisplayText.escaped($0))" } ?? "")
    }

    /// Run when the connection is lost, before the line above: the daemon writes out the
    /// lines it still has queued (a bounded wait). Set before the connection can be lost.
    nonisolated(unsafe) public static var beforeExit: (() -> Void)?
}

private let ioErrorHandler: @convention(c) (OpaquePointer?) -> Void = { _ in
    XServerLoss.beforeExit?()
    writeStandardError(XServerLoss.line + "\n", priority: XServerLoss.linePriority)
    // A connection cut while the server lives on leaves what XTest pressed pressed; letting
    // go takes a new connection, which a display that stopped answering would never give.
    RescueDeadline.arm()
    if let released = XTestHeldInput.letGo() { writeStandardError("xgest: " + released + "\n", priority: .warning) }
    _exit(XServerLoss.exitCode)
}

/// One write(2) of `text` (a line and its newline), with no buffering left behind by the
/// `_exit` that follows; none when standard error takes no data within 100 ms (a reader
/// that stopped reading must not hold up the exit it announces).
func writeStandardError(_ text: String, priority: LogPriority) {
    var p = pollfd(fd: 2, events: Int16(POLLOUT), revents: 0)
    guard poll(&p, 1, 100) == 1, p.revents & Int16(POLLOUT) != 0 else { return }
    let line = text.hasSuffix("\n") ? JournalStream.forStandardError(String(text.dropLast()), priority) + "\n" : text
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// An open X connection with xgest's error handling installed before the first request.
///
/// Xlib is used from one thread only; the class is `@unchecked Sendable` so it can be
/// handed to that thread.
public final class XDisplay: @unchecked Sendable {
    public let handle: OpaquePointer
    public let name: String
    public let root: Window
    /// The XInput extension's major opcode, which tags its GenericEvents.
    public let xiOpcode: Int32
    /// The XInput extension's BadDevice error code (its first error plus `XI_BadDevice`),
    /// which XTEST answers too for a device id that names no device.
    public let badDevice: UInt8
    public let xiVersion: (major: Int, minor: Int)
    /// Whether the server has XTEST, through which xgest gives back a press it held and
    /// sends keys and clicks (Xorg's `-extension XTEST` turns it off).
    public let hasXTest: Bool

    /// Opens `name` (or `$DISPLAY`) and requires XInput 2.4.
    public init(name: String? = nil) throws(X11Error) {
        XErrorLog.install(onIOError: ioErrorHandler)
        let env = getenv("DISPLAY").map { String(cString: $0) }
        guard let displayName = name ?? env, !displayName.isEmpty else { throw .noDisplay }
        let watch = ConnectDeadline.watch(displayName)
        let opened = XOpenDisplay(displayName)
        watch.finish()
        guard let dpy = opened else { throw Self.openFailure(displayName) }
        if XServerLoss.display == nil { XServerLoss.display = displayName }
        var opcode: Int32 = 0
        var event: Int32 = 0
        var error: Int32 = 0
        guard XQueryExtension(dpy, "XInputExtension", &opcode, &event, &error) != 0 else {
            XCloseDisplay(dpy)
            throw .noXInput(display: displayName)
        }
        var major: Int32 = 2
        var minor: Int32 = 4
        // The server answers with the highest version it supports up to the one asked for.
        let status = XIQueryVersion(dpy, &major, &minor)
        guard status == Success, major > 2 || (major == 2 && minor >= 4) else {
            XCloseDisplay(dpy)
            throw .xinputTooOld(display: displayName, major: Int(major), minor: Int(minor))
        }
        handle = dpy
        self.name = displayName
        root = XDefaultRootWindow(dpy)
        xiOpcode = opcode
        badDevice = UInt8(truncatingIfNeeded: error + Int32(XI_BadDevice))
        xiVersion = (Int(major), Int(minor))
        var xtestEvent: Int32 = 0
        var xtestError: Int32 = 0
        var xtestMajor: Int32 = 0
        var xtestMinor: Int32 = 0
        hasXTest = XTestQueryExtension(dpy, &xtestEvent, &xtestError, &xtestMajor, &xtestMinor) != 0
    }

    /// Why `name` did not open. Xlib says nothing of a screen number past the server's
    /// last screen: when the display opens without it, the line says how many it has.
    private static func openFailure(_ name: String) -> X11Error {
        guard let dot = name.lastIndex(of: "."), let colon = name.lastIndex(of: ":"), dot > colon,
            let screen = Int(name[name.index(after: dot)...])
        else { return connectionFailure(name) }
        let base = String(name[..<dot])
        let watch = ConnectDeadline.watch(base)
        let opened = XOpenDisplay(base)
        watch.finish()
        guard let dpy = opened else { return connectionFailure(name) }
        defer { XCloseDisplay(dpy) }
        let screens = Int(XScreenCount(dpy))
        return screen >= screens
            ? .noSuchScreen(display: name, screen: screen, screens: screens) : .cannotOpenDisplay(name)
    }

    /// A display that did not open: no server on its socket (a local display) or port (a
    /// TCP one on `localhost` or a numeric address), or a server that refused the
    /// connection, which is its authorisation (Xlib's own line about it names no remedy,
    /// and a display with no server got no reason at all).
    private static func connectionFailure(_ name: String) -> X11Error {
        switch LocalServerSocket.listens(name) {
        case true?: return .cannotOpenDisplay(name, why: X11Error.refusedReason)
        case false?: return .cannotOpenDisplay(name, why: "no X server is running on it")
        case nil:
            if let problem = DisplayNameCheck.problem(name) { return .cannotOpenDisplay(name, why: problem) }
            switch TCPServerSocket.listens(name) {
            case true?: return .cannotOpenDisplay(name, why: X11Error.refusedReason)
            case false?:
                let port = TCPServerSocket.tcpDisplay(name).map { TCPServerSocket.basePort + $0.number } ?? 0
                return .cannotOpenDisplay(name, why: "no X server listens on its port, \(port)")
            case nil: return .cannotOpenDisplay(name)
            }
        }
    }

    deinit {
        XErrorLog.forget(handle)
        XCloseDisplay(handle)
    }

    /// The file descriptor to poll for events.
    public var fileDescriptor: Int32 { XConnectionNumber(handle) }

    public var screenSize: (width: Int, height: Int) {
        let screen = XDefaultScreen(handle)
        return (Int(XDisplayWidth(handle, screen)), Int(XDisplayHeight(handle, screen)))
    }

    public func flush() { XFlush(handle) }

    /// A round trip: every request sent so far has been processed when it returns.
    public func sync() { XSync(handle, False) }

    /// Runs `body`, then makes a round trip and throws the first protocol error it caused.
    ///
    /// This costs a round trip: use it for set-up and rare queries, not per event.
    public func checked<T>(_ body: () -> T) throws(X11Error) -> T {
        XErrorLog.clear(for: handle)
        // Only an error of the body's own requests is the body's: one of a request sent
        // before (not waited for, its error read during the sync) failed a drag's motion,
        // and let go of its button mid-drag, for a BadWindow of another request.
        let (result, serials) = sent(body)
        XSync(handle, False)
        let error = XErrorLog.take(for: handle, in: serials)
        XErrorLog.clear(for: handle)
        if let error { throw .protocolError(XProtocolError(error)) }
        return result
    }

    /// Runs `body` and says the serials of the requests it made (none read back): pass them
    /// to ``takeError(in:)`` once their errors are read (after a round trip of the body's
    /// own, or ``sync()``).
    public func sent<T>(_ body: () -> T) -> (result: T, serials: Range<UInt>) {
        let first = UInt(XNextRequest(handle))
        let result = body()
        return (result, first..<UInt(XNextRequest(handle)))
    }

    /// Takes the oldest error recorded for a request of `serials` (``sent(_:)``), without
    /// a round trip; the errors of other requests are not this caller's, and stay.
    public func takeError(in serials: Range<UInt>) -> XProtocolError? {
        XErrorLog.take(for: handle, in: serials).map(XProtocolError.init)
    }

    /// Queues `body`'s requests, which name `request.device` by its id and are not waited
    /// for: when the device is gone before the server takes them, their BadDevice goes to
    /// ``takeDroppedDeviceErrors()``, never to a later check. No round trip.
    public func naming(_ request: DeviceRequest, _ body: () -> Void) {
        XErrorLog.naming(request, badDevice: badDevice, on: handle, body)
    }

    /// The BadDevice errors to ``naming(_:_:)``'s requests read so far, oldest first.
    public func takeDroppedDeviceErrors() -> [DeviceRequestError] { XErrorLog.takeDropped(for: handle) }

    public func atom(_ name: String) -> Atom { XInternAtom(handle, name, False) }
}
