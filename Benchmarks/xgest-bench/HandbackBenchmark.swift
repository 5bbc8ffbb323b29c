import CXgest
import Glibc
import XgestCore
import XgestTestServer

/// What an application sees of touches xgest does not take, on the real test server: for
/// each gesture of ``HandbackCase``, the time from the finger's landing to the
/// application's first TouchBegin (for several fingers, from each finger's landing to its
/// own TouchBegin too), from the last lift to its last TouchEnd, and for two fingers how
/// long both are live in the application at once, with no daemon and with the daemon on
/// each config, side by side.
enum HandbackBenchmark {
    static let runs = 20
    /// Between gestures: longer than the tap interval, so no multi-tap carries over.
    static let gapMilliseconds = 450.0

    struct Sample {
        var beginMs: Double?
        /// Each finger's landing to its own TouchBegin, in landing order (nil: never began).
        var fingerBeginMs: [Double?] = []
        var endMs: Double?
        var bothLiveMs: Double?
    }

    struct Row {
        var config: String
        var samples: [String: [Sample]]
    }

    /// A bound three-finger touchscreen swipe: with it, xgest holds one- and two-finger
    /// touches everywhere while it waits for a third finger.
    static let threeFingerSwipe = """

        [[gesture]]
        name = "three-finger-swipe"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "up"
        action = "exec true"

        """

    /// Every case, or with `only`, the cases whose name contains one of its words
    /// (`xgest-bench handback apart "still finger"`).
    static func run(only: [String] = []) {
        let cases =
            only.isEmpty ? HandbackCase.all : HandbackCase.all.filter { c in only.contains { c.name.contains($0) } }
        guard !cases.isEmpty else {
            print(
                "xgest-bench handback: no case's name contains \(only); the cases: "
                    + HandbackCase.all.map(\.name).joined(separator: ", "))
            return
        }
        do {
            let shipped = try readShippedConfig()
            let swipe = threeFingerSwipe
            let noTouch = """
                [[gesture]]
                kind = "swipe"
                device = "touchpad"
                fingers = 3
                direction = "left"
                action = "desktop next"

                """
            var rows: [Row] = []
            rows.append(try measure(config: nil, label: "no daemon", cases: cases))
            rows.append(try measure(config: shipped, label: "shipped", cases: cases))
            rows.append(try measure(config: shipped + swipe, label: "shipped + 3-finger swipe", cases: cases))
            rows.append(try measure(config: noTouch, label: "no touchscreen binding", cases: cases))
            printTable(rows, cases: cases)
        } catch {
            print("handback benchmark failed: \(error)")
        }
    }

