import Foundation
import XgestTestServer

/// A real toolkit application on the test server, one of Tests/Probes/: by default
/// gtk3_probe.py, a GTK 3 application that prints each touchpad gesture event GDK hands
/// it, and pointer motion to sync on. Every probe prints `ready X Y WIDTH HEIGHT` once its
/// window is shown, then one line per thing it saw.
final class GTK3Probe: @unchecked Sendable {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// Debian's interpreter, which has python3-gi (a python3 earlier on PATH may not).
    static let python = "/usr/bin/python3"
    static let probes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Probes")
    static let script = probes.appendingPathComponent("gtk3_probe.py").path

    let process = Process()
    private let lines = LineQueue()
    private let input = Pipe()
    /// Where GTK placed the window, in root coordinates.
    let frame: (x: Int, y: Int, width: Int, height: Int)

    init(display: String, x: Int, y: Int, width: Int, height: Int, script: String = GTK3Probe.script) throws {
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [script, "\(x)", "\(y)", "\(width)", "\(height)"]
        var env = ProcessInfo.processInfo.environment
        env["DISPLAY"] = display
        // No accessibility bus, no portal, no settings daemon: a bare X client.
        env["NO_AT_BRIDGE"] = "1"
        env["GTK_USE_PORTAL"] = "0"
        env["GDK_BACKEND"] = "x11"
        env["QT_QPA_PLATFORM"] = "xcb"
        env.removeValue(forKey: "WAYLAND_DISPLAY")
        process.environment = env
        process.standardInput = input
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        lines.follow(output.fileHandleForReading)
        try process.run()
        guard let ready = lines.wait(for: "ready ", timeoutSeconds: 20) else {
            process.terminate()
            throw Unavailable(description: "the probe \(script) did not start: " + lines.all.joined(separator: "\n"))
        }
        let numbers = ready.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard numbers.count == 4 else { throw Unavailable(description: "bad ready line: \(ready)") }
        frame = (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    deinit { stop() }

    /// Closes the probe's standard input, on which it quits; kills it if it has not
    /// within two seconds.
    func stop() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        if !lines.wait(timeoutSeconds: 2, until: { _ in false }), process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// Where the probe's part `name` is (an `area NAME X Y WIDTH HEIGHT` line), in root
    /// coordinates; its centre is `center(of:)`.
    func area(_ name: String) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard
            let line = lines.wait(timeoutSeconds: 10, until: { $0.contains { $0.hasPrefix("area \(name) ") } })
                ? lines.all.first(where: { $0.hasPrefix("area \(name) ") }) : nil
        else { return nil }
        let n = line.split(separator: " ").dropFirst(2).compactMap { Int($0) }
        return n.count == 4 ? (n[0], n[1], n[2], n[3]) : nil
    }

    /// Every line printed so far.
    var output: [String] { lines.all }

    /// The lines of one kind (`pinch`, `swipe`, `motion`).
    func events(_ kind: String) -> [String] { lines.all.filter { $0.hasPrefix(kind + " ") } }

    /// Blocks until `done` holds for the lines so far; returns whether it did in time.
    func waitFor(timeoutSeconds: Double = 10, _ done: ([String]) -> Bool) -> Bool {
        lines.wait(timeoutSeconds: timeoutSeconds, until: done)
    }

    /// Moves the pointer to a point of the window and waits until GTK reports the motion:
    /// everything the server sent this application before is then in its output.
    func syncThroughMotion(_ server: XorgServer, x: Int, y: Int) throws -> Bool {
        try server.pointer.move(x: Double(x), y: Double(y))
        try server.pointer.sync()
        return waitFor { $0.contains("motion \(x) \(y)") }
    }
}

extension GTK3Probe {
    /// The Qt 5 touch probe's window at 100,100, 800×800, on `server`.
    static func qt5(on server: XorgServer) throws -> GTK3Probe {
        try GTK3Probe(
            display: server.displayName, x: 100, y: 100, width: 800, height: 800,
            script: probes.appendingPathComponent("qt5_touch_probe.py").path)
    }
}
