import Glibc
import XgestCore
import XgestTestServer

/// What real applications see with and without xgest, on the test server: GTK 3, Qt 5,
/// Chromium and Firefox ESR (each when installed; `make bench-apps` installs them). For
/// each, with no daemon, with the shipped config, and with the shipped config plus a bound
/// three-finger touchscreen swipe (what any global multi-finger binding costs): how long a
/// tap and a drag take to reach the application, when its long press fires, and how far a
/// fast and a slow two-finger pinch zoom it; and how late the mouse's motion, a left click, a
/// right click and a right press held reach it, the third configuration then binding a
/// right-button stroke with no modifier (``AppPointerCases``).
enum AppBenchmark {
    static let taps = 10
    /// Qt's long press waits on a coarse timer, which may fire 5 % (35 ms) off its 700 ms:
    /// the median of five moved its difference with xgest from +9 to +88 ms between runs of
    /// one build.
    static let longPresses = 15
    static let pinches = 3
    /// Between gestures: past every toolkit's double-tap interval.
    static let gapMilliseconds = 700.0

    /// One application's figures on one configuration.
    struct Figures {
        var tapMs: [Double] = []
        var dragMs: [Double] = []
        var longPressMs: [Double] = []
        var fastZoom: [Double] = []
        var slowZoom: [Double] = []
        /// Measured without xgest, with the shipped config, and with a right-button stroke
        /// bound without a modifier (``AppPointerCases/plainRightStroke``) in place of the swipe.
        var pointer = AppPointerCases()
    }

