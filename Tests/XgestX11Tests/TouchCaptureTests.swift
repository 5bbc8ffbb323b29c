import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// Touches through the inputtest touchscreen reach xgest's root touch grab with the
/// right ids, phases and coordinates, and the hit-test names the window under each
/// sequence's first finger.
@Suite struct TouchCaptureTests {
    @Test func tapPinchAndSwipeAreCapturedAndHitTested() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(
            server: server, x: 100, y: 100, width: 600, height: 400, instanceName: "probe", className: "XgestProbe",
            title: "probe window", framed: false)
        let capture = try Capture(server: server)
        let policy = PassThroughPolicy(ownership: capture.source.ownership)
        let ts = server.touchscreen

        // A tap on the window.
        try ts.begin(id: 1, x: 300, y: 250)
        try ts.end(id: 1, x: 300, y: 250)
        // A 2-finger pinch on the desktop.
        try ts.begin(id: 2, x: 900, y: 700)
        try ts.begin(id: 3, x: 1100, y: 700)
        try ts.update(id: 2, x: 950, y: 700)
        try ts.update(id: 3, x: 1050, y: 700)
        try ts.end(id: 2, x: 950, y: 700)
        try ts.end(id: 3, x: 1050, y: 700)
        // A 3-finger swipe to the left, starting on the window.
        for (i, x) in [400.0, 450, 500].enumerated() { try ts.begin(id: UInt32(10 + i), x: x, y: 300) }
        for step in 1...3 {
            for (i, x) in [400.0, 450, 500].enumerated() {
                try ts.update(id: UInt32(10 + i), x: x - Double(step * 40), y: 300)
            }
        }
        for (i, x) in [400.0, 450, 500].enumerated() { try ts.end(id: UInt32(10 + i), x: x - 120, y: 300) }
        try ts.sync()
        let captured = capture.collect { _ = policy.decide($0) }

