import Glibc
import XgestCore
import XgestDaemon
import XgestX11

/// Opens the X display the user's session provides, or explains in one line why xgest
/// cannot run here.
enum SessionCheck {
    private static func env(_ name: String) -> String { getenv(name).map { String(cString: $0) } ?? "" }

    static func openDisplay() throws(CLIError) -> XDisplay {
        let display = env("DISPLAY")
        let wayland = WaylandSession.current.isWayland
        if display.isEmpty {
            if wayland {
                throw CLIError(
                    "this is a Wayland session with no X server to use; xgest works on X11 desktops only")
            }
            // Set but empty (`DISPLAY= xgest`) is not the same mistake as unset.
            let why = getenv("DISPLAY") == nil ? "DISPLAY is not set" : "DISPLAY is empty"
            throw CLIError("no X display: \(why) (xgest runs inside an X11 session)")
        }
        do {
            let x = try XDisplay(name: display)
            if wayland {
                FileOutput.standardError.writeLine(
                    "xgest: warning: Wayland session: only input to X11 (XWayland) windows reaches xgest")
            }
            return x
        } catch {
            throw CLIError(error.description)
        }
    }

    /// Opens the display and takes the input selections, the gesture grabs `touchpadClaims`
    /// need and, with `grabsTouches`, the touch grab.
    static func openCapture(
        _ opened: XDisplay? = nil, touchpadClaims: TouchpadClaims = .everything, grabsTouches: Bool = true
    ) throws(CLIError) -> X11InputSource {
        let display: XDisplay
        if let opened { display = opened } else { display = try openDisplay() }
        do {
            return try X11InputSource(display: display, touchpadClaims: touchpadClaims, grabsTouches: grabsTouches)
        } catch {
            // The usual holder of the grab is the daemon: name it, as `run` does. Not when
            // the lock is this process's own (`run` takes it first): the grab's holder is
            // then another client (a daemon started with another XDG_RUNTIME_DIR or TMPDIR,
            // `xgest record`), and the lock says nothing about it.
            if case .held(let pid, let lockPath)? = Self.instanceLockHolder(display), pid != getpid() {
                let who = pid.map { "process \($0)" } ?? "another process"
                throw CLIError(
                    "cannot capture input on \(display.name): xgest run is running on it (\(who) holds \(lockPath));"
                        + " stop it first" + (pid.map { " (\(howToStop($0)))" } ?? ""))
            }
            // The touch and gesture grabs are one client's at a time: the line says which
            // one another client holds, and who usually does.
            if case .grabTaken = error {
                throw CLIError("cannot capture input on \(display.name): \(error.description); stop it first")
            }
            throw CLIError(
                "cannot capture input on \(display.name): \(error.description) (is another xgest running on it?)")
        }
    }

    /// How to stop the daemon `pid`: `systemctl --user stop UNIT` when systemd started it
    /// (it would start it again after a kill), else `kill PID`: the hint named systemctl
    /// for a daemon started by hand or by the autostart entry, where it stops nothing.
    static func howToStop(_ pid: Int32) -> String {
        guard let unit = systemdService(pid) else { return "kill \(pid)" }
        return "systemctl --user stop \(unit)"
    }

    /// The service unit systemd started `pid` as, or nil when systemd did not start it:
    /// systemd gives the process it starts SYSTEMD_EXEC_PID, its own pid (a process
    /// started from a service's child inherits another one). The unit is the last part of
    /// its control group's path, else the unit xgest ships.
    static func systemdService(_ pid: Int32) -> String? {
        let environment = (try? RegularFile.read("/proc/\(pid)/environ", limit: .config)) ?? []
        let exported = environment.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        guard exported.contains("SYSTEMD_EXEC_PID=\(pid)") else { return nil }
        let groups = (try? RegularFile.read("/proc/\(pid)/cgroup", limit: .config)) ?? []
        let unified = String(decoding: groups, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("0::") }
        guard let unit = unified?.split(separator: "/").last, unit.hasSuffix(".service") else { return "xgest" }
        return String(unit)
    }

    /// Who holds the daemon's instance lock for `display`, if anyone: the lock is taken
    /// and let go at once when no one does.
    private static func instanceLockHolder(_ display: XDisplay) -> InstanceLock.Failure? {
        do throws(InstanceLock.Failure) {
            _ = try InstanceLock(display: display)
            return nil
        } catch {
            return error
        }
    }
}
