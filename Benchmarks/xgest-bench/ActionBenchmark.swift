import CXgest
import Glibc
import XgestCore
import XgestTestServer

/// Gesture to action on the real test server: from the driver's sync reply for the
/// swipe's last events to the bound KeyPress arriving at the focused window, with the
/// daemon (`xgest run`, release build) in between; and, in the same run, what tools that
/// spawn a process per action pay: `xdotool key ctrl+alt+Right` from spawn to KeyPress.
/// Then the daemon's idle CPU and its memory with the shipped default config.
enum ActionBenchmark {
    static let swipes = 200
    static let config = """
        [[gesture]]
        name = "next"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "left"
        action = "key ctrl+alt+Right"
        """

    static func run(idleSeconds: Int) {
        do {
            try latency()
            try defaultConfigDaemon(idleSeconds: idleSeconds)
        } catch {
            print("action benchmark failed: \(error)")
        }
    }

    static func latency() throws {
        let server = try XorgServer()
        defer { server.stop() }
        setenv("DISPLAY", server.displayName, 1)
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1920, height: 1080, className: "Bench")
        try window.focus()
        let right = keycode(server, "Right")
        let path = "/tmp/xgest-bench-\(getpid()).toml"
        guard let f = fopen(path, "w") else { return }
        fputs(config, f)
        fclose(f)
        defer { unlink(path) }
        let daemon = try MonitoredProcess(
            path: CaptureBenchmark.siblingExecutable("xgest"), arguments: ["xgest", "run", "--config", path])

        var id: UInt32 = 0
        func swipe() throws -> UInt64 {
            defer { id += 3 }
            return try server.touchscreen.latencySwipe(firstID: id + 1)
        }
        func awaitRight(after start: UInt64) throws -> UInt64? {
            try window.keyPressDelay(keycode: right, after: start)
        }
        // The daemon is ready when a swipe works.
        var ready = false
        for _ in 0..<50 where !ready { ready = try awaitRight(after: try swipe()) != nil }
        guard ready else {
            print("the daemon never typed the combo")
            return
        }
        var xgest: [UInt64] = []
        for _ in 0..<swipes {
            if let l = try awaitRight(after: try swipe()) { xgest.append(l) }
        }
        var xdotool: [UInt64] = []
        for _ in 0..<swipes {
            let start = monotonicNanoseconds()
            let p = try MonitoredProcess(path: "/usr/bin/xdotool", arguments: ["xdotool", "key", "ctrl+alt+Right"])
            if let l = try awaitRight(after: start) { xdotool.append(l) }
            _ = p.stop(signal: 0, graceMilliseconds: 5_000)
        }
        _ = daemon.stop()
        report("xgest: swipe's last sync reply -> KeyPress at the window", xgest)
        report("xdotool key ctrl+alt+Right: spawn -> KeyPress at the window", xdotool)
        if let a = median(xgest), let b = median(xdotool), a > 0 {
            print("  ratio of medians: xdotool takes \(b / a)x as long")
        }
    }

    static func defaultConfigDaemon(idleSeconds: Int) throws {
        let server = try XorgServer()
        defer { server.stop() }
        setenv("DISPLAY", server.displayName, 1)
        let daemon = try MonitoredProcess(
            path: CaptureBenchmark.siblingExecutable("xgest"), arguments: ["xgest", "run", "--debug"])
        guard daemon.readLines(timeoutMilliseconds: 10_000, until: { $0.contains("capturing on") }, onLine: { _ in })
        else { return }
        // Some gestures through the default config first, so the memory figure is not a cold one.
        for seq in 0..<50 {
            let t = UInt32(seq + 1)
            try server.touchscreen.begin(id: t, x: 600, y: 400)
            try server.touchscreen.sync()
            try server.touchscreen.end(id: t, x: 600, y: 400)
            try server.touchscreen.sync()
            _ = daemon.readLines(timeoutMilliseconds: 2_000, until: { $0.contains("ownership") }, onLine: { _ in })
        }
        let rss = CaptureBenchmark.residentKilobytes(daemon.processID)
        let before = CaptureBenchmark.cpuTicks(daemon.processID)
        var request = timespec(tv_sec: idleSeconds, tv_nsec: 0)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
        let after = CaptureBenchmark.cpuTicks(daemon.processID)
        print(
            "xgest run with the shipped default config: RSS \(rss) KiB after 50 taps; idle \(after - before) CPU ticks over \(idleSeconds) s"
        )
        _ = daemon.stop()
    }

    static func keycode(_ server: XorgServer, _ keysym: String) -> UInt32 {
        guard let d = XOpenDisplay(server.displayName) else { return 0 }
        defer { XCloseDisplay(d) }
        return UInt32(XKeysymToKeycode(d, XStringToKeysym(keysym)))
    }

    static func median(_ samples: [UInt64]) -> Double? {
        guard !samples.isEmpty else { return nil }
        return Double(samples.sorted()[samples.count / 2])
    }

    static func report(_ title: String, _ samples: [UInt64]) {
        let s = samples.sorted()
        guard !s.isEmpty else {
            print("\(title): no samples")
            return
        }
        print("\(title), \(s.count) samples")
        print(
            "  median \(formatMicroseconds(s[s.count / 2])) us   p99 \(formatMicroseconds(s[min(s.count - 1, s.count * 99 / 100)])) us"
        )
    }
}
