import CXgest
import Glibc
import XgestCore
import XgestTestServer

/// What the feedback overlay costs: a check mark drawn with button 3 and bound to a key,
/// with `[feedback]` on and off. Stroke end (the driver's sync reply for the release) to
/// the KeyPress at the window; the daemon's memory after the strokes; its CPU ticks idle.
/// The label lasts 100 ms, less than the pause between strokes: every stroke makes and
/// destroys its own overlay window, the dearest case.
enum FeedbackBenchmark {
    static let strokes = 150

    /// With `enabled` nil, no `[feedback]` section: the config of a daemon from before it,
    /// for a baseline (`xgest-bench feedback --baseline` next to that daemon's binary).
    static func config(enabled: Bool?) -> String {
        let section = enabled.map { "[feedback]\nenabled = \($0)\nlabel-duration = \"100ms\"\n" } ?? ""
        return section + """

            [[gesture]]
            name = "check"
            kind = "stroke"
            device = "pointer"
            shape = "check"
            button = 3
            action = "key ctrl+alt+Right"
            """
    }

    static func run(idleSeconds: Int, baseline: Bool = false) {
        guard !baseline else {
            _ = try? measure(enabled: nil, idleSeconds: idleSeconds)
            return
        }
        do {
            var medians: [Bool: Double] = [:]
            for enabled in [false, true, false, true] {
                if let m = try measure(enabled: enabled, idleSeconds: idleSeconds) {
                    medians[enabled] = min(medians[enabled] ?? .infinity, m)
                }
            }
            if let on = medians[true], let off = medians[false], off > 0 {
                print("feedback on / off, best median of two runs each: \(on / off)")
            }
        } catch {
            print("feedback benchmark failed: \(error)")
        }
    }

    /// A check mark, as the tests draw it: down to the right, then a long way up.
    static func check(from s: Point) -> [Point] {
        var points: [Point] = []
        for k in 0...6 { points.append(Point(x: s.x + Double(k) * 15, y: s.y + Double(k) * 17.5)) }
        for k in 1...14 { points.append(Point(x: s.x + 90 + Double(k) * 15, y: s.y + 105 - Double(k) * 270 / 14)) }
        return points
    }

    static func measure(enabled: Bool?, idleSeconds: Int) throws -> Double? {
        let server = try XorgServer()
        defer { server.stop() }
        setenv("DISPLAY", server.displayName, 1)
        let window = try TestWindow(server: server, x: 0, y: 0, width: 1920, height: 1080, className: "Bench")
        try window.focus()
        let right = ActionBenchmark.keycode(server, "Right")
        let path = "/tmp/xgest-bench-feedback-\(getpid()).toml"
        guard let f = fopen(path, "w") else { return nil }
        fputs(config(enabled: enabled), f)
        fclose(f)
        defer { unlink(path) }
        let daemon = try MonitoredProcess(
            path: CaptureBenchmark.siblingExecutable("xgest"), arguments: ["xgest", "run", "--config", path])

        func stroke() throws -> UInt64 {
            let p = server.pointer
            let points = check(from: Point(x: 700, y: 500))
            try p.move(x: points[0].x, y: points[0].y)
            try p.press(button: 3)
            try p.sync()
            for q in points.dropFirst() {
                try p.move(x: q.x, y: q.y)
                try p.sync()
            }
            try p.release(button: 3)
            try p.sync()
            return p.lastSyncReplyNanoseconds
        }
        func awaitRight(after start: UInt64) throws -> UInt64? {
            try window.keyPressDelay(keycode: right, after: start)
        }
        var ready = false
        for _ in 0..<50 where !ready { ready = try awaitRight(after: try stroke()) != nil }
        guard ready else {
            print("the daemon never typed the combo")
            return nil
        }
        var samples: [UInt64] = []
        for _ in 0..<strokes {
            if let l = try awaitRight(after: try stroke()) { samples.append(l) }
            // Past the label's time: the next stroke makes its window anew.
            var pause = timespec(tv_sec: 0, tv_nsec: 120_000_000)
            var left = timespec()
            while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
        }
        let rss = CaptureBenchmark.residentKilobytes(daemon.processID)
        // The last stroke's label (100 ms) and the trail's retraction (240 ms, a frame each
        // 16 ms) are still being drawn: that work is the stroke's, not idling's.
        var settle = timespec(tv_sec: 0, tv_nsec: 600_000_000)
        var unslept = timespec()
        while nanosleep(&settle, &unslept) != 0 && errno == EINTR { settle = unslept }
        let before = CaptureBenchmark.cpuTicks(daemon.processID)
        var request = timespec(tv_sec: idleSeconds, tv_nsec: 0)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
        let after = CaptureBenchmark.cpuTicks(daemon.processID)
        _ = daemon.stop()
        let what = enabled.map { $0 ? "on" : "off" } ?? "not configured"
        ActionBenchmark.report("feedback \(what): stroke's last sync reply -> KeyPress", samples)
        print(
            "  RSS \(rss) KiB after \(samples.count + 1) strokes; idle \(after - before) CPU ticks over \(idleSeconds) s"
        )
        return ActionBenchmark.median(samples)
    }
}
