import CXgest
import Glibc
import XgestCore
import XgestTestServer

/// The release daemon (`xgest run`, no `--debug`) under floods, on the real test server:
/// - touches: 10 fingers at 240 Hz, a new sequence 20 times a second, for SECS seconds;
///   then how late a bound 3-finger swipe types its combo, and the daemon's memory;
/// - touchpad pinch updates at 2,000 a second, each a step of a repeating binding: bound
///   to a key action, how long SIGTERM takes to stop the daemon; bound to `exec true`,
///   the oldest zombie child seen, the most children at once, and SIGTERM again.
enum FloodBenchmark {
    static let swipeConfig = """
        [[gesture]]
        name = "next"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "left"
        action = "key ctrl+alt+Right"
        """

    static func pinchConfig(_ action: String) -> String {
        """
        [[gesture]]
        name = "zoom"
        kind = "pinch"
        device = "touchpad"
        fingers = 2
        direction = "out"
        action = "\(action)"
        repeat = true
        reverse-action = "\(action)"
        """
    }

    static func run(seconds: Int) {
        do {
            try touchFlood(seconds: seconds)
            try pinchFlood(action: "key a", seconds: 3)
            try pinchFlood(action: "exec true", seconds: 3)
        } catch {
            print("flood benchmark failed: \(error)")
        }
    }

    static func startDaemon(_ server: XorgServer, config: String, debug: Bool = false) throws -> (
        MonitoredProcess, String
    ) {
        setenv("DISPLAY", server.displayName, 1)
        let path = "/tmp/xgest-flood-\(getpid())-\(monotonicNanoseconds()).toml"
        guard let f = fopen(path, "w") else { throw TestServerError.serverNotRunning }
        fputs(config, f)
        fclose(f)
        let daemon = try MonitoredProcess(
            path: CaptureBenchmark.siblingExecutable("xgest"),
            arguments: ["xgest", "run"] + (debug ? ["--debug"] : []) + ["--config", path])
        return (daemon, path)
    }

