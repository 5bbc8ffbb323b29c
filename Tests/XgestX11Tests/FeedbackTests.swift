import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// The on-screen feedback of `xgest run` on the real server: the trail drawn as a stroke
/// is drawn, the label at the decision, the overlay gone after the label's time, and
/// clicks and touches going through it.
@Suite struct FeedbackTests {
    static func config(_ feedback: String, settings: String = "") -> String {
        """
        [settings]
        \(settings)

        [feedback]
        \(feedback)

        [[gesture]]
        name = "check-f5"
        kind = "stroke"
        device = "pointer"
        shape = "check"
        button = 3
        action = "key F5"
        """
    }

    /// The default trail colour on the 24-bit test screen.
    static let trailPixel: UInt32 = 0x3584e4
    /// The label box's colour on a screen without alpha.
    static let labelPixel: UInt32 = 0x1e1e1e
    /// The test windows' background.
    static let background: UInt32 = 0

    /// How far `p` is from the polyline `path`, in pixels.
    static func distance(_ p: Point, to path: [Point]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(path, path.dropFirst()) {
            let dx = b.x - a.x
            let dy = b.y - a.y
            let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
            best = min(best, p.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy)))
        }
        return best
    }

    @Test func theTrailIsOnScreenAlongThePathWhileDrawnAndNowhereElse() throws {
        // The stroke is held while the screen is read, seconds in a debug build on a loaded
        // machine: longer than the default 6 s, it would no longer be a stroke at its release.
        let s = try DaemonTests.Session(
            config: Self.config("label-duration = \"10s\"", settings: "stroke-max-duration = \"30s\""))
        #expect(s.daemon.stderrLines.contains { $0.hasSuffix("feedback: on") })
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        let path = Drawn.check()
        try s.server.startDrawing(path)
        #expect(watch.wait { $0.overlay != nil }, "no overlay window was mapped")
        // The drawing follows the map in the daemon's requests: wait until the server took it all.
        let onPath = watch.wait { w in path.allSatisfy { w.pixel($0) == Self.trailPixel } }
        #expect(onPath, "trail pixels: \(path.map { String(watch.pixel($0), radix: 16) })")
        let shot = watch.pixels(x: 0, y: 0, width: 1200, height: 900)
        var stray: [Point] = []
        for y in stride(from: 0, to: 900, by: 5) {
            for x in stride(from: 0, to: 1200, by: 5) {
                let p = Point(x: Double(x), y: Double(y))
                // Beyond the trail's half width and its anti-aliased edge.
                if Self.distance(p, to: path) > 4, shot[y][x] != Self.background { stray.append(p) }
            }
        }
        #expect(stray.isEmpty, "drawn away from the path at \(stray.prefix(5))")
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "action         check-f5") != nil)
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        _ = try window.receivedEvents()
    }

    @Test func theLabelShowsAtTheDecisionAndTheOverlayGoesAfterItsTime() throws {
        let s = try DaemonTests.Session(config: Self.config("label-duration = \"1s\""))
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        let path = Drawn.check()
        try s.server.drawWithPointer(path)
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        guard watch.wait(until: { $0.overlay != nil }), let overlay = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return
        }
        // A drag-and-drop window for compositors: no shadow or fade of theirs on the trail.
        #expect(Self.windowType(watch.display, overlay) == "_NET_WM_WINDOW_TYPE_DND")
        // The box is down and to the right of the stroke's end.
        let end = path[path.count - 1]
        let inBox = Point(x: end.x + 16, y: end.y + 16)
        #expect(
            watch.wait { $0.pixel(inBox) == Self.labelPixel }, "label pixel \(String(watch.pixel(inBox), radix: 16))")
        #expect(watch.wait(timeoutSeconds: 10) { $0.destroyed.contains(overlay) }, "the overlay stayed")
        #expect(path.allSatisfy { watch.pixel($0) == Self.background }, "the trail stayed on screen")
        #expect(watch.pixel(inBox) == Self.background, "the label stayed on screen")

        // A straight drag is no check: its label says so, with the closest shape: the match
        // of the binding's classification with the highest score, which is not the first
        // when a verifier turned the templates' best down.
        try s.server.drawWithPointer(Drawn.straight())
        let marker = "(shape not matched: best score below the threshold: "
        let classified = try #require(s.daemon.waitForLine(containing: marker), "\(s.daemon.stderrLines.suffix(10))")
        let closest = try #require(Self.highestMatch(in: classified), "\(classified)")
        let rejected = s.daemon.waitForLine(containing: "feedback label: not recognized: closest ")
        #expect(rejected?.hasSuffix("closest \(closest)") == true, "\(rejected ?? "no label") after \(classified)")
        #expect(watch.wait(timeoutSeconds: 10) { $0.created.count == 2 && $0.destroyed.contains($0.created[1]) })
        _ = try window.receivedEvents()
    }

    /// The label stays on the monitor the stroke ended on: near a monitor's right edge it
    /// goes left of the stroke's end, keeping off it, not across onto the next monitor
    /// (or into a gap, or below a shorter one, where nobody sees it).
    @Test func theLabelStaysOnTheMonitorTheStrokeEndedOn() throws {
        let s = try MonitorSession(config: Self.config("label-duration = \"10s\""), before: { try setTwoMonitors($0) })
        let watch = try ScreenWatch(server: s.server)
        let path = Drawn.check(from: Point(x: 1600, y: 600))
        let end = path[path.count - 1]
        #expect(end.x > 1880 && end.x < 1920)
        try s.server.drawWithPointer(path)
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        let leftOfEnd = Point(x: end.x - 20, y: end.y + 16)
        let onExternal = Point(x: 1925, y: end.y + 16)
        #expect(watch.wait { $0.pixel(leftOfEnd) == Self.labelPixel }, "no label left of the stroke's end")
        #expect(watch.pixel(onExternal) != Self.labelPixel, "the label reaches onto the external monitor")
        #expect(watch.pixel(Point(x: end.x + 5, y: end.y + 16)) != Self.labelPixel, "the label is not left of the end")
        #expect(watch.pixel(end) == Self.trailPixel, "the label covers the stroke's end")
    }

    /// At depth 16 (TrueColor 5-6-5) the label's text has its colours: amber for a
    /// rejection, white for a binding's name. (A colour handed to X as 0xRRGGBB where a
    /// pixel value is wanted came out pink there, and red or cyan at depths 8 and 30.)
    @Test func theLabelHasItsColoursAtDepth16() throws {
        var options = XorgServer.Options()
        options.depth = 16
        let s = try DaemonTests.Session(config: Self.config("label-duration = \"10s\""), serverOptions: options)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        /// Whether a pixel is `rgb` as closely as 5 or 6 bits a channel give it.
        func near(_ pixel: UInt32, _ rgb: UInt32) -> Bool {
            [16, 8, 0].allSatisfy { shift in abs(Int(pixel >> shift & 0xff) - Int(rgb >> shift & 0xff)) <= 8 }
        }
        /// The label's pixels after `path`, once `rgb` text shows: every one of them the
        /// background, the dark box, or the text's colour.
        func expectText(_ rgb: UInt32, after path: [Point], label: String) throws {
            try s.server.drawWithPointer(path)
            #expect(s.daemon.waitForLine(containing: "feedback label: \(label)") != nil)
            let end = path[path.count - 1]
            func area() -> [UInt32] {
                watch.pixels(x: Int(end.x) + 6, y: Int(end.y) + 6, width: 450, height: 60).flatMap { $0 }
            }
            let shown = watch.wait { _ in area().filter { near($0, rgb) }.count > 50 }
            let dark: UInt32 = 0x40
            let others = area().filter { p in
                p != Self.background && !near(p, rgb) && [16, 8, 0].contains { p >> $0 & 0xff >= dark }
            }
            #expect(
                shown && others.isEmpty,
                "text not \(String(rgb, radix: 16)): \(Set(others.map { String($0, radix: 16) }))")
        }
        try expectText(0xf6d32d, after: Drawn.straight(), label: "not recognized")
        try expectText(0xffffff, after: Drawn.check(), label: "check-f5")
        _ = try window.receivedEvents()
    }

    /// The overlay covers the trail with a margin, not the screen, and grows as the trail
    /// goes past it, drawn whole again. (A window the size of the root cost the server the
    /// screen's size in memory under a compositor for every stroke, and a compositor that
    /// started while it was up drew a shadow over the whole screen.)
    @Test func theOverlayCoversTheTrailNotTheScreenAndGrowsWithIt() throws {
        let s = try DaemonTests.Session(config: Self.config("label-duration = \"10s\""))
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1920, height: 1080, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        func frame(_ w: Window) -> (x: Int32, y: Int32, width: UInt32, height: UInt32) {
            var root: Window = 0
            var (x, y): (Int32, Int32) = (0, 0)
            var (width, height, border, depth): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
            XGetGeometry(watch.display, w, &root, &x, &y, &width, &height, &border, &depth)
            return (x, y, width, height)
        }
        func covers(_ f: (x: Int32, y: Int32, width: UInt32, height: UInt32), _ p: Point) -> Bool {
            p.x >= Double(f.x) && p.y >= Double(f.y) && p.x < Double(f.x) + Double(f.width)
                && p.y < Double(f.y) + Double(f.height)
        }
        // Right and down across most of the screen.
        let path = (0...40).map { Point(x: 100 + Double($0) * 42, y: 150 + Double($0) * 18) }
        let start = Array(path.prefix(4))
        try s.server.startDrawing(start)
        guard watch.wait(until: { $0.overlay != nil }), let overlay = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return
        }
        #expect(watch.wait { w in start.allSatisfy { w.pixel($0) == Self.trailPixel } })
        let first = frame(overlay)
        #expect(start.allSatisfy { covers(first, $0) }, "\(first)")
        #expect(Int(first.width) * Int(first.height) < 1920 * 1080 / 8, "\(first)")
        for q in path.dropFirst(4) {
            try s.server.pointer.move(x: q.x, y: q.y)
            try s.server.pointer.sync()
        }
        let drawn = watch.wait { w in path.allSatisfy { w.pixel($0) == Self.trailPixel } }
        #expect(drawn, "trail pixels: \(path.map { String(watch.pixel($0), radix: 16) })")
        let grown = frame(overlay)
        #expect(path.allSatisfy { covers(grown, $0) }, "\(grown)")
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "feedback label: ") != nil)
        _ = try window.receivedEvents()
    }

    @Test func clicksAndTouchesUnderTheOverlayReachTheWindowUnchanged() throws {
        let s = try DaemonTests.Session(config: Self.config("label-duration = \"10s\""))
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Under")
        let watch = try ScreenWatch(server: s.server)
        let path = Drawn.check()
        try s.server.drawWithPointer(path)
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        guard watch.wait(until: { $0.overlay != nil }), let overlay = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return
        }
        #expect(watch.wait { w in path.allSatisfy { w.pixel($0) == Self.trailPixel } })
        _ = try window.receivedEvents()

        // A click of button 1 right on the trail.
        let at = path[4]
        let p = s.server.pointer
        try p.move(x: at.x, y: at.y)
        try p.press(button: 1)
        try p.release(button: 1)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [1, 1])
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.map(\.root) == [at, at])
        #expect(buttons.allSatisfy { $0.window == window.window })

        // A tap on the trail (no touchscreen binding: touches are not grabbed).
        // Touch coordinates are fixed point: a whole pixel comes back exactly.
        let tapAt = Point(x: path[12].x.rounded(), y: path[12].y.rounded())
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: tapAt.x, y: tapAt.y)
        try ts.sync()
        try ts.end(id: 1, x: tapAt.x, y: tapAt.y)
        try ts.sync()
        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])
        #expect(touches.map(\.root) == [tapAt, tapAt])
        #expect(touches.allSatisfy { $0.window == window.window })
        // All the while, the overlay was up.
        watch.wait(timeoutSeconds: 0) { _ in true }
        #expect(!watch.destroyed.contains(overlay))
        #expect(watch.pixel(path[8]) == Self.trailPixel)
    }

    /// Strokes, a recognized one and a rejected one, then how many overlay windows came.
    static func overlaysMade(_ s: DaemonTests.Session, _ watch: ScreenWatch) throws -> Int {
        try s.server.drawWithPointer(Drawn.check())
        #expect(s.daemon.waitForLine(containing: "action         check-f5") != nil)
        try s.server.drawWithPointer(Drawn.straight())
        #expect(s.daemon.waitForLine(containing: "(shape not matched: best score below the threshold: ") != nil)
        // Nothing to wait for when nothing comes: the deadline bounds the look.
        watch.wait(timeoutSeconds: 1) { !$0.created.isEmpty }
        return watch.created.count
    }

    @Test func feedbackOffInTheConfigMakesNoWindow() throws {
        let on = try DaemonTests.Session(config: Self.config("label-duration = \"100ms\""))
        let onWatch = try ScreenWatch(server: on.server)
        // One window, or two when the first label's time ended before the second stroke.
        #expect(try Self.overlaysMade(on, onWatch) >= 1)

        let off = try DaemonTests.Session(config: Self.config("enabled = false"))
        #expect(off.daemon.stderrLines.contains { $0.hasSuffix("feedback: off") })
        let offWatch = try ScreenWatch(server: off.server)
        #expect(try Self.overlaysMade(off, offWatch) == 0)
    }

    /// Xorg started with `-extension RENDER` has none: one line says feedback is off, and
    /// gestures work as ever.
    @Test func aServerWithoutRenderTurnsFeedbackOffInOneLine() throws {
        var options = XorgServer.Options()
        options.extraArguments = ["-extension", "RENDER"]
        let s = try DaemonTests.Session(config: Self.config(""), serverOptions: options)
        let lines = s.daemon.stderrLines.filter { $0.contains("feedback off") }
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix("feedback off: the X server has no RENDER extension") == true, "\(lines)")
        let watch = try ScreenWatch(server: s.server)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        #expect(try Self.overlaysMade(s, watch) == 0)
        // "feedback off: …" once, and the start-up "feedback: off".
        #expect(s.daemon.stderrLines.filter { $0.contains("feedback") }.count == 2)
    }

    /// With `gestures = true`, each gesture's label is traced, one with the same text as
    /// the label still shown too (the same binding twice within the hold).
    @Test func eachGesturesLabelIsTracedThoughItsTextIsTheOneShown() throws {
        let config = """
            [feedback]
            gestures = true
            label-duration = "10s"

            [[gesture]]
            name = "tap-f6"
            kind = "tap"
            device = "touchscreen"
            action = "key F6"
            """
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Tapped")
        try tap(s.server, x: 300, y: 300)
        #expect(s.daemon.waitForLine(containing: "feedback label: tap-f6") != nil)
        try tap(s.server, x: 600, y: 400)
        #expect(waitForLines(s.daemon, containing: "action         tap-f6", count: 2))
        #expect(
            waitForLines(s.daemon, containing: "feedback label: tap-f6", count: 2), "\(s.daemon.stderrLines.suffix(10))"
        )
        _ = try window.receivedEvents()
    }

    /// A one-finger check on the touchscreen: its trail and its label as for the pointer.
    @Test func aOneFingerStrokeHasItsTrailAndLabel() throws {
        let config = """
            [feedback]
            label-duration = "10s"

            [[gesture]]
            name = "finger-check"
            kind = "stroke"
            device = "touchscreen"
            shape = "check"
            action = "key F6"
            """
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        let path = Drawn.check()
        try s.server.drawWithFinger(path)
        #expect(s.daemon.waitForLine(containing: "feedback label: finger-check") != nil)
        #expect(watch.wait { w in w.overlay != nil && path.allSatisfy { w.pixel($0) == Self.trailPixel } })
        _ = try window.receivedEvents()
    }

    /// A binding that leaves out `device` takes the pointer and the touchscreen; its label
    /// is its name as written, not the `@pointer` the daemon registers it under.
    @Test func aBindingOnBothDevicesIsLabelledWithItsName() throws {
        let config = """
            [[gesture]]
            name = "any-check"
            kind = "stroke"
            shape = "check"
            action = "key F6"
            """
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try s.server.drawWithPointer(Drawn.check())
        let label = s.daemon.waitForLine(containing: "feedback label: any-check")
        #expect(label?.hasSuffix("feedback label: any-check") == true, "\(label ?? "no label")")
        _ = try window.receivedEvents()
    }

    /// A pattern drawn with button 3 and a scrub drawn with one finger: each is labelled
    /// with its binding's name and the overlay goes after the label's time; a click of
    /// the stroke button after the pattern makes no overlay and gets no label (it showed
    /// the pattern's trail with a segment to the click, and the closest shape of the
    /// pattern's stroke).
    @Test func aPatternOrScrubIsLabelledAndGoesAndALaterClickShowsNothing() throws {
        let config = """
            [feedback]
            label-duration = "300ms"

            [[gesture]]
            name = "check-f5"
            kind = "stroke"
            device = "pointer"
            shape = "check"
            button = 3
            action = "key F5"

            [[gesture]]
            name = "lock"
            kind = "pattern"
            device = "pointer"
            button = 3
            pattern = "1-2-3-6-9"
            action = "key F6"

            [[gesture]]
            name = "rub"
            kind = "scrub"
            device = "touchscreen"
            direction = "horizontal"
            scrub-duration = "5s"
            action = "key F7"
            """
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        // Right along the top row of the grid, then down its right column.
        let pattern =
            (0...12).map { Point(x: 300 + Double($0) * 25, y: 300) }
            + (1...12).map { Point(x: 600, y: 300 + Double($0) * 25) }
        try s.server.drawWithPointer(pattern)
        #expect(s.daemon.waitForLine(containing: "action         lock") != nil)
        #expect(s.daemon.waitForLine(containing: "feedback label: lock") != nil, "\(s.daemon.stderrLines.suffix(10))")
        guard watch.wait(until: { $0.overlay != nil }), let overlay = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return
        }
        #expect(watch.wait(timeoutSeconds: 10) { $0.destroyed.contains(overlay) }, "the pattern's overlay stayed")

        let labels = s.daemon.stderrLines.filter { $0.contains("feedback label:") }.count
        let p = s.server.pointer
        try p.move(x: 800, y: 700)
        try p.press(button: 3)
        try p.release(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "press of button 3 handed back") != nil)
        #expect(try window.collectEvents { $0.buttons.count >= 2 }.buttons.map(\.button) == [3, 3])
        let afterClick = s.daemon.stderrLines.filter { $0.contains("feedback label:") }
        #expect(afterClick.count == labels, "\(afterClick)")
        watch.wait(timeoutSeconds: 0) { _ in true }
        #expect(watch.created == [overlay], "a click made an overlay")

        // Right, left, right, left: the third turn recognizes it, the finger still down.
        let legs = [(300.0, 400.0), (400, 300), (300, 400), (400, 300)]
        let scrub = legs.flatMap { from, to in (1...5).map { Point(x: from + (to - from) * Double($0) / 5, y: 600) } }
        try s.server.drawWithFinger([Point(x: 300, y: 600)] + scrub)
        #expect(s.daemon.waitForLine(containing: "action         rub") != nil)
        #expect(s.daemon.waitForLine(containing: "feedback label: rub") != nil, "\(s.daemon.stderrLines.suffix(10))")
        #expect(
            watch.wait(timeoutSeconds: 10) { $0.created.count == 2 && $0.destroyed.contains($0.created[1]) },
            "the scrub's overlay stayed")
        _ = try window.receivedEvents()
    }

    /// With a compositing manager (here: the test owning its selection), the overlay is a
    /// 32-bit window with alpha rather than a shaped one.
    @Test func underACompositorTheOverlayHasAlpha() throws {
        let s = try DaemonTests.Session(config: Self.config("label-duration = \"10s\""))
        let watch = try ScreenWatch(server: s.server)
        let owner = XCreateSimpleWindow(watch.display, watch.root, 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(watch.display, XInternAtom(watch.display, "_NET_WM_CM_S0", False), owner, UInt(CurrentTime))
        XSync(watch.display, False)
        try s.server.drawWithPointer(Drawn.check())
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        guard watch.wait(until: { $0.overlay != nil }), let overlay = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return
        }
        var attributes = XWindowAttributes()
        #expect(XGetWindowAttributes(watch.display, overlay, &attributes) != 0)
        #expect(attributes.depth == 32)
        #expect(attributes.override_redirect != 0)
    }

    /// A compositing manager that exits while a stroke is drawn: the window with alpha,
    /// which nothing blends any more, would show black over the whole screen; it is made
    /// again without alpha, cut to the trail, at once.
    @Test func whenTheCompositorGoesTheOverlayIsMadeAgainWithoutAlpha() throws {
        let s = try DaemonTests.Session(config: Self.config("label-duration = \"10s\""))
        let watch = try ScreenWatch(server: s.server)
        let owner = XCreateSimpleWindow(watch.display, watch.root, 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(watch.display, XInternAtom(watch.display, "_NET_WM_CM_S0", False), owner, UInt(CurrentTime))
        XSync(watch.display, False)
        func depth(_ w: Window) -> Int32 {
            var attributes = XWindowAttributes()
            return XGetWindowAttributes(watch.display, w, &attributes) != 0 ? attributes.depth : 0
        }
        let path = Drawn.check()
        try s.server.startDrawing(Array(path.prefix(10)))
        guard watch.wait(until: { $0.overlay != nil }), let first = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return
        }
        #expect(depth(first) == 32)
        XDestroyWindow(watch.display, owner)
        XSync(watch.display, False)
        let remade = watch.wait { w in
            w.destroyed.contains(first) && w.created.last.map { $0 != first && w.mapped.contains($0) } == true
        }
        #expect(remade, "the window with alpha stayed after the compositor went")
        if remade, let second = watch.created.last { #expect(depth(second) == 24) }
        for q in path.dropFirst(10) {
            try s.server.pointer.move(x: q.x, y: q.y)
            try s.server.pointer.sync()
        }
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
    }

    /// The first atom of a window's `_NET_WM_WINDOW_TYPE`, by name.
    static func windowType(_ display: OpaquePointer, _ window: Window) -> String? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let property = XInternAtom(display, "_NET_WM_WINDOW_TYPE", False)
        guard
            XGetWindowProperty(
                display, window, property, 0, 1, False, XA_ATOM, &type, &format, &count, &after, &data) == Success,
            let data, count == 1
        else { return nil }
        defer { XFree(data) }
        let atom = data.withMemoryRebound(to: UInt.self, capacity: 1) { $0.pointee }
        guard let name = XGetAtomName(display, Atom(atom)) else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// "v 0.45" for the match with the highest score in a `--debug` transition line
    /// "… best score below the threshold: arrow 0.02, v 0.45, caret 0.40 (threshold 0.74))".
    static func highestMatch(in line: String) -> String? {
        guard let start = line.range(of: "below the threshold: "), let end = line.range(of: " (threshold ") else {
            return nil
        }
        let matches = line[start.upperBound..<end.lowerBound].split(separator: ", ").map(String.init)
        return matches.max { a, b in
            (a.split(separator: " ").last.flatMap { Double($0) } ?? -1)
                < (b.split(separator: " ").last.flatMap { Double($0) } ?? -1)
        }
    }
}
