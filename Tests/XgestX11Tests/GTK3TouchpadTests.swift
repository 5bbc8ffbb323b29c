import Testing
import XgestTestServer

/// A real GTK 3 application (Tests/Probes/gtk3_probe.py) under the shipped config: GDK
/// gets a touchpad pinch as GDK_TOUCHPAD_PINCH events, as many as without xgest, and no
/// event of a touchpad swipe a binding takes.
@Suite struct GTK3TouchpadTests {
    @Test func pinchReachesGTKAndABoundSwipeDoesNot() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let probe = try GTK3Probe(display: server.displayName, x: 200, y: 150, width: 800, height: 600)
        defer { probe.stop() }
        let (cx, cy) = (probe.frame.x + 400, probe.frame.y + 300)

        // Without xgest.
        try TouchpadGrabTests.pinch(server, x: Double(cx), y: Double(cy))
        #expect(probe.waitFor { $0.contains { $0.hasPrefix("pinch end") } }, "\(probe.output)")
        let pinchAlone = probe.events("pinch")
        try TouchpadGrabTests.swipe(server, fingers: 3, x: Double(cx), y: Double(cy))
        #expect(probe.waitFor { $0.contains { $0.hasPrefix("swipe end") } }, "\(probe.output)")
        let swipeAlone = probe.events("swipe")
        #expect(pinchAlone.count == 5, "\(pinchAlone)")
        #expect(swipeAlone.count == 5, "\(swipeAlone)")

        let daemon = try TouchpadDaemonTests.Daemon(
            server: server, config: try TouchpadDaemonTests.shippedConfig())
        #expect(daemon.waitFor("touchpad gestures grabbed: swipe, pinch"))

        // The pinch is GTK's: the same events as without xgest.
        try TouchpadGrabTests.pinch(server, x: Double(cx), y: Double(cy))
        #expect(daemon.waitFor("handed back: no binding"))
        // The trace names the window as an [[app]] table would match it.
        let handedBack = daemon.process.stderrLines.first { $0.contains("handed back: no binding") } ?? ""
        #expect(handedBack.contains("class=Gtk3-probe instance=gtk3-probe"), "\(handedBack)")
        // The begin xgest saw and gave back is traced as every event is, with its time.
        let begin = daemon.process.stderrLines.first { $0.contains("pinch-begin") } ?? ""
        #expect(begin.hasPrefix("[") && begin.contains("fingers 2") && begin.contains("Gtk3-probe"), "\(begin)")
        #expect(probe.waitFor { $0.filter { $0.hasPrefix("pinch end") }.count == 2 }, "\(probe.output)")
        let pinches = probe.events("pinch")
        #expect(Array(pinches.dropFirst(pinchAlone.count)) == pinchAlone)

        // The 3-finger swipe is desktop-next's: GTK gets none of it.
        try TouchpadGrabTests.swipe(server, fingers: 3, x: Double(cx), y: Double(cy))
        #expect(daemon.waitFor("swipe-end"))
        #expect(try probe.syncThroughMotion(server, x: cx + 11, y: cy + 7), "\(probe.output)")
        #expect(probe.events("swipe") == swipeAlone)
    }
}
