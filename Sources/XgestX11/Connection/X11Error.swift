import CXgest
import XgestCore
import XgestXlib

/// A protocol error the X server sent back, trapped instead of Xlib's print-and-exit.
public struct XProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: UInt8
    public var request: UInt8
    public var minor: UInt8
    public var resource: UInt64

    public init(code: UInt8, request: UInt8, minor: UInt8, resource: UInt64) {
        self.code = code
        self.request = request
        self.minor = minor
        self.resource = resource
    }

    init(_ e: XErrorRecord) {
        self.init(code: e.errorCode, request: e.requestCode, minor: e.minorCode, resource: UInt64(e.resource))
    }

    /// The core error codes xgest meets in practice (X.h); others print as numbers.
    public var name: String {
        switch Int32(code) {
        case BadWindow: return "BadWindow"
        case BadMatch: return "BadMatch"
        case BadValue: return "BadValue"
        case BadAccess: return "BadAccess"
        case BadAtom: return "BadAtom"
        case BadDrawable: return "BadDrawable"
        case BadAlloc: return "BadAlloc"
        case BadImplementation: return "BadImplementation"
        case BadRequest: return "BadRequest"
        case BadLength: return "BadLength"
        default: return "error \(code)"
        }
    }

    /// A grab another client holds (or access refused otherwise).
    public var isBadAccess: Bool { Int32(code) == BadAccess }

    /// The resource no longer exists: a window closed between two requests.
    public var isGoneResource: Bool {
        Int32(code) == BadWindow || Int32(code) == BadDrawable
    }

    public var description: String {
        "\(name) (request \(request).\(minor), resource 0x\(String(resource, radix: 16)))"
    }
}

/// Why xgest cannot use an X display.
public enum X11Error: Error, Hashable, Sendable, CustomStringConvertible {
    case noDisplay
    /// `why`, when it is known.
    case cannotOpenDisplay(String, why: String? = nil)
    /// The display opens without its screen number: the server has only `screens`.
    case noSuchScreen(display: String, screen: Int, screens: Int)
    case noXInput(display: String)
    case xinputTooOld(display: String, major: Int, minor: Int)
    case protocolError(XProtocolError)
    /// A grab on the root window that another client holds (X allows one client a grab of
    /// each kind).
    case grabTaken(CaptureGrab)

    /// A server listening on the display's socket that refused the connection.
    static let refusedReason =
        "its server refused the connection (not authorised: XAUTHORITY, else ~/.Xauthority, must hold the"
        + " session's cookie)"

    public var description: String {
        switch self {
        case .noDisplay:
            return "no X display: DISPLAY is not set"
        case .cannotOpenDisplay(let name, let why):
            return "cannot open X display \"\(DisplayText.escaped(name))\"" + (why.map { ": " + $0 } ?? "")
        case .noSuchScreen(let name, let screen, let screens):
            let base = DisplayText.escaped(String(name[..<(name.lastIndex(of: ".") ?? name.endIndex)]))
            let has = screens == 1 ? "one screen, \(base).0" : "\(screens) screens, \(base).0 to \(base).\(screens - 1)"
            return
                "cannot open X display \"\(DisplayText.escaped(name))\": the server has no screen \(screen) (it has \(has))"
        case .noXInput(let name):
            return "X display \"\(name)\" has no XInput extension"
        case .xinputTooOld(let name, let major, let minor):
            return "X display \"\(name)\" has XInput \(major).\(minor); xgest needs XInput 2.4 (Xorg 21.1 or later)"
        case .protocolError(let e):
            return "X protocol error: \(e)"
        case .grabTaken(let grab):
            return "another client holds \(grab) (\(grab.likelyHolders))"
        }
    }
}

/// The grabs on the root window that another client can hold before xgest: X gives each to
/// one client only, and refuses the others with BadAccess.
public enum CaptureGrab: Hashable, Sendable, CustomStringConvertible {
    /// The touch grab, which the touchscreen bindings need.
    case touches
    /// Gesture grabs of these touchpad gesture types ("swipe", "pinch"), which the touchpad
    /// bindings of those kinds need.
    case touchpadGestures([String])

    public var description: String {
        switch self {
        case .touches: return "the touch grab"
        case .touchpadGestures(let types): return "the touchpad \(types.joined(separator: " and ")) gesture grab"
        }
    }

    /// What needs it, for a line saying what does not work without it.
    public var neededBy: String {
        switch self {
        case .touches: return "touchscreen bindings"
        case .touchpadGestures(let types): return "touchpad \(types.joined(separator: " and ")) bindings"
        }
    }

    /// Who usually holds it: any program that takes the same grab on the root window.
    public var likelyHolders: String {
        "a gesture program such as touchegg or another xgest, a window manager, a kiosk or"
            + " on-screen keyboard tool"
    }
}
