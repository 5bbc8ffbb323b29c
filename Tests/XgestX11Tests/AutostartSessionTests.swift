import Foundation
import Glibc
import Testing
import XgestTestServer

/// `xgest run --autostart` at the start of a session: what it takes for a Wayland session,
/// and an X server that does not listen yet.
@Suite struct AutostartSessionTests {
    /// A WAYLAND_DISPLAY left from an earlier session (a systemd user manager keeps it)
    /// stopped the autostart, exit 0, in a working X11 session: no socket, no Wayland.
    @Test func aStaleWaylandDisplayDoesNotStopTheAutostart() throws {
        let runtime = try Self.temporaryDirectory("xgest-runtime")
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let s = try DaemonTests.Session(
            extraEnvironment: [
                "WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland", "XDG_RUNTIME_DIR": runtime,
            ],
            runOptions: ["--autostart"])
        #expect(
            s.daemon.stderrLines.contains(
                "xgest: WAYLAND_DISPLAY=wayland-0 but no Wayland socket at \(runtime)/wayland-0: left from an earlier"
                    + " session, so this one is taken for X11"), "\(s.daemon.stderrLines)")
    }

    /// With the compositor's socket there, the autostart stops, exit 0, and says why at
    /// warning priority, which `journalctl -p warning` shows (it was info).
    @Test func aWaylandSessionStopsTheAutostartWithAWarning() throws {
        let runtime = try Self.temporaryDirectory("xgest-runtime")
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let compositor = try Self.listen(at: runtime + "/wayland-1")
        defer { close(compositor) }
        let daemon = try XgestProcess(
            ["run", "--autostart"], display: ":0",
            extraEnvironment: ["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": runtime],
            standardErrorIsTheJournal: true)
        daemon.process.waitUntilExit()
        #expect(daemon.process.terminationStatus == 0)
        #expect(
            daemon.stderrLines.first?.hasPrefix(
                "<4>xgest: a Wayland session (WAYLAND_DISPLAY=wayland-1, its socket \(runtime)/wayland-1 is there):"
                    + " not started") == true, "\(daemon.stderrLines)")
    }

    /// `xgest run --autostart &` in ~/.xinitrc, before the server listens: it exited 1 at
    /// once ("no X server is running on it"), which the unit takes as final. It now waits
    /// for the server's socket and runs. The display is a free number whose socket is made,
    /// later, a link to the test server's.
    @Test func theAutostartWaitsForTheServerToListen() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let directory = try Self.temporaryDirectory("xgest-late-server")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = directory + "/xgest.toml"
        try DaemonTests.config.write(toFile: config, atomically: true, encoding: .utf8)
        guard let number = Self.freeDisplayNumber() else {
            Issue.record("no free display number")
            return
        }
        let link = "/tmp/.X11-unix/X\(number)"
        defer { unlink(link) }
        let daemon = try XgestProcess(
            ["run", "--autostart", "--debug", "--config", config], display: ":\(number)",
            extraEnvironment: ["XDG_RUNTIME_DIR": directory])
        defer { _ = daemon.stop(signal: SIGTERM) }
        #expect(
            daemon.waitForLine(containing: "no X server on :\(number) yet: waiting up to 60 s") != nil,
            "\(daemon.stderrLines)")
        usleep(300_000)
        #expect(daemon.process.isRunning, "\(daemon.stderrLines)")
        #expect(symlink("/tmp/.X11-unix/X\(server.displayNumber)", link) == 0)
        #expect(daemon.waitForLine(containing: "capturing on") != nil, "\(daemon.stderrLines)")
    }

    static func temporaryDirectory(_ prefix: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A display number from 900 up with no socket, abstract or in the file system.
    static func freeDisplayNumber() -> Int? {
        (900..<1000).first { n in
            let path = "/tmp/.X11-unix/X\(n)"
            return access(path, F_OK) != 0 && !connects([0] + Array(path.utf8))
        }
    }

    /// A listening Unix socket at `path` (sun_path bytes; a leading NUL makes it abstract).
    static func listen(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address(Array(path.utf8))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard fd >= 0, bound == 0, Glibc.listen(fd, 1) == 0 else { throw DaemonTestError("cannot listen at \(path)") }
        return fd
    }

    private static func connects(_ bytes: [UInt8]) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = Self.address(bytes)
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        } == 0
    }

    private static func address(_ bytes: [UInt8]) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.prefix(raw.count - 1).enumerated() { raw[i] = b }
        }
        return address
    }
}