        let samples = captured.touchSamples
        let expected: [(TouchPhase, Double, Double)] =
            [(.begin, 300, 250), (.end, 300, 250)]
            + [(.begin, 900, 700), (.begin, 1100, 700), (.update, 950, 700), (.update, 1050, 700)]
            + [(.end, 950, 700), (.end, 1050, 700)]
            + [400.0, 450, 500].map { (.begin, $0, 300) }
            + (1...3).flatMap { step in [400.0, 450, 500].map { (.update, $0 - Double(step * 40), 300) } }
            + [400.0, 450, 500].map { (.end, $0 - 120, 300) }
        #expect(samples.map(\.phase) == expected.map(\.0))
        #expect(samples.map(\.location) == expected.map { Point(x: $0.1, y: $0.2) })
        #expect(
            captured.inputs.filter { if case .touch = $0.payload { true } else { false } }.allSatisfy {
                $0.deviceKind == .touchscreen
            })

        // Ids: each finger keeps one id from begin to end; simultaneous fingers differ.
        let ids = samples.map(\.id)
        #expect(ids[0] == ids[1])
        #expect(ids[2] != ids[3] && ids[4] == ids[2] && ids[5] == ids[3] && ids[6] == ids[2] && ids[7] == ids[3])
        let swipeIDs = Array(ids[8..<11])
        #expect(Set(swipeIDs).count == 3)
        for step in 0..<4 { #expect(Array(ids[(11 + step * 3)..<(14 + step * 3)]) == swipeIDs) }

        // One hit-test per sequence: window, desktop, window.
        let targets = captured.startTargets
        #expect(targets.count == 3)
        #expect(targets[0].window?.className == "XgestProbe")
        #expect(targets[0].window?.instance == "probe")
        #expect(targets[0].window?.title == "probe window")
        #expect(targets[0].window?.id == UInt64(window.window))
        #expect(targets[0].window?.frame == Rect(x: 100, y: 100, width: 600, height: 400))
        #expect(targets[1] == .desktop)
        #expect(targets[2].window?.className == "XgestProbe")
        #expect(capture.source.ownership.pending.isEmpty)
    }

    @Test func hitTestFindsTheClientInsideAWindowManagerFrame() throws {
        let server = try XorgServer()
        defer { server.stop() }
        var options = TestWindow.Options(x: 200, y: 200, width: 300, height: 200)
        options.framed = true
        options.titleBarHeight = 20
        options.className = "Framed"
        let window = try TestWindow(server: server, options: options)
        // A window manager runs (it alone holds SubstructureRedirect on the root): the
        // top-level is a frame, searched for its client when the point is on its title bar.
        let windowManager = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(windowManager) }
        XSelectInput(windowManager, XDefaultRootWindow(windowManager), SubstructureRedirectMask)
        XSync(windowManager, 0)
        let capture = try Capture(server: server)
        guard let frame = window.frame else {
            Issue.record("the test window has no frame")
            return
        }
        // Over the client area, and over the title bar (frame only): both name the client.
        for p in [Point(x: 300, y: 300), Point(x: 300, y: 195)] {
            let hit = capture.source.locator.hitTest(p)
            #expect(hit.window?.id == UInt64(window.window), "at \(p)")
            #expect(hit.window?.className == "Framed")
        }
        #expect(UInt64(frame) != UInt64(window.window))
        #expect(capture.source.locator.hitTest(Point(x: 10, y: 10)) == .desktop)
    }

    /// A top-level with thousands of child windows and no WM_STATE (an application with no
    /// window manager, a kiosk) costs a hit-test a bounded number of requests: a search
    /// through every descendant made two round trips each, seconds of stalled input.
    @Test func aTopLevelWithThousandsOfChildrenCostsAHitTestABoundedNumberOfRequests() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(
            server: server, x: 100, y: 100, width: 300, height: 280, instanceName: "wide", className: "Wide")
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        // 2,000 children of 6x7 px tiling the window, each with a grandchild in its corner.
        for i in 0..<2_000 {
            let child = XCreateSimpleWindow(display, window.window, Int32(i % 50 * 6), Int32(i / 50 * 7), 6, 7, 0, 0, 0)
            let grandchild = XCreateSimpleWindow(display, child, 0, 0, 3, 3, 0, 0, 0)
            XMapWindow(display, grandchild)
        }
        XMapSubwindows(display, window.window)
        XSync(display, 0)
        let capture = try Capture(server: server)
        let requests = { XNextRequest(capture.display.handle) }

        let before = requests()
        let hit = capture.source.hitTest(Point(x: 101, y: 101))
        #expect(hit.window?.id == UInt64(window.window))
        #expect(hit.window?.className == "Wide")
        #expect(requests() - before <= 40)

        // Under a window manager, a top-level without WM_STATE is a frame and searched for
        // its client: a few dozen windows at most, not all of them.
        let windowManager = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(windowManager) }
        XSelectInput(windowManager, XDefaultRootWindow(windowManager), SubstructureRedirectMask)
        XSync(windowManager, 0)
        let beforeFramed = requests()
        #expect(capture.source.locator.hitTest(Point(x: 101, y: 101)).window?.id == UInt64(window.window))
        #expect(requests() - beforeFramed <= 2 * 64 + 40)
    }

    /// A window manager manages a window with no WM_CLASS like any other, and `title =`
    /// sections match it; with none, it was the desktop. An InputOnly window is never seen.
    @Test func aWindowWithNoClassIsAWindowWithNoWindowManagerToo() throws {
        let server = try XorgServer()
        defer { server.stop() }
        var options = TestWindow.Options(x: 400, y: 0, width: 300, height: 200)
        options.instanceName = nil
        options.className = nil
        options.title = "NoClass latin"
        let window = try TestWindow(server: server, options: options)
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        let inputOnly = XCreateWindow(
            display, XDefaultRootWindow(display), 0, 400, 300, 200, 0, 0, UInt32(InputOnly), nil, 0, nil)
        XMapWindow(display, inputOnly)
        XSync(display, 0)
        let capture = try Capture(server: server)
        let hit = capture.source.hitTest(Point(x: 550, y: 100)).window
        #expect(hit?.id == UInt64(window.window))
        #expect(hit?.title == "NoClass latin")
        #expect(hit?.className == "")
        #expect(capture.source.hitTest(Point(x: 100, y: 500)) == .desktop)
    }

    /// A window that draws the desktop (xfdesktop, pcmanfm's wallpaper) is the desktop, as
    /// the docs use the word: window operations skip it and no section matches it. A panel
    /// (DOCK) is a window.
    @Test func aDesktopTypeWindowIsTheDesktopAndADockAWindow() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let wallpaper = try TestWindow(
            server: server, x: 0, y: 0, width: 800, height: 600, instanceName: "xfdesktop", className: "Xfdesktop")
        let panel = try TestWindow(
            server: server, x: 900, y: 0, width: 800, height: 40, instanceName: "panel", className: "Panel")
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        for (w, type) in [
            (wallpaper.window, "_NET_WM_WINDOW_TYPE_DESKTOP"), (panel.window, "_NET_WM_WINDOW_TYPE_DOCK"),
        ] {
            var atom = [XInternAtom(display, type, 0)]
            atom.withUnsafeMutableBytes { raw in
                _ = XChangeProperty(
                    display, w, XInternAtom(display, "_NET_WM_WINDOW_TYPE", 0), Atom(XA_ATOM), 32, PropModeReplace,
                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
        XSync(display, 0)
        let capture = try Capture(server: server)
        #expect(capture.source.hitTest(Point(x: 100, y: 100)) == .desktop)
        #expect(capture.source.locator.hitTest(Point(x: 100, y: 100)) == .desktop)
        #expect(capture.source.hitTest(Point(x: 1000, y: 20)).window?.className == "Panel")
    }

    @Test func vanishedWindowIsNoWindowNotACrash() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 0, y: 0, width: 400, height: 400, className: "Doomed")
        let capture = try Capture(server: server)
        let id = window.window
        #expect(capture.source.locator.windowInfo(UInt(id)) != nil)
        try window.destroy()
        // The window is gone between finding it and asking about it.
        #expect(capture.source.locator.windowInfo(UInt(id)) == nil)
        #expect(capture.source.locator.hitTest(Point(x: 100, y: 100)) == .desktop)
        // The connection is still healthy: a touch is still captured.
        try server.touchscreen.begin(id: 1, x: 100, y: 100)
        try server.touchscreen.end(id: 1, x: 100, y: 100)
        try server.touchscreen.sync()
        let policy = PassThroughPolicy(ownership: capture.source.ownership)
        #expect(capture.collect { _ = policy.decide($0) }.touchSamples.count == 2)
    }
}
