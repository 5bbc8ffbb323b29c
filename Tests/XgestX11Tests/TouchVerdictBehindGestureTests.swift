import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A touch handed back while a touchpad gesture's begin holds the pointer frozen (the
/// gesture grab is synchronous), under a window manager's click-to-focus grabs, which take
/// the pointer events a handed-back touch emulates (docs/x11-notes.md, "A touch handed back
/// while a stroke grab holds the pointer").
@Suite struct TouchVerdictBehindGestureTests {
    /// A three-finger swipe is bound: a swipe of three fingers is kept, one of two handed back.
    static let claims = TouchpadClaims(
        BindingSet(bindings: [TouchpadGrabTests.binding("three", .swipe, fingers: 3)], apps: []))

    /// A server with Openbox's click-to-focus bindings and a window, a capture with a swipe
    /// bound, a one-finger tap on the window, then a touchpad swipe of `fingers` begun
    /// before the tap is handed back. With `beginRead`, the capture reads the swipe's
    /// begin together with the tap's end and hands the tap back at its end, the begin
    /// still unanswered; without, it hands the tap back having read the tap only, the
    /// begin still on its way. Fails unless the pointer moves afterwards; returns what
    /// the window got.
    static func tapHandedBackBehindASwipesBegin(fingers: Int, beginRead: Bool) throws -> [TestWindowEvent] {
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
            let capture = try Capture(server: server, touchpadClaims: Self.claims)
            try server.pointer.move(x: tap.x, y: tap.y + 200)
            try server.pointer.sync()
            capture.collect()

            try server.touchscreen.begin(id: 1, at: tap)
            try server.touchscreen.sync()
            try server.touchscreen.end(id: 1)
            try server.touchscreen.sync()
            var tapEnd: (device: Int, touch: UInt32)?
            let readTapEnd = { (e: InputEvent) in
                guard case .touch(let t) = e.payload, t.phase == .end else { return }
                tapEnd = (e.device, t.id)
            }
            if !beginRead { capture.collect(readTapEnd) }
            let pad = server.touchpad
            try pad.swipe(.begin, fingers: fingers)
            try pad.sync()
            if beginRead {
                capture.collect { e in
                    readTapEnd(e)
                    if let end = tapEnd { capture.source.handBack(device: end.device, touches: [end.touch]) }
                }
            } else {
                let end = try #require(tapEnd)
                capture.source.handBack(device: end.device, touches: [end.touch])
                capture.collect()
            }
            try pad.swipe(.update, fingers: fingers, dx: -30)
            try pad.swipe(.end, fingers: fingers)
            try pad.sync()
            capture.collect()
            // Moved while the capture still runs: a pointer left frozen does not move.
            try server.pointer.move(x: free.x, y: free.y)
            try server.pointer.sync()
            try server.waitForPointer(at: free)
            // The capture ends with this scope, before the server is stopped: losing its
            // connection would end the test process, as it ends the daemon.
        }
        return try window.collectEvents { $0.touches.count >= 2 }
    }

    /// The tap's end and the swipe's begin read together, the tap handed back at its end.
    /// The reject went at once, the server queued its replay behind the frozen begin and
    /// played it into Openbox's grab when the begin was answered, with a grab time later
    /// than the emulated press: Openbox's answer was ignored and every pointer and touch
    /// event stayed frozen until Openbox was restarted. Nothing may stay frozen, and the
    /// window gets the tap.
    @Test(arguments: [2, 3])
    func aTapHandedBackBehindASwipesBeginReadWithItLeavesThePointerFree(fingers: Int) throws {
        let events = try Self.tapHandedBackBehindASwipesBegin(fingers: fingers, beginRead: true)
        #expect(events.touches.map(\.phase) == [.begin, .end], "\(events)")
    }

    /// The tap handed back when the server has frozen the pointer with the swipe's begin
    /// and sent it, but the capture has not read it (a swipe begun while xgest was
    /// deciding): the reject is queued behind the begin as above unless xgest reads what
    /// came before sending it.
    @Test(arguments: [2, 3])
    func aTapHandedBackBehindASwipesBeginNotReadYetLeavesThePointerFree(fingers: Int) throws {
        let events = try Self.tapHandedBackBehindASwipesBegin(fingers: fingers, beginRead: false)
        #expect(events.touches.map(\.phase) == [.begin, .end], "\(events)")
    }
}