    static func readShippedConfig() throws -> String {
        guard let f = fopen("config/xgest.toml", "r") else {
            throw HandbackError("run from the repository root: config/xgest.toml not found")
        }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func measure(config: String?, label: String, cases: [HandbackCase]) throws -> Row {
        let server = try XorgServer()
        defer { server.stop() }
        setenv("DISPLAY", server.displayName, 1)
        let window = try TestWindow(server: server, x: 100, y: 100, width: 1_600, height: 800)
        let daemon = try config.map { try startDaemon(config: $0, label: label) }
        defer {
            _ = daemon?.stop()
            unlink(configPath)
        }
        var samples: [String: [Sample]] = [:]
        var nextID: UInt32 = 1
        for c in cases {
            for _ in 0..<runs {
                samples[c.name, default: []].append(try play(c, server: server, window: window, firstID: nextID))
                nextID += UInt32(c.fingers)
                // The debug trace is read so that the daemon never blocks on a full pipe.
                daemon?.readLines(timeoutMilliseconds: 1, until: { _ in false }, onLine: { _ in })
                pause(milliseconds: gapMilliseconds)
                _ = try window.receivedEvents()
            }
        }
        return Row(config: label, samples: samples)
    }

    /// Where ``startDaemon(config:label:)`` writes the config: the caller removes it once the
    /// daemon has stopped (removed while it runs, the daemon would notice and reload).
    static var configPath: String { "/tmp/xgest-handback-\(getpid()).toml" }

    /// `xgest run --debug` with `config` on the server of $DISPLAY, once it captures.
    static func startDaemon(config: String, label: String) throws -> MonitoredProcess {
        let path = configPath
        guard let f = fopen(path, "w") else { throw HandbackError("cannot write \(path)") }
        fputs(config, f)
        fclose(f)
        let d = try MonitoredProcess(
            path: CaptureBenchmark.siblingExecutable("xgest"),
            arguments: ["xgest", "run", "--config", path, "--debug"])
        guard d.readLines(timeoutMilliseconds: 10_000, until: { $0.contains("capturing on") }, onLine: { _ in })
        else { throw HandbackError("the daemon did not start on \(label)") }
        return d
    }

    /// Plays `c` in real time and watches the window meanwhile.
    static func play(_ c: HandbackCase, server: XorgServer, window: TestWindow, firstID: UInt32) throws -> Sample {
        let ts = server.touchscreen
        var appBegin: [UInt32: UInt64] = [:]
        var appEnd: [UInt32: UInt64] = [:]
        func watch() throws {
            for e in try window.receivedEvents() {
                guard case .touch(let t) = e else { continue }
                let now = monotonicNanoseconds()
                switch t.phase {
                case .begin: appBegin[t.id] = appBegin[t.id] ?? now
                case .end: appEnd[t.id] = now
                case .update: break
                }
            }
        }
        let (sentBegin, sentBegins, sentEnd) = try c.play(on: ts, firstID: firstID, watch: watch)
        let deadline = monotonicNanoseconds() + 600_000_000
        while appEnd.count < c.fingers, monotonicNanoseconds() < deadline {
            try watch()
            pause(milliseconds: 0.1)
        }
        func ms(_ a: UInt64, _ b: UInt64) -> Double { (Double(a) - Double(b)) / 1e6 }
        var s = Sample()
        if let first = appBegin.values.min() { s.beginMs = ms(first, sentBegin) }
        s.fingerBeginMs = sentBegins.sorted { $0.value < $1.value }.map { id, sent in appBegin[id].map { ms($0, sent) }
        }
        if let last = appEnd.values.max(), appEnd.count == c.fingers { s.endMs = ms(last, sentEnd) }
        if c.fingers == 2, appBegin.count == 2, appEnd.count == 2, let b = appBegin.values.max(),
            let e = appEnd.values.min()
        {
            s.bothLiveMs = max(0, ms(e, b))
        }
        return s
    }

    static func pause(milliseconds: Double) {
        var request = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds * 1e6) % 1_000_000_000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    static func printTable(_ rows: [Row], cases: [HandbackCase]) {
        print("touch hand-back on the test server: \(runs) runs each; median / p90 in ms")
        print("  begin: first finger lands -> application's first TouchBegin; end: last lift -> application TouchEnd;")
        print("  each finger: each finger's landing -> its own TouchBegin, median, in landing order;")
        print("  both live: how long both fingers are down in the application at once")
        let header = [
            "case", "config", "begin med", "begin p90", "each finger", "end med", "end p90", "both live med", "missing",
        ]
        let widths = [26, 26, 10, 10, 20, 9, 9, 14, 8]
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.0 + String(repeating: " ", count: max(0, $0.1 - $0.0.count)) }
                .joined(separator: " ")
        }
        print(line(header))
        for c in cases {
            for row in rows {
                let samples = row.samples[c.name] ?? []
                let begins = samples.compactMap(\.beginMs)
                let ends = samples.compactMap(\.endMs)
                let both = samples.compactMap(\.bothLiveMs)
                let missing = samples.count - ends.count
                let eachFinger = (0..<c.fingers).map { f in
                    format(
                        percentile(samples.compactMap { f < $0.fingerBeginMs.count ? $0.fingerBeginMs[f] : nil }, 50))
                }
                print(
                    line([
                        c.name, row.config, format(percentile(begins, 50)), format(percentile(begins, 90)),
                        c.fingers > 1 ? eachFinger.joined(separator: " / ") : "-",
                        format(percentile(ends, 50)), format(percentile(ends, 90)),
                        c.fingers == 2 ? format(percentile(both, 50)) : "-", "\(missing)",
                    ]))
            }
        }
    }

    static func percentile(_ values: [Double], _ p: Int) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, (sorted.count * p) / 100)]
    }

    static func format(_ v: Double?) -> String {
        guard let v else { return "n/a" }
        let digits = v < 10 ? 100.0 : 10.0
        let r = (v * digits).rounded() / digits
        return "\(r)"
    }
}

struct HandbackError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}