    static func touchFlood(seconds: Int) throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1920, height: 1080, className: "Bench")
        try window.focus()
        let (daemon, path) = try startDaemon(server, config: swipeConfig)
        defer { unlink(path) }
        let right = ActionBenchmark.keycode(server, "Right")
        var id: UInt32 = 1_000_000
        func swipe() throws -> UInt64 {
            defer { id += 3 }
            return try server.touchscreen.latencySwipe(firstID: id + 1)
        }
        func awaitRight(after start: UInt64) throws -> UInt64? {
            try window.keyPressDelay(keycode: right, after: start, timeoutMilliseconds: 10_000)
        }
        var ready = false
        for _ in 0..<50 where !ready { ready = try awaitRight(after: try swipe()) != nil }
        guard ready else {
            print("the daemon never typed the combo")
            return
        }
        let before = CaptureBenchmark.residentKilobytes(daemon.processID)
        let ts = server.touchscreen
        let fingers = 10
        let framesPerSequence = 12
        let frameNanoseconds: UInt64 = 1_000_000_000 / 240
        let start = monotonicNanoseconds()
        var frame: UInt64 = 0
        var sequences = 0
        while monotonicNanoseconds() - start < UInt64(seconds) * 1_000_000_000 {
            let base = UInt32(sequences * fingers)
            for f in 0..<fingers { try ts.begin(id: base + UInt32(f), x: 200 + Double(f * 60), y: 300) }
            for step in 1...framesPerSequence {
                for f in 0..<fingers {
                    try ts.update(id: base + UInt32(f), x: 200 + Double(f * 60), y: 300 + Double(step))
                }
                frame += 1
                let due = start + frame * frameNanoseconds
                let now = monotonicNanoseconds()
                if due > now { usleep(UInt32((due - now) / 1000)) }
            }
            for f in 0..<fingers {
                try ts.end(id: base + UInt32(f), x: 200 + Double(f * 60), y: 300 + Double(framesPerSequence))
            }
            sequences += 1
            // The window reads what it is sent, as an application would.
            if sequences % 20 == 0 { _ = try window.receivedEvents() }
        }
        try ts.sync()
        let late = try awaitRight(after: try swipe())
        let after = CaptureBenchmark.residentKilobytes(daemon.processID)
        print(
            "touch flood: 10 fingers at 240 Hz, \(sequences) sequences in \(seconds) s; the bound swipe after it: "
                + "\(late.map(formatMicroseconds) ?? "never") us from its last sync to the KeyPress; "
                + "RSS \(before) KiB before, \(after) KiB after")
        _ = daemon.stop()
    }

    static func pinchFlood(action: String, seconds: Int) throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1920, height: 1080, className: "Bench")
        try window.focus()
        let (daemon, path) = try startDaemon(server, config: pinchConfig(action), debug: true)
        defer { unlink(path) }
        let pid = daemon.processID
        let pad = server.touchpad
        // The trace says when the daemon is up; it is read as it comes (a full pipe would
        // block the daemon), and it shows the drops.
        var lines: [String] = []
        guard
            daemon.readLines(
                timeoutMilliseconds: 10_000, until: { $0.contains("capturing on") }, onLine: { _ in })
        else {
            print("pinch flood bound to \"\(action)\": the daemon did not start")
            return
        }
        try server.pointer.move(x: 500, y: 500)
        try server.pointer.sync()
        try pad.pinch(.begin, fingers: 2)
        try pad.sync()
        let perSecond: UInt64 = 2000
        let start = monotonicNanoseconds()
        let stopAt = start + UInt64(seconds) * 1_000_000_000
        var sent: UInt64 = 0
        var zombieSince: [Int32: UInt64] = [:]
        var oldestZombie: UInt64 = 0
        var mostChildren = 0
        var signalled: UInt64?
        var exited: UInt64?
        while exited == nil, monotonicNanoseconds() - start < stopAt - start + 5_000_000_000 {
            for _ in 0..<20 {
                try pad.pinch(.update, fingers: 2, scale: sent % 2 == 0 ? 2.0 : 1.0)
                sent += 1
            }
            let now = monotonicNanoseconds()
            let children = childStates(of: pid)
            mostChildren = max(mostChildren, children.count)
            for (child, state) in children where state == "Z" && zombieSince[child] == nil { zombieSince[child] = now }
            for (child, since) in zombieSince {
                if children[child] == "Z" {
                    oldestZombie = max(oldestZombie, now - since)
                } else {
                    zombieSince[child] = nil
                }
            }
            daemon.readLines(timeoutMilliseconds: 1, until: { _ in false }) { line in
                if line.contains("dropped") || line.contains("faster") || line.contains("exited") && lines.count < 3 {
                    lines.append(line)
                }
            }
            if signalled == nil, now >= stopAt {
                signalled = now
                kill(pid, SIGTERM)
            }
            if signalled != nil, processState(pid) == "Z" || processState(pid) == nil { exited = now }
            let due = start + sent * 1_000_000_000 / perSecond
            if due > now { usleep(UInt32((due - now) / 1000)) }
        }
        var answered: UInt64?
        if let signalled, let exited { answered = exited - signalled }
        print(
            "pinch flood bound to \"\(action)\": \(sent) updates at \(perSecond)/s; SIGTERM answered in "
                + "\(answered.map(formatMicroseconds) ?? "never") us; oldest zombie child "
                + "\(formatMicroseconds(oldestZombie)) us; at most \(mostChildren) children at once")
        daemon.readLines(timeoutMilliseconds: 100, until: { _ in false }) { lines.append($0) }
        print("  the daemon said: " + (lines.isEmpty ? "nothing" : lines.prefix(6).joined(separator: " | ")))
        _ = daemon.stop(signal: SIGKILL, graceMilliseconds: 1_000)
    }

    /// The state letter of `pid` from /proc (R, S, Z…), nil when it is gone.
    static func processState(_ pid: Int32) -> String? {
        guard let line = CaptureBenchmark.procLines("/proc/\(pid)/stat").first, let close = line.lastIndex(of: ")")
        else { return nil }
        return line[line.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// The children of `pid`, each with its state letter.
    static func childStates(of pid: Int32) -> [Int32: String] {
        let list = CaptureBenchmark.procLines("/proc/\(pid)/task/\(pid)/children").joined()
        var states: [Int32: String] = [:]
        for child in list.split(separator: " ").compactMap({ Int32($0) }) {
            if let state = processState(child) { states[child] = state }
        }
        return states
    }
}
