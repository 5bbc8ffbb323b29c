import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A daemon on a 3840×1080 root, for the monitor tests.
final class MonitorSession {
    let server: XorgServer
    let daemon: XgestProcess
    let directory: URL
    let configPath: String

    init(
        config: String, width: Int = 3840, height: Int = 1080, secondTouchscreen: Bool = false,
        before: (XorgServer) throws -> Void = { _ in }
    ) throws {
        var options = XorgServer.Options()
        options.screenWidth = width
        options.screenHeight = height
        options.secondTouchscreen = secondTouchscreen
        server = try XorgServer(options: options)
        try before(server)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-monitors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        configPath = directory.appendingPathComponent("xgest.toml").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        daemon = try XgestProcess(["run", "--debug", "--config", configPath], display: server.displayName)
        guard daemon.waitForLine(containing: "capturing on") != nil else {
            throw DaemonTestError("the daemon did not start: \(daemon.stderrLines.joined(separator: "\n"))")
        }
    }

    deinit {
        _ = daemon.stop(signal: SIGTERM)
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Runs a command on the test server's display and waits for it.
@discardableResult
func runOnDisplay(_ server: XorgServer, _ program: String, _ arguments: [String]) throws -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: program)
    p.arguments = arguments
    p.environment = environment(display: server.displayName)
    p.standardOutput = FileHandle.nullDevice
    try p.run()
    p.waitUntilExit()
    return p.terminationStatus
}

/// A laptop panel (340×190 mm, 5.6 px/mm) on the left half of a 3840×1080 root and an
/// external monitor (96 dpi) on the right, as `xrandr --setmonitor` sets them. The panel
/// takes the dummy driver's one output, so its automatic monitor goes.
func setTwoMonitors(_ server: XorgServer, laptopMillimeters: String = "340x1080/190") throws {
    let laptop = laptopMillimeters.split(separator: "x")
    let geometry = "1920/\(laptop[0])x\(laptop[1])+0+0"
    #expect(try runOnDisplay(server, "/usr/bin/xrandr", ["--setmonitor", "laptop", geometry, "DUMMY0"]) == 0)
    #expect(
        try runOnDisplay(server, "/usr/bin/xrandr", ["--setmonitor", "external", "1920/508x1080/286+1920+0", "none"])
            == 0)
}

/// What `xinput map-to-output xgest-touchscreen laptop` sets.
func mapTouchscreenToLeftHalf(_ server: XorgServer) throws {
    #expect(
        try runOnDisplay(
            server, "/usr/bin/xinput",
            ["set-prop", "xgest-touchscreen", "Coordinate Transformation Matrix"]
                + ["0.5", "0", "0", "0", "1", "0", "0", "0", "1"]) == 0)
}

/// What xinput_calibrator sets for a touchscreen over the laptop panel of
/// ``setTwoMonitors(_:)``: the panel and 2.5 % more of the glass on each side.
func calibrateTouchscreenPastThePanel(_ server: XorgServer) throws {
    #expect(
        try runOnDisplay(
            server, "/usr/bin/xinput",
            ["set-prop", "xgest-touchscreen", "Coordinate Transformation Matrix"]
                + ["0.525", "0", "-0.0125", "0", "1.05", "-0.025", "0", "0", "1"]) == 0)
}

extension MonitorSession {
    /// A session over ``setTwoMonitors(_:)`` with the touchscreen calibrated past the laptop
    /// panel (``calibrateTouchscreenPastThePanel(_:)``), once xgest says it maps it there.
    static func calibratedPastThePanel(config: String) throws -> MonitorSession {
        let s = try MonitorSession(
            config: config,
            before: { server in
                try setTwoMonitors(server)
                try calibrateTouchscreenPastThePanel(server)
            })
        #expect(s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen is mapped to laptop") != nil)
        return s
    }

    /// An editor filling the laptop panel and a game filling the external monitor.
    func editorAndGame() throws -> (editor: TestWindow, game: TestWindow) {
        (
            try TestWindow(server: server, x: 0, y: 0, width: 1920, height: 1080, className: "Editor"),
            try TestWindow(server: server, x: 1920, y: 0, width: 1920, height: 1080, className: "Game")
        )
    }
}

