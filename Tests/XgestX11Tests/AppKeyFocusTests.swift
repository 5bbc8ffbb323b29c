import CXgest
import Testing
import XgestCore
import XgestTestServer

/// An `[[app]]` binding is chosen by the window under the gesture, but X sends keys to the
/// focused window: with another window focused, the key meant for one application reached
/// the other. The binding's window now gets the keyboard first.
@Suite struct AppKeyFocusTests {
    /// A two-finger tap typing `a` in windows of class AppA.
    static let appBinding = """
        [[app]]
        class = "AppA"
        [[app.gesture]]
        name = "a-tap"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "key a"
        """

    @Test func anAppBindingsKeyReachesItsWindowThoughAnotherHasTheFocus() throws {
        let config =
            Self.appBinding + """

                [[gesture]]
                name = "global-tap"
                kind = "tap"
                device = "touchscreen"
                fingers = 3
                action = "key b"
                """
        let s = try DaemonTests.Session(config: config)
        let a = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "AppA")
        let b = try TestWindow(server: s.server, x: 900, y: 0, width: 800, height: 600, className: "AppB")
        try b.focus()
        _ = try a.receivedEvents()
        _ = try b.receivedEvents()
        let ts = s.server.touchscreen
        func tap(fingers: Int, x: Double) throws {
            for f in 0..<fingers { try ts.begin(id: UInt32(10 + f), x: x + Double(f) * 60, y: 300) }
            try ts.sync()
            for f in 0..<fingers { try ts.end(id: UInt32(10 + f), x: x + Double(f) * 60, y: 300) }
            try ts.sync()
        }
        try tap(fingers: 2, x: 200)
        #expect(s.daemon.waitForLine(containing: "action         a-tap") != nil)
        let keys = try a.collectEvents { $0.keys.contains { !$0.isPress } }.keys
        #expect(keys.map(\.isPress) == [true, false], "\(s.daemon.stderrLines.suffix(5))")
        #expect(try b.receivedEvents().keys.isEmpty)

        // A global binding's key goes wherever the focus is: AppA's now; B is not focused back.
        try b.focus()
        try tap(fingers: 3, x: 200)
        #expect(s.daemon.waitForLine(containing: "action         global-tap") != nil)
        #expect(try b.collectEvents { $0.keys.contains { !$0.isPress } }.keys.map(\.isPress) == [true, false])
        #expect(try a.receivedEvents().keys.isEmpty)
    }

    /// An open menu holds the keyboard grab: the keys would go to the menu's client,
    /// whichever window had the focus, and the action said done. It fails instead, and
    /// neither the binding's window nor the menu gets a key.
    @Test func anAppBindingsKeyFailsWhileAnotherClientHoldsTheKeyboard() throws {
        let s = try DaemonTests.Session(config: Self.appBinding)
        let a = try TestWindow(server: s.server, x: 0, y: 0, width: 800, height: 600, className: "AppA")
        let b = try TestWindow(server: s.server, x: 900, y: 0, width: 800, height: 600, className: "AppB")
        try b.focus()
        var options = TestWindow.Options(x: 900, y: 0, width: 200, height: 300)
        options.overrideRedirect = true
        options.className = "AppB"
        let menu = try TestWindow(server: s.server, options: options)
        try menu.grabKeyboard()
        _ = try a.receivedEvents()
        _ = try menu.receivedEvents()
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 200, y: 300)
        try ts.begin(id: 2, x: 260, y: 300)
        try ts.sync()
        try ts.end(id: 1, x: 200, y: 300)
        try ts.end(id: 2, x: 260, y: 300)
        try ts.sync()
        let line = s.daemon.waitForLine(containing: "action         a-tap")
        #expect(
            line?.contains(
                "-> failed: key a: another client holds the keyboard grab (an open menu, a drop-down list):"
                    + " the keys would go to it") == true, "\(line ?? "none")")
        #expect(try menu.receivedEvents().keys.isEmpty)
        #expect(try a.receivedEvents().keys.isEmpty)
    }

    /// The same under Openbox, which manages the windows and tracks the focus itself: the
    /// window is activated, and the key arrives there.
    @Test func underAWindowManagerTheKeyReachesTheBindingsWindowToo() throws {
        let config = Self.appBinding
        var wm: WindowManagerProcess?
        let s = try DaemonTests.Session(
            config: config,
            display: { server in
                wm = try WindowManagerProcess(server: server)
                return server.displayName
            })
        defer { wm?.stop() }
        let a = try TestWindow(server: s.server, x: 0, y: 100, width: 800, height: 500, className: "AppA")
        let b = try TestWindow(server: s.server, x: 900, y: 100, width: 800, height: 500, className: "AppB")
        try b.focus()
        _ = try a.receivedEvents()
        _ = try b.receivedEvents()
        // Openbox places the windows where it likes: the tap goes where A is.
        let display = try #require(XOpenDisplay(s.server.displayName))
        defer { XCloseDisplay(display) }
        var x: Int32 = 0
        var y: Int32 = 0
        var child: UInt = 0
        XTranslateCoordinates(display, a.window, XDefaultRootWindow(display), 100, 100, &x, &y, &child)
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: Double(x), y: Double(y))
        try ts.begin(id: 2, x: Double(x) + 60, y: Double(y))
        try ts.sync()
        try ts.end(id: 1, x: Double(x), y: Double(y))
        try ts.end(id: 2, x: Double(x) + 60, y: Double(y))
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         a-tap") != nil)
        let keys = try a.collectEvents { $0.keys.contains { !$0.isPress } }.keys
        #expect(keys.map(\.isPress) == [true, false], "\(s.daemon.stderrLines.suffix(5))")
        #expect(try b.receivedEvents().keys.isEmpty)
    }
}
