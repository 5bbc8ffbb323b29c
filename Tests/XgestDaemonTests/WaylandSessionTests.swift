import Foundation
import Glibc
import Testing

@testable import XgestDaemon

/// Whether the environment's Wayland variables are believed: only when the compositor's
/// socket they lead to is there. A stale `WAYLAND_DISPLAY` or `XDG_SESSION_TYPE=wayland`
/// (a systemd user manager keeps them across sessions) stopped `xgest run --autostart` in
/// a working X11 session.
@Suite struct WaylandSessionTests {
    /// A runtime directory of the test's own, removed at the end.
    final class RuntimeDirectory {
        let path: String

        init() throws {
            path =
                FileManager.default.temporaryDirectory.appendingPathComponent("xgest-runtime-\(UUID().uuidString)")
                .path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// A Unix socket bound at `name` in the directory, as a compositor makes one.
        func listen(_ name: String) throws {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            #expect(fd >= 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let socketPath = path + "/" + name
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (i, byte) in socketPath.utf8.prefix(bytes.count - 1).enumerated() { bytes[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            #expect(bound == 0, "bind \(socketPath): \(errno)")
        }
    }

    @Test func noVariableIsNoWaylandSession() throws {
        let runtime = try RuntimeDirectory()
        try runtime.listen("wayland-0")
        #expect(WaylandSession.verdict(environment: ["XDG_RUNTIME_DIR": runtime.path]) == .none)
        #expect(
            WaylandSession.verdict(environment: ["XDG_RUNTIME_DIR": runtime.path, "XDG_SESSION_TYPE": "x11"]) == .none)
    }

    @Test func aWaylandDisplayWithItsSocketIsAWaylandSession() throws {
        let runtime = try RuntimeDirectory()
        try runtime.listen("wayland-1")
        let verdict = WaylandSession.verdict(environment: [
            "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-1", "XDG_SESSION_TYPE": "wayland",
        ])
        #expect(verdict == .wayland(variable: "WAYLAND_DISPLAY=wayland-1", socket: runtime.path + "/wayland-1"))
        // An absolute WAYLAND_DISPLAY is the socket itself, wherever the runtime directory is.
        let absolute = WaylandSession.verdict(environment: ["WAYLAND_DISPLAY": runtime.path + "/wayland-1"])
        #expect(absolute.isWayland)
    }

    @Test func aWaylandDisplayWithNoSocketIsStale() throws {
        let runtime = try RuntimeDirectory()
        let verdict = WaylandSession.verdict(environment: [
            "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland",
        ])
        #expect(verdict == .stale(variable: "WAYLAND_DISPLAY=wayland-0", socket: runtime.path + "/wayland-0"))
        #expect(!verdict.isWayland)
        // Another socket there is not the one named.
        try runtime.listen("wayland-1")
        #expect(
            !WaylandSession.verdict(environment: ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-0"])
                .isWayland)
        // Nowhere to look: a relative name with no runtime directory.
        #expect(
            WaylandSession.verdict(environment: ["WAYLAND_DISPLAY": "wayland-1"])
                == .stale(variable: "WAYLAND_DISPLAY=wayland-1", socket: nil))
    }

    /// A regular file where the socket would be is no compositor either.
    @Test func aFileWhereTheSocketWouldBeIsStale() throws {
        let runtime = try RuntimeDirectory()
        #expect(FileManager.default.createFile(atPath: runtime.path + "/wayland-0", contents: Data()))
        #expect(
            !WaylandSession.verdict(environment: ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": "wayland-0"])
                .isWayland)
    }

    /// XDG_SESSION_TYPE=wayland alone: a client would connect to wayland-0.
    @Test func theSessionTypeAloneIsBelievedWithWaylandZerosSocket() throws {
        let runtime = try RuntimeDirectory()
        let environment = ["XDG_RUNTIME_DIR": runtime.path, "XDG_SESSION_TYPE": "wayland"]
        #expect(
            WaylandSession.verdict(environment: environment)
                == .stale(variable: "XDG_SESSION_TYPE=wayland", socket: runtime.path + "/wayland-0"))
        try runtime.listen("wayland-0")
        #expect(
            WaylandSession.verdict(environment: environment)
                == .wayland(variable: "XDG_SESSION_TYPE=wayland", socket: runtime.path + "/wayland-0"))
    }
}