/// A one-finger swipe from `fromX` to `toX` at `y`, one sync per step.
func swipe(_ server: XorgServer, fromX: Double, toX: Double, y: Double = 500) throws {
    let ts = server.touchscreen
    try ts.begin(id: 1, x: fromX, y: y)
    try ts.sync()
    for step in 1...6 {
        try ts.update(id: 1, x: fromX + (toX - fromX) * Double(step) / 6, y: y)
        try ts.sync()
    }
    try ts.end(id: 1, x: toX, y: y)
    try ts.sync()
}

func tap(_ server: XorgServer, x: Double, y: Double = 500) throws {
    try server.touchscreen.begin(id: 1, x: x, y: y)
    try server.touchscreen.end(id: 1, x: x, y: y)
    try server.touchscreen.sync()
}

@Suite struct MonitorTests {
    static let edgeConfig = """
        [[gesture]]
        name = "edge-right"
        kind = "edge"
        device = "touchscreen"
        direction = "right"
        action = "key F5"
        """

    /// Two monitors, the touchscreen mapped to the left one (the laptop panel), with
    /// `edgeConfig`.
    static func laptopSession() throws -> MonitorSession {
        try MonitorSession(
            config: edgeConfig,
            before: { server in
                try setTwoMonitors(server)
                try mapTouchscreenToLeftHalf(server)
            })
    }

    @Test func anEdgeSwipeAtTheInnerEdgeOfAMonitorFiresAndOneFromTheMiddleDoesNot() throws {
        let s = try MonitorSession(config: Self.edgeConfig, before: { try setTwoMonitors($0) })
        #expect(s.daemon.waitForLine(containing: "monitor laptop") != nil)
        // The middle of the external monitor: no edge there.
        try swipe(s.server, fromX: 2900, toX: 2600)
        #expect(s.daemon.waitForLine(containing: "edge-right possible → failed") != nil)
        // The line that starts each swipe says whose edges it was judged by.
        let starts = { s.daemon.stderrLines.filter { $0.contains("touch-begin") } }
        #expect(starts().last?.hasSuffix("on monitor external (1920x1080+1920+0)") == true, "\(starts())")
        // The laptop panel's right edge, in the middle of the root.
        try swipe(s.server, fromX: 1915, toX: 1600)
        #expect(s.daemon.waitForLine(containing: "action         edge-right") != nil)
        #expect(starts().last?.hasSuffix("on monitor laptop (1920x1080+0+0)") == true, "\(starts())")
        #expect(s.daemon.stderrLines.filter { $0.contains("action         edge-right") }.count == 1)
    }

    @Test func aMappedTouchscreenHasItsMonitorsEdgesAndDevicesSaysWhich() throws {
        let s = try Self.laptopSession()
        #expect(s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen is mapped to laptop") != nil)
        // The device's own right edge lands on the panel's right edge.
        try swipe(s.server, fromX: 3835, toX: 3200)
        #expect(s.daemon.waitForLine(containing: "action         edge-right") != nil)
        // From the glass's very edge: mapped past the panel's last pixel's start (x 1919.9),
        // and still on its edge.
        try swipe(s.server, fromX: 3839.9, toX: 3200)
        #expect(waitForLines(s.daemon, containing: "action         edge-right", count: 2))
        let devices = try runXgest(["devices"], environment: environment(display: s.server.displayName))
        #expect(devices.out.contains("monitor laptop"), "\(devices.out)")
    }

