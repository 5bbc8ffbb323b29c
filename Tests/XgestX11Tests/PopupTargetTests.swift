import CXgest
import Testing
import XgestTestServer

/// Tooltips, pop-ups and menus are override-redirect windows, and GTK gives them its
/// application's WM_CLASS: a gesture over one chose the application's binding, then
/// focused the pop-up, which got the keys while the application got nothing. The
/// binding's keys now go to the pop-up's owner.
@Suite struct PopupTargetTests {
    static let config = """
        [[app]]
        class = "AppA"
        [[app.gesture]]
        name = "a-tap"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "key a"
        """

    static func popup(_ s: DaemonTests.Session, x: Int, y: Int) throws -> TestWindow {
        var options = TestWindow.Options(x: x, y: y, width: 300, height: 200)
        options.overrideRedirect = true
        options.instanceName = "tooltip"
        options.className = "AppA"
        return try TestWindow(server: s.server, options: options)
    }

    static func tap(_ s: DaemonTests.Session, x: Double, y: Double) throws {
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: x, y: y)
        try ts.begin(id: 2, x: x + 60, y: y)
        try ts.sync()
        try ts.end(id: 1, x: x, y: y)
        try ts.end(id: 2, x: x + 60, y: y)
        try ts.sync()
    }

    @Test func anAppBindingsKeysGoToThePopupsOwnerNotToThePopup() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let a = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "AppA")
        let b = try TestWindow(server: s.server, x: 900, y: 0, width: 800, height: 600, className: "AppB")
        // Over B, but A's: WM_TRANSIENT_FOR names A.
        let owned = try Self.popup(s, x: 950, y: 100)
        // Over A, naming no owner: the window below it is its owner.
        let loose = try Self.popup(s, x: 100, y: 100)
        let display = try #require(XOpenDisplay(s.server.displayName))
        defer { XCloseDisplay(display) }
        XSetTransientForHint(display, owned.window, a.window)
        XSync(display, 0)

        for (n, point) in [(1000.0, 200.0), (150.0, 150.0)].enumerated() {
            try b.focus()
            for w in [a, b, owned, loose] { _ = try w.receivedEvents() }
            try Self.tap(s, x: point.0, y: point.1)
            #expect(
                s.daemon.waitForLines {
                    $0.filter { $0.contains("action         a-tap") && $0.contains("-> ") }.count > n
                })
            let keys = try a.collectEvents { $0.keys.contains { !$0.isPress } }.keys
            #expect(keys.map(\.isPress) == [true, false], "at \(point): \(s.daemon.stderrLines.suffix(6))")
            for w in [b, owned, loose] { #expect(try w.receivedEvents().keys.isEmpty, "at \(point)") }
            let hit = "-> window AppA (0x" + String(a.window, radix: 16) + " "
            #expect(s.daemon.stderrLines.filter { $0.contains(hit) }.count == n + 1, "at \(point)")
        }

        // Over the bare root, with no owner: still AppA's binding, but no window to give
        // the keyboard to; the focused window gets none of the keys either.
        let alone = try Self.popup(s, x: 1000, y: 700)
        try Self.tap(s, x: 1050, y: 750)
        let failure = "the gesture was on a pop-up (override-redirect) with no window under it"
        #expect(s.daemon.waitForLine(containing: failure) != nil, "\(s.daemon.stderrLines.suffix(6))")
        for w in [a, b, alone] { #expect(try w.receivedEvents().keys.isEmpty) }
    }
}
