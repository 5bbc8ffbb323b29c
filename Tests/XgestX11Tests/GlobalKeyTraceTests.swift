import CXgest
import Testing
import XgestCore
import XgestTestServer

/// A global binding's keys go to the focused window, whatever the gesture was on, and the
/// `--debug` line named the window under the gesture as the one acted on: a stroke drawn
/// over Chromium with Firefox focused said `key alt+Left on Chromium` while Firefox went
/// back. The line now names the focused window.
@Suite struct GlobalKeyTraceTests {
    /// Sets the root's `_NET_ACTIVE_WINDOW` as a window manager does when it focuses `w`.
    static func setActive(_ server: XorgServer, _ w: UInt) throws {
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        var id = w
        withUnsafeBytes(of: &id) { bytes in
            _ = XChangeProperty(
                display, XDefaultRootWindow(display), XInternAtom(display, "_NET_ACTIVE_WINDOW", False),
                Atom(XA_WINDOW), 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        XSync(display, False)
    }

    @Test func aGlobalKeysLineNamesTheFocusedWindow() throws {
        let config = """
            [[gesture]]
            name = "global-tap"
            kind = "tap"
            device = "touchscreen"
            fingers = 3
            action = "key b"
            """
        let s = try DaemonTests.Session(config: config)
        let under = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "Under")
        let focused = try TestWindow(server: s.server, x: 900, y: 0, width: 800, height: 600, className: "Focused")
        try focused.focus()
        try Self.setActive(s.server, focused.window)
        _ = try under.receivedEvents()
        let ts = s.server.touchscreen
        for f in 0..<3 { try ts.begin(id: UInt32(10 + f), x: 200 + Double(f) * 60, y: 300) }
        try ts.sync()
        for f in 0..<3 { try ts.end(id: UInt32(10 + f), x: 200 + Double(f) * 60, y: 300) }
        try ts.sync()
        let line = s.daemon.waitForLine(containing: "action         global-tap")
        #expect(try focused.collectEvents { $0.keys.contains { !$0.isPress } }.keys.map(\.isPress) == [true, false])
        #expect(try under.receivedEvents().keys.isEmpty)
        let expected = "key b to the focused window Focused (0x\(String(focused.window, radix: 16))) -> done"
        #expect(line?.contains(expected) == true, "\(line ?? "no action line")")
    }
}