    /// Runs every installed client, or those whose name contains one of `only`
    /// (case-insensitive).
    static func run(only: [String] = []) {
        let shipped: String
        do {
            shipped = try HandbackBenchmark.readShippedConfig()
        } catch {
            print("app benchmark failed: \(error)")
            return
        }
        let swipe = shipped + HandbackBenchmark.threeFingerSwipe
        print("applications on the test server, without xgest, with the shipped config, and with the shipped")
        print("config plus a bound three-finger touchscreen swipe; medians (tap and drag of \(taps), long press")
        print("of \(longPresses), pinches of \(pinches)); times from the finger landing to the line the application")
        print("printed; the last two columns: each configuration against no xgest. The mouse's rows")
        print("(\(AppPointerCases.clicks) each, from the motion or the press to the line) put a right-button stroke")
        print("without Super in place of the swipe")
        let header = ["application", "case", "without xgest", "shipped", "+ swipe", "shipped", "+ swipe"]
        let widths = [12, 34, 14, 10, 10, 10, 10]
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.0 + String(repeating: " ", count: max(0, $0.1 - $0.0.count)) }
                .joined(separator: " ")
        }
        print(line(header))
        let wanted = AppClient.all.filter { c in
            only.isEmpty || only.contains { c.name.lowercased().contains($0.lowercased()) }
        }
        for client in wanted {
            defer { fflush(nil) }
            guard client.isInstalled else {
                print("\(client.name): \(client.program) is not installed (make bench-apps installs it); skipped")
                continue
            }
            do {
                let alone = try measure(client, config: nil)
                let runs = [
                    try measure(client, config: shipped), try measure(client, config: swipe, cases: .touch),
                ]
                let rightStroke = try measure(client, config: shipped + AppPointerCases.plainRightStroke, cases: .mouse)
                for (label, pick) in [
                    ("tap: first touch event (ms)", { (f: Figures) in f.tapMs }),
                    ("drag 600 px/s: first touch (ms)", { (f: Figures) in f.dragMs }),
                    ("long press fires (ms)", { (f: Figures) in f.longPressMs }),
                ] {
                    let ma = HandbackBenchmark.percentile(pick(alone), 50)
                    let medians = runs.map { HandbackBenchmark.percentile(pick($0), 50) }
                    let diffs = medians.map { mb in
                        ma.flatMap { x in mb.map { HandbackBenchmark.format($0 - x) } } ?? "n/a"
                    }
                    print(
                        line(
                            [client.name, label, HandbackBenchmark.format(ma) + missing(pick(alone), label)]
                                + zip(medians, runs).map { HandbackBenchmark.format($0) + missing(pick($1), label) }
                                + diffs))
                }
                for (label, pick) in AppPointerCases.rows {
                    let ma = HandbackBenchmark.percentile(pick(alone.pointer), 50)
                    let mouseRuns = [runs[0].pointer, rightStroke.pointer]
                    let medians = mouseRuns.map { HandbackBenchmark.percentile(pick($0), 50) }
                    let diffs = medians.map { mb in
                        ma.flatMap { x in mb.map { HandbackBenchmark.format($0 - x) } } ?? "n/a"
                    }
                    let lost = { (values: [Double]) in
                        values.count < AppPointerCases.clicks ? " (\(AppPointerCases.clicks - values.count) lost)" : ""
                    }
                    print(
                        line(
                            [client.name, label, HandbackBenchmark.format(ma) + lost(pick(alone.pointer))]
                                + zip(medians, mouseRuns).map { HandbackBenchmark.format($0) + lost(pick($1)) }
                                + diffs))
                }
                for (label, pick) in [
                    ("fast pinch 210 ms: zoom", { (f: Figures) in f.fastZoom }),
                    ("slow pinch 620 ms: zoom", { (f: Figures) in f.slowZoom }),
                ] {
                    let ma = HandbackBenchmark.percentile(pick(alone), 50)
                    let medians = runs.map { HandbackBenchmark.percentile(pick($0), 50) }
                    let shares = medians.map { mb in
                        ma.flatMap { x in mb.map { x > 0 ? "\(Int(($0 / x * 100).rounded())) %" : "n/a" } } ?? "n/a"
                    }
                    print(
                        line(
                            [client.name, label, HandbackBenchmark.format(ma)]
                                + medians.map { HandbackBenchmark.format($0) } + shares))
                }
            } catch {
                print("\(client.name): \(error)")
            }
        }
    }

    static func missing(_ values: [Double], _ label: String) -> String {
        let expected = label.hasPrefix("long") ? longPresses : taps
        return values.count < expected ? " (\(expected - values.count) lost)" : ""
    }

    /// Which inputs a measurement plays.
    struct Cases: OptionSet {
        let rawValue: Int
        static let touch = Cases(rawValue: 1)
        static let mouse = Cases(rawValue: 2)
        static let all: Cases = [.touch, .mouse]
    }

    static func measure(_ client: AppClient, config: String?, cases: Cases = .all) throws -> Figures {
        let server = try XorgServer()
        defer { server.stop() }
        setenv("DISPLAY", server.displayName, 1)
        setenv("MOZ_USE_XINPUT2", "1", 1)
        var template = Array("/tmp/xgest-apps-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw HandbackError("cannot make a scratch directory") }
        let scratch = String(cString: made)
        defer { _ = system("rm -rf '\(scratch)'") }
        let app = AppSession(client: client, process: try client.start(scratch: scratch), server: server)
        defer { _ = app.process.stop(graceMilliseconds: 3_000) }
        guard let area = app.waitForArea() else { throw HandbackError("\(client.name) did not show its window") }
        let center = Point(x: area.x + area.width / 2, y: area.y + area.height / 2)
        let daemon = try config.map { try HandbackBenchmark.startDaemon(config: $0, label: client.name) }
        defer {
            _ = daemon?.stop()
            unlink(HandbackBenchmark.configPath)
        }
        var nextID: UInt32 = 1
        var figures = Figures()
        func play(_ c: HandbackCase) throws -> UInt64 {
            let (begin, _, _) = try c.centered(at: center).play(on: server.touchscreen, firstID: nextID) {
                app.pump()
                daemon?.readLines(timeoutMilliseconds: 0, until: { _ in false }, onLine: { _ in })
            }
            nextID += UInt32(c.fingers)
            return begin
        }
        func settle() throws {
            try app.sync(near: area)
            app.pump(milliseconds: gapMilliseconds)
            daemon?.readLines(timeoutMilliseconds: 0, until: { _ in false }, onLine: { _ in })
        }
        // A first tap warms the application up (fonts, caches) and is not counted.
        _ = try play(HandbackCase.tap())
        try settle()
        /// Plays `c` `count` times; each time, how long from its landing to the line `line`.
        func delays(_ c: HandbackCase, _ count: Int, until line: String) throws -> [Double] {
            try (0..<count).compactMap { _ in
                let mark = app.lines.count
                let begin = try play(c)
                try settle()
                return app.firstTime(of: { $0 == line }, after: mark).map { ms($0, begin) }
            }
        }
        if cases.contains(.touch) {
            figures.tapMs = try delays(HandbackCase.tap(), taps, until: "input touch-begin")
            figures.dragMs = try delays(HandbackCase.drag(pxPerSecond: 600), taps, until: "input touch-begin")
            figures.longPressMs = try delays(HandbackCase.hold(milliseconds: 1_500), longPresses, until: "long-press")
            for (milliseconds, keep) in [(210.0, \Figures.fastZoom), (620.0, \Figures.slowZoom)] {
                for _ in 0..<pinches {
                    let before = client.zoomIsAbsolute ? app.lastZoom(after: 0) ?? 1 : 1
                    let mark = app.lines.count
                    _ = try play(HandbackCase.pinch(name: "pinch", milliseconds: milliseconds))
                    try settle()
                    let after = app.lastZoom(after: mark) ?? before
                    figures[keyPath: keep].append(after / before)
                    if client.zoomIsAbsolute {
                        // Back to the page's own scale: a wide pinch in, clamped at 1.
                        _ = try play(HandbackCase.pinch(name: "reset", milliseconds: 400, fromPx: 600, toPx: 60))
                        try settle()
                    }
                }
            }
        }
        if cases.contains(.mouse) {
            figures.pointer = try AppPointerCases.measure(
                app: app, pointer: server.pointer, center: center,
                watch: {
                    app.pump()
                    daemon?.readLines(timeoutMilliseconds: 0, until: { _ in false }, onLine: { _ in })
                }, settle: settle)
        }
        return figures
    }

    static func ms(_ a: UInt64, _ b: UInt64) -> Double { (Double(a) - Double(b)) / 1e6 }
}