    /// A calibrated touchscreen (xinput_calibrator's matrix scales past the panel: here
    /// the laptop panel and 2.5 % more on each side) runs on the panel: the server clamps
    /// its touches to the root, and the panel's edge is reachable where the glass beyond it
    /// is not.
    @Test func aCalibratedTouchscreenHasThePanelsEdges() throws {
        let s = try MonitorSession(
            config: Self.edgeConfig,
            before: { server in
                try setTwoMonitors(server)
                try calibrateTouchscreenPastThePanel(server)
            })
        #expect(
            s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen is mapped to laptop (1920x1080+0+0)") != nil
        )
        // The device's x 3747 lands at 1919.2, the panel's last pixel.
        try swipe(s.server, fromX: 3747, toX: 3200)
        #expect(s.daemon.waitForLine(containing: "action         edge-right") != nil)
        let devices = try runXgest(["devices"], environment: environment(display: s.server.displayName))
        #expect(devices.out.contains("monitor laptop"), "\(devices.out)")
    }

    /// A touchscreen mapped to a monitor that was then removed runs on the part of the root
    /// it is mapped to, named `screen`: `xgest devices` said "of monitor screen", as if a
    /// monitor were called that.
    @Test func devicesSaysATouchscreenMappedWhereNoMonitorIsIsOnNone() throws {
        let s = try MonitorSession(config: Self.edgeConfig, before: { try setTwoMonitors($0) })
        #expect(
            try runOnDisplay(
                s.server, "/usr/bin/xinput",
                ["set-prop", "xgest-touchscreen", "Coordinate Transformation Matrix"]
                    + ["0.5", "0", "0.5", "0", "1", "0", "0", "0", "1"]) == 0)
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "external"]) == 0)
        let r = try runXgest(["devices"], environment: environment(display: s.server.displayName))
        let line = r.out.split(separator: "\n").first { $0.contains("xgest-touchscreen") } ?? ""
        #expect(line.hasSuffix("1920x1080+1920+0 of the screen, on no monitor"), "\(r.out)")
    }

    /// A matrix that maps the whole glass to one point (all zeros but the last) or a line
    /// puts every touch there: `xgest devices` says so, where it said such a touchscreen
    /// "spans every monitor".
    @Test func devicesSaysADegenerateMatrixPutsEveryTouchOnAPointOrALine() throws {
        let server = try XorgServer()
        defer { server.stop() }
        for (matrix, said) in [
            (["0", "0", "0", "0", "0", "0", "0", "0", "1"], "every touch lands at 0,0"),
            (["0", "0", "0.5", "0", "1", "0", "0", "0", "1"], "every touch lands on the line from 960,0 to 960,1080"),
        ] {
            #expect(
                try runOnDisplay(
                    server, "/usr/bin/xinput",
                    ["set-prop", "xgest-touchscreen", "Coordinate Transformation Matrix"] + matrix) == 0)
            let r = try runXgest(["devices"], environment: environment(display: server.displayName))
            let line = r.out.split(separator: "\n").first { $0.contains("xgest-touchscreen") } ?? ""
            #expect(line.hasSuffix("its coordinate transformation matrix is degenerate: " + said), "\(r.out)")
        }
    }

    /// The lines saying what each touchscreen binding holds give its pixels at the density
    /// the daemon converts millimetres at, and again when that density changes.
    @Test func theHoldLinesSayTheDaemonsPixels() throws {
        let s = try Self.laptopSession()
        // edge-thickness 3.5 mm and edge-distance 1.6 mm at the panel's 5.66 px/mm (13 px
        // and 6 px at 96 dpi).
        #expect(
            s.daemon.waitForLine(
                containing: "edge-right: touchscreen: holds touches landing within 20 px of the monitor edge until "
                    + "they move 9 px") != nil)
        // The panel said to be half the size: twice the density (a monitor's output is
        // given to another only once the first is gone).
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "laptop"]) == 0)
        #expect(
            try runOnDisplay(s.server, "/usr/bin/xrandr", ["--setmonitor", "laptop", "1920/170x1080/95+0+0", "DUMMY0"])
                == 0)
        kill(s.daemon.process.processIdentifier, SIGHUP)
        #expect(s.daemon.waitForLine(containing: "within 40 px of the monitor edge until they move 18 px") != nil)
    }

    /// A new density makes the bindings again without the file being read, and says so,
    /// not "config reloaded"; a SIGHUP that finds the density changed reads the file at
    /// it, and makes (and prints) the bindings once.
    @Test func aNewDensityMakesTheBindingsAgainOnceAndSaysTheFileWasNotRead() throws {
        let s = try Self.laptopSession()
        let atThePanels = "within 20 px of the monitor edge until they move 9 px"
        #expect(s.daemon.waitForLine(containing: atThePanels) != nil)
        // Mapped to the external monitor (96 dpi): 3.5 mm and 1.6 mm are 13 px and 6 px.
        #expect(
            try runOnDisplay(
                s.server, "/usr/bin/xinput",
                ["set-prop", "xgest-touchscreen", "Coordinate Transformation Matrix"]
                    + ["0.5", "0", "0.5", "0", "1", "0", "0", "0", "1"]) == 0)
        #expect(s.daemon.waitForLine(containing: "within 13 px of the monitor edge until they move 6 px") != nil)
        #expect(s.daemon.waitForLine(containing: "bindings made again at the new density: 1 binding") != nil)
        #expect(!s.daemon.stderrLines.contains { $0.contains("config reloaded") })

        // Back on the panel, said half its size: twice its density, seen at the SIGHUP.
        try mapTouchscreenToLeftHalf(s.server)
        #expect(waitForLines(s.daemon, containing: atThePanels, count: 2))
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "laptop"]) == 0)
        #expect(
            try runOnDisplay(s.server, "/usr/bin/xrandr", ["--setmonitor", "laptop", "1920/170x1080/95+0+0", "DUMMY0"])
                == 0)
        kill(s.daemon.process.processIdentifier, SIGHUP)
        let doubled = "within 40 px of the monitor edge until they move 18 px"
        // Up to the touchpad's line after the reload's: the last the making of the bindings prints.
        let reloaded = s.daemon.waitForLines { lines in
            guard let read = lines.firstIndex(where: { $0.contains("asked for by SIGHUP") }),
                let made = lines[read...].firstIndex(where: { $0.contains("config reloaded: 1 binding") })
            else { return false }
            return lines[made...].contains { $0.contains("touchpad gestures") }
        }
        #expect(reloaded, "\(s.daemon.stderrLines.suffix(20))")
        let made = s.daemon.stderrLines.filter { $0.contains(doubled) }
        #expect(made.count == 1, "\(s.daemon.stderrLines.suffix(20))")
    }

    @Test func regionAndMonitorConditionsSelectByMonitor() throws {
        let config = """
            [[gesture]]
            name = "external-left-half"
            kind = "tap"
            device = "touchscreen"
            region = { x = 0, y = 0, width = "50%", height = "100%" }
            monitor = "ext*"
            action = "key F6"

            [[gesture]]
            name = "on-primary"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            monitor = "primary"
            action = "key F7"
            """
        let s = try MonitorSession(config: config, before: { try setTwoMonitors($0) })
        // The left half of the laptop: the region holds there, the monitor does not.
        try tap(s.server, x: 400)
        #expect(s.daemon.waitForLine(containing: "starts on another monitor than ext*") != nil)
        // The right half of the external monitor: outside the region.
        try tap(s.server, x: 3500)
        #expect(s.daemon.waitForLine(containing: "starts outside its region") != nil)
        // The left half of the external monitor.
        try tap(s.server, x: 2200)
        #expect(s.daemon.waitForLine(containing: "action         external-left-half") != nil)
        #expect(s.daemon.stderrLines.filter { $0.contains("action         external-left-half") }.count == 1)
    }

    /// With no primary output set, the first monitor is the primary one: `monitor =
    /// "primary"` matched no monitor at all before.
    @Test func withNoPrimaryOutputTheFirstMonitorIsThePrimaryOne() throws {
        let config = """
            [[gesture]]
            name = "on-primary"
            kind = "tap"
            device = "touchscreen"
            monitor = "primary"
            action = "key F7"
            """
        let s = try MonitorSession(
            config: config,
            before: { server in
                try setTwoMonitors(server)
                #expect(try runOnDisplay(server, "/usr/bin/xrandr", ["--output", "DUMMY0", "--noprimary"]) == 0)
            })
        #expect(s.daemon.waitForLine(containing: "monitor laptop (primary)") != nil)
        try tap(s.server, x: 2900)
        #expect(s.daemon.waitForLine(containing: "starts on another monitor than primary") != nil)
        try tap(s.server, x: 400)
        #expect(s.daemon.waitForLine(containing: "action         on-primary") != nil)
    }

    /// 10 mm is 56 px on the laptop panel (5.6 px/mm) and 38 px at 96 dpi: a swipe
    /// starting 45 px from the panel's edge is within it only at the panel's density.
    @Test func millimetresAreTheTouchscreensMonitorsPixels() throws {
        let config = "[settings]\nedge-thickness = \"10mm\"\n" + Self.edgeConfig
        let s = try MonitorSession(
            config: config,
            before: { server in
                try setTwoMonitors(server)
                try mapTouchscreenToLeftHalf(server)
            })
        #expect(
            s.daemon.waitForLine(
                containing: "millimetres are converted at touchscreen xgest-touchscreen's monitor laptop (5.") != nil)
        // The device's x = 3750 lands at 1875 on the root.
        try swipe(s.server, fromX: 3750, toX: 3000)
        #expect(s.daemon.waitForLine(containing: "action         edge-right") != nil)
    }

    /// Under a finger stroke binding, a finger resting on a dense panel (150 mm for
    /// 1920 px: 12.8 px/mm, 325 dpi) with a 20 px wobble (1.6 mm) goes to the application
    /// at the end of the 300 ms start window, while it is still down. With the start
    /// distance in pixels (10 px), the wobble started a stroke and the touch was held until
    /// the lift, or `stroke-max-duration`.
    @Test func aRestingFingerOnADensePanelReachesTheApplicationWhileDown() throws {
        let config = """
            [[gesture]]
            name = "finger-check"
            kind = "stroke"
            device = "touchscreen"
            shape = "check"
            action = "key F5"
            """
        let s = try MonitorSession(
            config: config,
            before: { server in
                try setTwoMonitors(server, laptopMillimeters: "150x1080/85")
                try mapTouchscreenToLeftHalf(server)
            })
        #expect(
            s.daemon.waitForLine(
                containing: "millimetres are converted at touchscreen xgest-touchscreen's monitor laptop (12.") != nil)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1900, height: 1000, className: "Resting")
        let ts = s.server.touchscreen
        // The device's x = 800 lands at 400 on the root; y is not scaled.
        try ts.begin(id: 1, x: 800, y: 500)
        try ts.sync()
        try ts.update(id: 1, x: 800, y: 520)
        try ts.sync()
        try ts.update(id: 1, x: 800, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "finger-check possible → failed (too slow)", timeoutSeconds: 3) != nil)
        let down = try window.collectEvents(timeoutMilliseconds: 3_000) { $0.touches.contains { $0.phase == .begin } }
        #expect(down.touches.first?.phase == .begin, "the resting finger did not reach the window while down")
        #expect(!down.touches.contains { $0.phase == .end })
        try ts.end(id: 1, x: 800, y: 500)
        try ts.sync()
        let up = try window.collectEvents { $0.touches.contains { $0.phase == .end } }
        #expect(up.touches.contains { $0.phase == .end })
    }

    /// `xgest record` on the dense panel writes the density the daemon would convert
    /// millimetres at there, so that `xgest replay` converts them alike.
    @Test func aTraceRecordedOnADensePanelSaysItsDensity() throws {
        let server = try XorgServer(
            options: {
                var o = XorgServer.Options(); o.screenWidth = 3840; return o
            }())
        defer { server.stop() }
        try setTwoMonitors(server, laptopMillimeters: "150x1080/85")
        try mapTouchscreenToLeftHalf(server)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-dense-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: path) }
        let recorder = try XgestProcess(["record", "--output", path.path], display: server.displayName)
        #expect(recorder.waitForLine(containing: "recording on") != nil)
        try tap(server, x: 800)
        #expect(recorder.stop(signal: SIGINT) == 0)
        let trace = try TraceDecoder.read(String(contentsOf: path, encoding: .utf8))
        let ppm = try #require(trace.header.pixelsPerMillimeter)
        // The panel: 1920 px over 150 mm, 1080 px over 85 mm; 96 dpi would be 3.78.
        #expect(abs(ppm - 12.8) < 0.1, "\(ppm)")
    }

    @Test func monitorsChangedWhileRunningTakeEffectOnTheNextGesture() throws {
        let s = try MonitorSession(config: Self.edgeConfig, before: { try setTwoMonitors($0) })
        #expect(s.daemon.waitForLine(containing: "monitor external") != nil)
        // The output's own monitor over the whole root now: x = 1915 is no edge any more.
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "external"]) == 0)
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "laptop"]) == 0)
        // --setmonitor and --delmonitor send no event: SIGHUP reads the monitors again.
        kill(s.daemon.process.processIdentifier, SIGHUP)
        #expect(s.daemon.waitForLine(containing: "SIGHUP: monitors changed") != nil)
        try swipe(s.server, fromX: 1915, toX: 1600)
        #expect(s.daemon.waitForLine(containing: "edge-right possible → failed") != nil)
        #expect(s.daemon.stderrLines.allSatisfy { !$0.contains("action         edge-right") })
    }

    /// A monitor change and a swipe after it, read in one pass (the daemon stopped a
    /// moment, as a busy one is): the swipe runs on the new monitors, and the trace says
    /// the change first. It ran on the old ones, and the change was said after it.
    @Test func aTouchAfterAMonitorChangeReadInTheSamePassRunsOnTheNewMonitors() throws {
        let s = try MonitorSession(config: Self.edgeConfig, before: { try setTwoMonitors($0) })
        #expect(s.daemon.waitForLine(containing: "monitor external") != nil)
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        // The output's own monitor over the whole root: x = 1915 is no edge any more.
        // --delmonitor sends no event; the new root size that follows does.
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "external"]) == 0)
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "laptop"]) == 0)
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--fb", "3840x1200"]) == 0)
        try swipe(s.server, fromX: 1915, toX: 1600)
        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "edge-right possible → failed") != nil)
        #expect(s.daemon.stderrLines.allSatisfy { !$0.contains("action         edge-right") })
        let lines = s.daemon.stderrLines
        let changed = lines.firstIndex { $0.contains("screen changed to 3840x1200") }
        let touched = lines.lastIndex { $0.contains("touch-begin") }
        #expect((changed ?? Int.max) < (touched ?? Int.min), "\(lines)")
    }

    /// A monitor change and a touchpad pinch after it, read in one pass: the pinch is
    /// judged on the new monitors when xgest decides at its begin whether to keep it. It
    /// was judged on the old ones: kept for a binding of a monitor that was gone, which
    /// then did not take it, and the window under the pointer lost the pinch.
    @Test func aTouchpadGestureAfterAMonitorChangeReadInTheSamePassIsClaimedOnTheNewMonitors() throws {
        let config = """
            [[gesture]]
            name = "zoom-external"
            kind = "pinch"
            device = "touchpad"
            direction = "out"
            monitor = "external"
            action = "key F6"
            """
        let s = try MonitorSession(config: config, before: { try setTwoMonitors($0) })
        #expect(s.daemon.waitForLine(containing: "monitor external") != nil)
        let window = try TestWindow(server: s.server, x: 2000, y: 100, width: 1000, height: 800)
        // The pointer rests on the external monitor; no motion comes between the change and
        // the pinch (a motion read first would have the daemon read the new monitors).
        try s.server.pointer.move(x: 2500, y: 400)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "motion         dev 7") != nil)
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        // The output's own monitor over the whole root: x = 2500 is on no "external" any more.
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "external"]) == 0)
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--delmonitor", "laptop"]) == 0)
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--fb", "3840x1200"]) == 0)
        let pad = s.server.touchpad
        try pad.pinch(.begin, fingers: 2, scale: 1)
        for scale in [1.1, 1.2, 1.3] { try pad.pinch(.update, fingers: 2, dx: 1, scale: scale, angleDelta: 1) }
        try pad.pinch(.end, fingers: 2, scale: 1.3)
        try pad.sync()
        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "handed back: no binding there takes it") != nil)
        let pinch = TouchpadGrabTests.gestures(try window.collectEvents { TouchpadGrabTests.gestures($0).count >= 5 })
        #expect(pinch.map(\.phase).first == .begin && pinch.map(\.phase).last == .end, "\(pinch)")
        #expect(!s.daemon.stderrLines.contains { $0.contains("action         zoom-external") })
        let lines = s.daemon.stderrLines
        let changed = lines.firstIndex { $0.contains("screen changed to 3840x1200") }
        let handedBack = lines.firstIndex { $0.contains("handed back: no binding there takes it") }
        #expect((changed ?? Int.max) < (handedBack ?? Int.min), "\(lines)")
    }

    /// The root's size is said with the monitors: a change of it alone printed "monitors
    /// changed" and the same lines again.
    @Test func theRootsSizeIsSaidWithTheMonitors() throws {
        let s = try MonitorSession(config: Self.edgeConfig, before: { try setTwoMonitors($0) })
        #expect(s.daemon.waitForLine(containing: "millimetres are converted at") != nil)
        #expect(s.daemon.stderrLines.contains { $0.hasSuffix("xgest: screen 3840x1080") }, "\(s.daemon.stderrLines)")
        #expect(try runOnDisplay(s.server, "/usr/bin/xrandr", ["--fb", "3840x1200"]) == 0)
        #expect(s.daemon.waitForLine(containing: "xgest: screen 3840x1200") != nil)
    }

    /// `xinput map-to-output` while the daemon runs: an XI property event, read at once.
    @Test func aTouchscreenMappedWhileRunningTakesItsMonitorsEdges() throws {
        let s = try MonitorSession(config: Self.edgeConfig, before: { try setTwoMonitors($0) })
        #expect(s.daemon.waitForLine(containing: "monitor external") != nil)
        try mapTouchscreenToLeftHalf(s.server)
        #expect(
            s.daemon.waitForLine(containing: "coordinate transformation matrix of xgest-touchscreen changed") != nil)
        #expect(s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen is mapped to laptop") != nil)
        try swipe(s.server, fromX: 3835, toX: 3200)
        #expect(s.daemon.waitForLine(containing: "action         edge-right") != nil)
        // From the glass's very edge: mapped past the panel's last pixel's start (x 1919.9),
        // and still on its edge.
        try swipe(s.server, fromX: 3839.9, toX: 3200)
        #expect(waitForLines(s.daemon, containing: "action         edge-right", count: 2))
    }

    /// A touchscreen mapped anew with fingers down (`xinput map-to-output`, a panel turned
    /// while held): the still fingers seemed to jump to where the new matrix puts them, and
    /// the jump fired a pinch. The matrix's change cancels the device's gesture.
    @Test func aTouchscreenMappedAnewWithFingersDownMakesNoGestureOfTheJump() throws {
        let s = try DaemonTests.Session()
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1920, height: 1080)
        // The right finger's one pixel puts it at 600 through the new matrix, to the left of
        // the other finger's last position, 800.
        try holdTwoStillFingers(
            on: s.server, window: window,
            across: {
                try mapTouchscreenToLeftHalf(s.server)
                #expect(
                    s.daemon.waitForLine(containing: "coordinate transformation matrix of xgest-touchscreen changed")
                        != nil)
            }, laterTouchAtX: 1800)
        #expect(
            s.daemon.stderrLines.contains {
                $0.contains("zoom-global")
                    && $0.contains("device cancelled: its coordinate transformation matrix changed")
            })
        #expect(!s.daemon.stderrLines.contains { $0.contains("action") && $0.contains("zoom-global") })
    }

    /// An edge swipe in from the laptop panel's right edge, on a touchscreen mapped to the
    /// panel, with the same mapping written again halfway: it fires, and no change of the
    /// matrix is said.
    static func edgeSwipeWithTheLeftHalfMatrixWrittenAgainMidway(_ s: MonitorSession) throws {
        let ts = s.server.touchscreen
        // The device's x 3835 lands on the panel's right edge, 1917.5.
        try ts.begin(id: 1, x: 3835, y: 500)
        try ts.sync()
        for x in stride(from: 3735.0, through: 3435, by: -100) {
            try ts.update(id: 1, x: x, y: 500)
            try ts.sync()
        }
        #expect(s.daemon.waitForLine(containing: "edge-right possible → began") != nil)
        try mapTouchscreenToLeftHalf(s.server)
        for x in stride(from: 3335.0, through: 3035, by: -100) {
            try ts.update(id: 1, x: x, y: 500)
            try ts.sync()
        }
        try ts.end(id: 1, x: 3035, y: 500)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         edge-right") != nil)
        #expect(!s.daemon.stderrLines.contains { $0.contains("device cancelled") })
        #expect(!s.daemon.stderrLines.contains { $0.contains("coordinate transformation matrix of") })
    }

    /// Desktops write every touchscreen's mapping again at each monitor change, mostly the
    /// value it had: an edge swipe under way when the same matrix is written goes on and
    /// fires. It was cancelled as if the touchscreen had been mapped anew.
    @Test func theSameMatrixWrittenAgainLeavesTheGestureUnderTheFinger() throws {
        let s = try Self.laptopSession()
        #expect(s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen is mapped to laptop") != nil)
        try Self.edgeSwipeWithTheLeftHalfMatrixWrittenAgainMidway(s)
    }

    /// A touchscreen mapped while disabled (or plugged in, then mapped by a hotplug script)
    /// is read when it comes: its matrix was the one read before, and the desktop's next
    /// write of the same value at a monitor change seemed a new mapping, which cancelled
    /// the gesture under the finger.
    @Test func aTouchscreenMappedWhileDisabledKeepsItsGestureWhenTheMatrixIsWrittenAgain() throws {
        let s = try MonitorSession(config: Self.edgeConfig, before: { try setTwoMonitors($0) })
        #expect(s.daemon.waitForLine(containing: "monitor laptop") != nil)
        try s.server.setEnabled(false, device: .touchscreen)
        try mapTouchscreenToLeftHalf(s.server)
        try s.server.setEnabled(true, device: .touchscreen)
        #expect(s.daemon.waitForLine(containing: "touchscreen xgest-touchscreen is mapped to laptop") != nil)
        try Self.edgeSwipeWithTheLeftHalfMatrixWrittenAgainMidway(s)
    }

    /// The dummy driver's output reports 0 mm, as projectors and virtual outputs do; the
    /// server gives its automatic monitor a 96 dpi size of its own making, which is not
    /// the output's: skipped, with one line, for the root's size.
    @Test func anOutputOfZeroMillimetresIsSkippedThoughItsMonitorHasASize() throws {
        let s = try MonitorSession(config: Self.edgeConfig)
        #expect(s.daemon.waitForLine(containing: "millimetres are converted at") != nil)
        #expect(s.daemon.stderrLines.contains { $0.contains("monitor DUMMY0 (primary): 3840x1080+0+0, 0x0 mm") })
        let notes = s.daemon.stderrLines.filter { $0.contains("monitor DUMMY0 reports 0x0 mm") }
        #expect(notes.count == 1, "\(notes)")
        #expect(s.daemon.stderrLines.contains { $0.contains("millimetres are converted at the root window") })
    }

    @Test func aMonitorOfZeroMillimetresFallsBackWithOneLine() throws {
        let s = try MonitorSession(
            config: Self.edgeConfig, before: { try setTwoMonitors($0, laptopMillimeters: "0x1080/0") })
        #expect(s.daemon.waitForLine(containing: "millimetres are converted at") != nil)
        let notes = s.daemon.stderrLines.filter { $0.contains("reports 0x0 mm") }
        #expect(notes.count == 1, "\(notes)")
        #expect(s.daemon.stderrLines.contains { $0.contains("millimetres are converted at the root window") })
    }
}
