import CXgest
import Glibc
import XgestXlib

/// Xlib's default handlers print and exit the process on any protocol error; the test
/// server's connections record errors instead (see `XErrorLog`) and
/// check them after each synchronous request.
enum XlibSupport {
    /// Installed once per process, before the first connection opens. XInitThreads is a
    /// no-op with libX11 ≥ 1.8 (it initialises itself), and makes older ones safe for the
    /// parallel tests, each on its own connection.
    private static let handlersInstalled: Bool = {
        _ = XInitThreads()
        XErrorLog.install { _ in
            let message = "xgest test server: lost the connection to the X server\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            _exit(70)
        }
        return true
    }()

    static func openDisplay(_ name: String) throws -> OpaquePointer {
        _ = handlersInstalled
        guard let display = XOpenDisplay(name) else { throw TestServerError.cannotOpenDisplay(name) }
        XErrorLog.clear(for: display)
        return display
    }

    /// XSync, then throws the first protocol error recorded for this display since the
    /// last check.
    static func syncAndCheck(_ display: OpaquePointer, request: String) throws {
        XSync(display, 0)
        if let error = XErrorLog.take(for: display) {
            XErrorLog.clear(for: display)
            throw TestServerError.xError(request: request, errorCode: error.errorCode)
        }
    }

    static func atom(_ display: OpaquePointer, _ name: String) -> Atom {
        XInternAtom(display, name, 0)
    }
}