/// A running client's lines, each with the monotonic time it was read.
final class AppSession {
    let client: AppClient
    let process: MonitoredProcess
    let server: XorgServer
    private(set) var lines: [(time: UInt64, text: String)] = []
    private var syncs = 0

    init(client: AppClient, process: MonitoredProcess, server: XorgServer) {
        self.client = client
        self.process = process
        self.server = server
    }

    /// Reads what the client printed, waiting at most `milliseconds` for more.
    func pump(milliseconds: Double = 1) {
        let deadline = monotonicNanoseconds() + UInt64(milliseconds * 1e6)
        repeat {
            if process.hasClosedOutput { return }
            let left = max(1, Int((Double(deadline) - Double(monotonicNanoseconds())) / 1e6))
            process.readLines(timeoutMilliseconds: left, until: { _ in false }) { line in
                if let text = client.message(in: line) { lines.append((monotonicNanoseconds(), text)) }
            }
        } while monotonicNanoseconds() < deadline
    }

    /// Waits for the client's `area zoom X Y W H` line.
    func waitForArea() -> (x: Double, y: Double, width: Double, height: Double)? {
        let deadline = monotonicNanoseconds() + 60_000_000_000
        while monotonicNanoseconds() < deadline, !process.hasClosedOutput {
            pump(milliseconds: 100)
            for l in lines where l.text.hasPrefix("area zoom ") {
                let n = l.text.split(separator: " ").dropFirst(2).compactMap { Double($0) }
                if n.count == 4 { return (n[0], n[1], n[2], n[3]) }
            }
        }
        return nil
    }

    /// Moves the pointer to a new point of the area and waits until the client reports
    /// it: everything the server sent the client before is then read.
    func sync(near area: (x: Double, y: Double, width: Double, height: Double)) throws {
        syncs += 1
        let x = Int(area.x) + 5 + syncs % 40
        let y = Int(area.y) + 5 + (syncs / 40) % 40
        try server.pointer.move(x: Double(x), y: Double(y))
        try server.pointer.sync()
        let deadline = monotonicNanoseconds() + 10_000_000_000
        let wanted = "motion \(x) \(y)"
        while monotonicNanoseconds() < deadline {
            if lines.suffix(50).contains(where: { $0.text == wanted }) { return }
            guard !process.hasClosedOutput else { throw HandbackError("\(client.name) exited") }
            pump(milliseconds: 5)
        }
        throw HandbackError("\(client.name) did not report the pointer at \(x),\(y)")
    }

    func firstTime(of matches: (String) -> Bool, after mark: Int) -> UInt64? {
        lines[mark...].first { matches($0.text) }?.time
    }

    func lastZoom(after mark: Int) -> Double? {
        lines[mark...].last { $0.text.hasPrefix("zoom ") }.flatMap { Double($0.text.dropFirst(5)) }
    }
}
