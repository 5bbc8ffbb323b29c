import Glibc

/// Whether xgest runs in a Wayland session, where it would see only XWayland windows'
/// input. The environment alone does not tell: a systemd user manager keeps
/// `WAYLAND_DISPLAY` and `XDG_SESSION_TYPE=wayland` from a Wayland session into the X11
/// session that follows, and `xgest run --autostart` then stopped in a working X11
/// session. A working `DISPLAY` does not tell either: a Wayland session has one too
/// (XWayland's). So the variables are believed only when the compositor's socket they
/// lead to is there.
public enum WaylandSession {
    public enum Verdict: Equatable, Sendable {
        /// No variable says Wayland.
        case none
        /// `variable` (`WAYLAND_DISPLAY=wayland-0`, `XDG_SESSION_TYPE=wayland`) says
        /// Wayland and the compositor's socket is there.
        case wayland(variable: String, socket: String)
        /// `variable` says Wayland but no compositor listens where it leads: a leftover of
        /// an earlier session. `socket` is where it was looked for, nil when nowhere could
        /// be (a relative `WAYLAND_DISPLAY` with no `XDG_RUNTIME_DIR`).
        case stale(variable: String, socket: String?)

        public var isWayland: Bool {
            if case .wayland = self { return true }
            return false
        }
    }

    /// The verdict for this process's environment.
    public static var current: Verdict {
        let names = ["WAYLAND_DISPLAY", "XDG_SESSION_TYPE", "XDG_RUNTIME_DIR"]
        var environment: [String: String] = [:]
        for name in names { environment[name] = getenv(name).map { String(cString: $0) } }
        return verdict(environment: environment)
    }

    /// The verdict for `environment`, whose sockets are looked for in the file system.
    public static func verdict(environment: [String: String]) -> Verdict {
        let display = environment["WAYLAND_DISPLAY"] ?? ""
        let variable: String
        let name: String
        if !display.isEmpty {
            variable = "WAYLAND_DISPLAY=\(display)"
            name = display
        } else if environment["XDG_SESSION_TYPE"] == "wayland" {
            // With no WAYLAND_DISPLAY, a client connects to wayland-0 (libwayland's default).
            variable = "XDG_SESSION_TYPE=wayland"
            name = "wayland-0"
        } else {
            return .none
        }
        guard let socket = socketPath(name, runtimeDirectory: environment["XDG_RUNTIME_DIR"] ?? "") else {
            return .stale(variable: variable, socket: nil)
        }
        return isSocket(socket)
            ? .wayland(variable: variable, socket: socket) : .stale(variable: variable, socket: socket)
    }

    /// Where libwayland looks for `name`: itself when absolute, else in the runtime
    /// directory (which must be absolute, as the XDG base directory specification says).
    static func socketPath(_ name: String, runtimeDirectory: String) -> String? {
        if name.hasPrefix("/") { return name }
        guard runtimeDirectory.hasPrefix("/") else { return nil }
        return (runtimeDirectory.hasSuffix("/") ? runtimeDirectory : runtimeDirectory + "/") + name
    }

    private static func isSocket(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
    }
}
