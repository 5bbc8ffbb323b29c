/// Everything that can go wrong while starting, feeding or observing the test server.
/// Each message says what happened and, where it can, what to do about it.
public enum TestServerError: Error, CustomStringConvertible, Sendable {
    /// A required file of an X server package is not installed.
    case missingComponent(path: String, debianPackage: String)
    /// The requested screen size is outside 1...16384 pixels.
    case invalidScreenSize(width: Int, height: Int)
    /// A system call failed.
    case system(call: String, code: Int32)
    /// Xorg exited before it reported readiness.
    case serverExited(status: String, logTail: String)
    /// Xorg did not report readiness in time (it was killed afterwards).
    case startTimedOut(milliseconds: Int, logTail: String)
    /// The server stopped, or was never started.
    case serverNotRunning
    /// An inputtest device socket refused the handshake or answered wrongly.
    case feederHandshakeFailed(device: String, reason: String)
    /// The inputtest driver closed the device's connection (device disabled, server gone,
    /// or a malformed message).
    case feederDisconnected(device: String)
    /// The driver did not read a message in time (Xorg stuck or stopped).
    case writeTimedOut(device: String)
    /// A wait-for-sync got no reply in time.
    case syncTimedOut(device: String, milliseconds: Int)
    /// XOpenDisplay failed.
    case cannotOpenDisplay(String)
    /// No XInput device has this name.
    case unknownDevice(name: String)
    /// An X request failed with a protocol error.
    case xError(request: String, errorCode: UInt8)
    /// An expected X event did not arrive in time.
    case eventTimedOut(what: String, milliseconds: Int)
    /// The window manager exited before it was ready.
    case windowManagerExited(status: String, logTail: String)
    /// The window manager did not announce itself in time (it was stopped afterwards).
    case windowManagerTimedOut(milliseconds: Int, logTail: String)

    public var description: String {
        switch self {
        case .missingComponent(let path, let package):
            return "\(path) is missing: install the Debian package \(package) (apt-get install \(package))"
        case .invalidScreenSize(let width, let height):
            return "invalid test screen size \(width)x\(height): each side must be 1...16384 pixels"
        case .system(let call, let code):
            return "\(call) failed: \(errnoDescription(code))"
        case .serverExited(let status, let logTail):
            return "Xorg exited during start-up (\(status))" + Self.logSection(logTail)
        case .startTimedOut(let ms, let logTail):
            return "Xorg did not become ready within \(ms) ms" + Self.logSection(logTail)
        case .serverNotRunning:
            return "the test X server is not running"
        case .feederHandshakeFailed(let device, let reason):
            return "inputtest device \(device): handshake failed: \(reason)"
        case .feederDisconnected(let device):
            return "inputtest device \(device): the driver closed the connection (device disabled or server gone)"
        case .writeTimedOut(let device):
            return "inputtest device \(device): the driver stopped reading messages"
        case .syncTimedOut(let device, let ms):
            return "inputtest device \(device): no sync reply within \(ms) ms"
        case .cannotOpenDisplay(let name):
            return "cannot open X display \(name)"
        case .unknownDevice(let name):
            return "no XInput device named \(name)"
        case .xError(let request, let code):
            return "X error \(code) from \(request)"
        case .eventTimedOut(let what, let ms):
            return "no \(what) within \(ms) ms"
        case .windowManagerExited(let status, let logTail):
            return "the window manager exited during start-up (\(status))" + Self.logSection(logTail)
        case .windowManagerTimedOut(let ms, let logTail):
            return "the window manager did not set its root properties within \(ms) ms" + Self.logSection(logTail)
        }
    }

    private static func logSection(_ tail: String) -> String {
        tail.isEmpty ? "; the log is empty" : "; end of the log:\n" + tail
    }
}
