import Foundation
import Testing
import XgestCore
import XgestTestServer

/// The gesture's values reach the commands actions run, on the real server: a pinch bound
/// with `on = "update"` runs its command at the begin and at every change, and each run
/// sees the scale the pinch had then and where each finger was.
@Suite struct GestureValueTests {
    /// Each run appends its scale; it exits 10 ms later, and the test moves the fingers on
    /// only once it has exited, so that no update comes within the daemon's 8 ms limit on
    /// steps of one binding (a step that does is dropped, by design).
    static let config = """
        [settings]
        # The first frame (100 px to 140 px apart) begins the pinch.
        pinch-threshold = 0.2

        [[gesture]]
        name = "zoom-values"
        kind = "pinch"
        device = "touchscreen"
        direction = "out"
        on = "update"
        action = "exec sh -c 'echo \\"$XGEST_SCALE $XGEST_WINDOW_X|$XGEST_TOUCHES\\" >> \\"$XGEST_OUT\\"; sleep 0.01'"
        """

    @Test func aPinchBoundOnUpdateSeesItsScaleGrowInEachCommand() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-scale-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let s = try DaemonTests.Session(config: Self.config, extraEnvironment: ["XGEST_OUT": out])
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Viewer")
        let ts = s.server.touchscreen
        let (cx, y) = (800.0, 500.0)
        try ts.begin(id: 1, x: cx - 50, y: y)
        try ts.begin(id: 2, x: cx + 50, y: y)
        try ts.sync()
        let frames = 6
        for step in 1...frames {
            let half = 50 + Double(step * 20)
            try ts.update(id: 1, x: cx - half, y: y)
            try ts.update(id: 2, x: cx + half, y: y)
            try ts.sync()
            // The frame began or changed the pinch, so its command ran; once it exited,
            // the next frame comes more than 8 ms after it.
            #expect(
                s.daemon.waitForLines { lines in
                    lines.filter { $0.contains("action         zoom-values") }.count >= step
                        && lines.filter { $0.contains("(sh) exited") }.count >= step
                }, "\(s.daemon.stderrLines)")
        }
        try ts.end(id: 1, x: cx - 170, y: y)
        try ts.end(id: 2, x: cx + 170, y: y)
        try ts.sync()
        let runs = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        let lines = runs.map { $0.split(separator: "|", omittingEmptySubsequences: false).first ?? "" }
        let scales = lines.compactMap { Double($0.split(separator: " ").first ?? "") }
        #expect(scales.count >= frames, "\(lines)")
        // Each run saw a wider spread than the one before, all above 1 (spreading).
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 < $1 }, "\(scales)")
        #expect(scales.allSatisfy { $0 > 1 }, "\(scales)")
        // Where the pinch was in the window: its centre, 800 - 100 (off by a finger's step
        // when the daemon judged a frame with one finger's update read so far).
        let xs = lines.compactMap { Double($0.split(separator: " ").last ?? "") }
        #expect(xs.count == lines.count && xs.allSatisfy { abs($0 - 700) <= 20 }, "\(lines)")
        // Each finger's root position: two touches, left and right of the centre, on the
        // line they move along, spreading from one run to the next.
        let touches: [[Point]] = runs.map { run in
            let text = run.split(separator: "|", omittingEmptySubsequences: false).last ?? ""
            return text.split(separator: " ").compactMap { pair in
                let c = pair.split(separator: ",").compactMap { Double($0) }
                return c.count == 2 ? Point(x: c[0], y: c[1]) : nil
            }
        }
        #expect(
            touches.allSatisfy { $0.count == 2 && $0[0].x < cx && $0[1].x > cx && $0.allSatisfy { $0.y == y } },
            "\(runs)")
        let spreads = touches.compactMap { $0.count == 2 ? $0[1].x - $0[0].x : nil }
        #expect(zip(spreads, spreads.dropFirst()).allSatisfy { $0 <= $1 }, "\(runs)")
        withExtendedLifetime(window) {}
    }

    /// A three-finger tap's command sees every finger, in the order they landed, and
    /// their centroid, though the fingers lift one by one and the last to land lifts first.
    @Test func aThreeFingerTapGivesItsCommandEveryFingerAndTheirCentroid() throws {
        let config = """
            [[gesture]]
            name = "tap-values"
            kind = "tap"
            device = "touchscreen"
            fingers = 3
            action = "exec sh -c 'echo \\"$XGEST_X,$XGEST_Y|$XGEST_TOUCHES\\" >> \\"$XGEST_OUT\\"'"
            """
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-tap-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let s = try DaemonTests.Session(config: config, extraEnvironment: ["XGEST_OUT": out])
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 400, y: 300)
        try ts.begin(id: 2, x: 500, y: 300)
        try ts.begin(id: 3, x: 600, y: 360)
        try ts.sync()
        try ts.end(id: 3, x: 600, y: 360)
        try ts.sync()
        try ts.end(id: 1, x: 400, y: 300)
        try ts.sync()
        try ts.end(id: 2, x: 500, y: 300)
        try ts.sync()
        #expect(
            s.daemon.waitForLines { lines in lines.contains { $0.contains("(sh) exited") } }, "\(s.daemon.stderrLines)")
        let runs = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(runs == ["500,320|400,300 500,300 600,360"], "\(s.daemon.stderrLines)")
    }
}
