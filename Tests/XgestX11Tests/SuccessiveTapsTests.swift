import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// One-finger taps handed back one right after the other under a window manager's
/// click-to-focus grabs, which take the pointer events a handed-back touch emulates: the
/// next tap's reject must not reach the server while the grab the previous tap's replay
/// activated waits for the window manager's answer (docs/x11-notes.md, "A touch handed back
/// while a window manager's grab holds the previous one").
@Suite struct SuccessiveTapsTests {
    /// A server with Openbox's click-to-focus bindings and a window, a capture, and
    /// `pairs` pairs of one-finger taps on the window, the second finger down as the first
    /// lifts; the capture reads each pair whole and hands both taps back at once, one
    /// reject right after the other, as the daemon does with a multi-finger binding that
    /// holds one-finger touches. The touchscreen's frames are a millisecond of the server's
    /// clock apart or more, so the second reject is taken later than the second tap began. Fails unless the pointer moves afterwards; returns what the
    /// window got.
    static func tapPairsHandedBack(pairs: Int) throws -> [TestWindowEvent] {
        let server = try XorgServer()
        defer { server.stop() }
        var options = WindowManagerProcess.Options()
        options.clickToFocus = true
        let wm = try WindowManagerProcess(server: server, options: options)
        defer { wm.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 600, height: 500, className: "Tapped")
        let tap = try ClickToFocusTests.rootPoint(server, window, x: 100, y: 100)
        let free = Point(x: 777, y: 777)
        do {
            let capture = try Capture(server: server, reportsPointerMotion: false)
            try server.pointer.move(x: tap.x, y: tap.y + 200)
            try server.pointer.sync()
            capture.collect()
            for _ in 0..<pairs {
                for id: UInt32 in [1, 2] {
                    try server.touchscreen.begin(id: id, at: tap)
                    try server.touchscreen.sync()
                    try server.touchscreen.end(id: id)
                    try server.touchscreen.sync()
                }
                var ends: [UInt32] = []
                var device = 0
                capture.collect { e in
                    guard case .touch(let t) = e.payload, t.phase == .end else { return }
                    (device, ends) = (e.device, ends + [t.id])
                }
                // Both in one write, as the daemon sends what it decides in one pass: the
                // server takes the second before Openbox can answer the first.
                capture.source.handBack(device: device, touches: ends)
                capture.collect()
            }
            // Moved while the capture still runs: a pointer left frozen does not move.
            try server.pointer.move(x: free.x, y: free.y)
            try server.pointer.sync()
            try server.waitForPointer(at: free)
            // The capture ends with this scope, before the server is stopped: losing its
            // connection would end the test process, as it ends the daemon.
        }
        return try window.collectEvents { $0.touches.count >= 4 * pairs }
    }

    /// The first tap's reject replays its emulated press into Openbox's synchronous grab,
    /// which freezes the pointer until Openbox answers; the second tap's reject, taken
    /// meanwhile, was queued behind the freeze as an ownership event stamped with its own
    /// time, and played into Openbox's grab with that later time as the grab time: Openbox's
    /// answer, with the press's time, was ignored and every pointer and touch event stayed
    /// frozen until Openbox was restarted. Nothing may stay frozen, and the window gets
    /// every tap, in order.
    @Test func tapsHandedBackBackToBackLeaveThePointerFree() throws {
        let events = try Self.tapPairsHandedBack(pairs: 10)
        let phases = events.touches.map(\.phase)
        #expect(phases == Array(repeating: [TouchPhase.begin, .end], count: 20).flatMap { $0 }, "\(events)")
    }
}
