import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// Touches xgest holds over a window whose application quits mid-gesture, under a window
/// manager whose click grab on the window's frame listens for the touches after xgest.
@Suite struct DestroyedWindowTouchTests {
    /// How long Openbox may take to destroy the frame of a window its application destroyed.
    static let frameDestroyTimeoutSeconds = 5.0

    /// Three fingers held on a window, its application quits, and the engine then gives
    /// the touches up (a 3-finger swipe binding timing out). Handed back, the touches went
    /// to the freed frame's click grab, and the X server crashed at their next event,
    /// taking the session with it (and this test process, whose connection it cut). They
    /// are kept instead: the server lives on.
    @Test func touchesHeldOverAWindowWhoseApplicationQuitsLeaveTheServerRunning() throws {
        let server = try XorgServer()
        defer { server.stop() }
        var options = WindowManagerProcess.Options()
        options.clickToFocus = true
        let wm = try WindowManagerProcess(server: server, options: options)
        defer { _ = wm.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 600, height: 500, className: "Quits")
        let start = try ClickToFocusTests.rootPoint(server, window, x: 150, y: 200)
        let fingers: [UInt32] = [1, 2, 3]
        func finger(_ id: UInt32, dx: Double) -> Point { Point(x: start.x + Double(id) * 60 + dx, y: start.y) }
        do {
            let capture = try Capture(server: server)
            var destroyed: [Window] = []
            capture.source.topLevelDestroyed = { destroyed.append($0) }
            for id in fingers { try server.touchscreen.begin(id: id, at: finger(id, dx: 0)) }
            try server.touchscreen.sync()
            let began = capture.collect().inputs
            let device = try #require(began.first?.device)
            let touches = began.compactMap { e -> UInt32? in
                if case .touch(let t) = e.payload, t.phase == .begin { t.id } else { nil }
            }
            #expect(touches.count == fingers.count, "\(began)")

            try window.destroy()
            let deadline = Date().addingTimeInterval(Self.frameDestroyTimeoutSeconds)
            var kept: [(device: Int, touches: [UInt32])] = []
            while destroyed.isEmpty, Date() < deadline {
                for case .touchesKept(let d, let t, _) in capture.collect() { kept.append((d, t)) }
            }
            #expect(!destroyed.isEmpty, "Openbox never destroyed the frame")
            // Said, for the trace: the engine's verdict on them that follows does nothing.
            #expect(kept.count == 1 && kept.first?.device == device && kept.first?.touches == touches, "\(kept)")
            capture.source.handBack(device: device, touches: touches)
            capture.collect()
        }
        for step in 1...3 {
            for id in fingers { try server.touchscreen.update(id: id, at: finger(id, dx: Double(-20 * step))) }
            try server.touchscreen.sync()
        }
        for id in fingers { try server.touchscreen.end(id: id) }
        try server.touchscreen.sync()
        let display = XOpenDisplay(server.displayName)
        #expect(display != nil, "the X server is gone")
        if let display {
            XSync(display, False)
            XCloseDisplay(display)
        }
        #expect(server.isRunning)
    }
}
