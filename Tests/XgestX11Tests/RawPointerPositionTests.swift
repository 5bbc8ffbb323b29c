import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// Where the pointer's raw events happened, and what reading it costs: raw events carry a
/// device's own values, which say where the pointer is only for an absolute device on a
/// one-screen server, so the position is read from the server, and only where it is used.
@Suite struct RawPointerPositionTests {
    /// The XTest device (a VNC server's, xdotool's) moves the pointer absolutely, and xgest
    /// reads nothing of that device: a click of the mouse after it was placed where the
    /// mouse itself had last moved the pointer.
    @Test func aClickAfterAnXTestMoveIsWhereThePointerIs() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let capture = try Capture(server: server)
        try server.pointer.move(x: 100, y: 100)
        try server.pointer.sync()
        capture.collect()
        let other = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        XTestFakeMotionEvent(other, -1, 700, 500, 0)
        XSync(other, False)
        try server.pointer.press(button: 1)
        try server.pointer.release(button: 1)
        try server.pointer.sync()
        let clicks = capture.collect().inputs.compactMap { e -> Point? in
            if case .button(let b) = e.payload { b.location } else { nil }
        }
        #expect(clicks == [Point(x: 700, y: 500), Point(x: 700, y: 500)])
    }

    /// `--debug` traces every event, the mouse's motion outside a stroke included, where
    /// the server has the pointer; the daemon without it does not read that motion.
    @Test func theDebugTraceHasTheMouseMotionOutsideAStroke() throws {
        let s = try DaemonTests.Session()
        try s.server.pointer.move(x: 640, y: 410)
        try s.server.pointer.sync()
        let line = s.daemon.waitForLine(containing: "motion         dev ")
        #expect(line?.hasSuffix("at 640,410") == true, "\(s.daemon.stderrLines)")
    }

    /// The daemon reads no position for the mouse's motion outside a stroke: no recognizer
    /// takes it, and a round trip per batch of it was a cost for every user. A recording,
    /// which writes it down, reads it once for the motion read together.
    @Test func motionOutsideAStrokeAsksTheServerNothingInTheDaemon() throws {
        let server = try XorgServer()
        defer { server.stop() }
        for reports in [false, true] {
            let capture = try Capture(server: server, reportsPointerMotion: reports)
            // Its grabs go before the next capture takes them.
            defer { capture.source.close() }
            capture.collect()
            for i in 0..<100 { try server.pointer.move(x: Double(200 + i), y: 300) }
            try server.pointer.sync()
            // Every motion in Xlib's queue: the drain alone may write to the server.
            capture.display.sync()
            let dpy = capture.display.handle
            let before = XNextRequest(dpy)
            var motions: [Point] = []
            capture.source.drain { e in
                if case .input(let input, _) = e, case .pointerMotion(let p) = input.payload { motions.append(p) }
            }
            let requests = XNextRequest(dpy) - before
            if reports {
                // One query for the batch, at the latest position.
                #expect(requests == 1 && motions == [Point(x: 299, y: 300)], "\(requests) \(motions)")
            } else {
                #expect(requests == 0 && motions.isEmpty, "\(requests) \(motions)")
            }
        }
    }
}
