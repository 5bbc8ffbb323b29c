import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// Under a compositing manager the overlay window is kept once made, parked out of sight
/// between gestures, and used again: picom with `fading` on fades a window in each time
/// it is mapped, and a window mapped for each stroke drew every trail's start faint.
@Suite struct FeedbackKeptOverlayTests {
    static let config = FeedbackTests.config("label-duration = \"100ms\"", settings: "stroke-max-duration = \"30s\"")

    /// Takes `_NET_WM_CM_S0` on the watch's connection, as a compositing manager does;
    /// destroying the returned window is the compositor going.
    static func becomeCompositor(_ watch: ScreenWatch) -> Window {
        let owner = XCreateSimpleWindow(watch.display, watch.root, 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(watch.display, XInternAtom(watch.display, "_NET_WM_CM_S0", False), owner, UInt(CurrentTime))
        XSync(watch.display, False)
        return owner
    }

    static func frame(_ watch: ScreenWatch, _ w: Window) -> (x: Int32, y: Int32, width: UInt32, height: UInt32) {
        var root: Window = 0
        var (x, y): (Int32, Int32) = (0, 0)
        var (width, height, border, depth): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        XGetGeometry(watch.display, w, &root, &x, &y, &width, &height, &border, &depth)
        return (x, y, width, height)
    }

    /// Whether `w` is mapped and wholly outside the root (nothing of it on any monitor).
    static func parked(_ watch: ScreenWatch, _ w: Window) -> Bool {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(watch.display, w, &attributes) != 0, attributes.map_state == IsViewable else {
            return false
        }
        let f = frame(watch, w)
        return f.x + Int32(f.width) <= 0 || f.y + Int32(f.height) <= 0
    }

    /// Whether the daemon's lines come to hold `count` containing `text`.
    static func waitForLines(_ s: DaemonTests.Session, containing text: String, count: Int) -> Bool {
        s.daemon.waitForLines { $0.filter { $0.contains(text) }.count >= count }
    }

    /// A check mark drawn and decided; the overlay, once it is parked after its label (nil,
    /// the issue recorded, when it is not).
    static func drawAndPark(_ s: DaemonTests.Session, _ watch: ScreenWatch) throws -> Window? {
        let label = "feedback label: check-f5"
        let labels = s.daemon.stderrLines.filter { $0.contains(label) }.count
        try s.server.drawWithPointer(Drawn.check())
        #expect(waitForLines(s, containing: label, count: labels + 1))
        func live(_ w: ScreenWatch) -> Window? { w.created.last { w.mapped.contains($0) && !w.destroyed.contains($0) } }
        guard watch.wait(until: { live($0) != nil }), let overlay = live(watch) else {
            Issue.record("no overlay window was mapped")
            return nil
        }
        guard watch.wait(until: { parked($0, overlay) }) else {
            Issue.record("the overlay was not parked: destroyed \(watch.destroyed.contains(overlay))")
            return nil
        }
        return overlay
    }

    /// Two strokes, one window: between them it is mapped, outside the root, with nothing
    /// of the first trail on screen; for the second it comes back over the trail, on top of
    /// a window mapped in between, drawn anew, and is parked again after the label.
    @Test func oneWindowServesEveryGestureAndWaitsOutOfSight() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let watch = try ScreenWatch(server: s.server)
        _ = Self.becomeCompositor(watch)
        guard let overlay = try Self.drawAndPark(s, watch) else { return }
        #expect(!watch.destroyed.contains(overlay))
        let first = Drawn.check()
        #expect(first.allSatisfy { watch.pixel($0) == FeedbackTests.background }, "the first trail stayed")

        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Later")
        let second = Drawn.straight()
        try s.server.startDrawing(second)
        let drawn = watch.wait { w in second.allSatisfy { w.pixel($0) == FeedbackTests.trailPixel } }
        #expect(drawn, "second trail: \(second.map { String(watch.pixel($0), radix: 16) })")
        #expect(!Self.parked(watch, overlay))
        #expect(first.allSatisfy { watch.pixel($0) == FeedbackTests.background }, "the first trail came back")
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "feedback label: not recognized") != nil)
        #expect(watch.wait { Self.parked($0, overlay) }, "not parked after the second label")
        #expect(second.allSatisfy { watch.pixel($0) == FeedbackTests.background }, "the second trail stayed")
        #expect(watch.created == [overlay], "windows made: \(watch.created)")
        #expect(!watch.destroyed.contains(overlay))
        _ = try window.receivedEvents()
    }

    /// A parked window is feedback's all the same: a reload to `enabled = false` destroys
    /// it, and stopping xgest does.
    @Test func aParkedWindowGoesWhenFeedbackIsTurnedOffAndAtStop() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let watch = try ScreenWatch(server: s.server)
        _ = Self.becomeCompositor(watch)
        guard let overlay = try Self.drawAndPark(s, watch) else { return }
        try FeedbackTests.config("enabled = false").write(toFile: s.configPath, atomically: true, encoding: .utf8)
        #expect(s.daemon.waitForLine(containing: "config reloaded") != nil)
        #expect(watch.wait { $0.destroyed.contains(overlay) }, "the parked overlay stayed with feedback off")

        try FeedbackTests.config("label-duration = \"100ms\"").write(
            toFile: s.configPath, atomically: true, encoding: .utf8)
        #expect(Self.waitForLines(s, containing: "config reloaded", count: 2))
        guard let again = try Self.drawAndPark(s, watch) else { return }
        #expect(again != overlay)
        _ = s.daemon.stop(signal: SIGTERM)
        #expect(watch.wait { $0.destroyed.contains(again) }, "the parked overlay stayed after the stop")
    }

    /// Gives `_NET_WM_CM_S0` up, the window that held it living on: what xfwm4 does when
    /// compositing is switched off in its settings (its selection window is its
    /// `_NET_SUPPORTING_WM_CHECK` window).
    static func giveUpCompositing(_ watch: ScreenWatch) {
        XSetSelectionOwner(watch.display, XInternAtom(watch.display, "_NET_WM_CM_S0", False), 0, UInt(CurrentTime))
        XSync(watch.display, False)
    }

    /// Whether `w` has a bounding shape of its own.
    static func shaped(_ watch: ScreenWatch, _ w: Window) -> Bool {
        var (bounding, clip): (Int32, Int32) = (0, 0)
        var (bx, by, cx, cy): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        var (bw, bh, cw, ch): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        XShapeQueryExtents(watch.display, w, &bounding, &bx, &by, &bw, &bh, &clip, &cx, &cy, &cw, &ch)
        return bounding != 0
    }

    /// A compositor that stops compositing but keeps its selection window (xfwm4 switched
    /// to no compositing): the parked window, with alpha, would show black round every
    /// later trail. It goes when the selection is given up; the next stroke's window has
    /// no alpha, is shaped to what is drawn, and goes with its label.
    @Test func aParkedWindowGoesWhenTheCompositorGivesUpItsSelection() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let watch = try ScreenWatch(server: s.server)
        let owner = Self.becomeCompositor(watch)
        guard let overlay = try Self.drawAndPark(s, watch) else { return }
        Self.giveUpCompositing(watch)
        #expect(watch.wait { $0.destroyed.contains(overlay) }, "the parked overlay stayed after the selection went")

        try s.server.startDrawing(Drawn.straight())
        guard watch.wait(until: { $0.created.count == 2 && $0.mapped.contains($0.created[1]) }) else {
            Issue.record("no second overlay was mapped: \(watch.created)")
            return
        }
        let second = watch.created[1]
        var attributes = XWindowAttributes()
        #expect(XGetWindowAttributes(watch.display, second, &attributes) != 0)
        #expect(attributes.depth == 24, "a window with alpha and no compositor")
        #expect(Self.shaped(watch, second), "not shaped to the trail")
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "feedback label: not recognized") != nil)
        #expect(watch.wait { $0.destroyed.contains(second) }, "kept with no compositor")
        #expect(!watch.destroyed.contains(owner))
    }

    /// A compositor replacing another takes the selection from it: the parked window is
    /// blended by the new one and serves the next stroke.
    @Test func aParkedWindowStaysWhenAnotherCompositorTakesOver() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let watch = try ScreenWatch(server: s.server)
        _ = Self.becomeCompositor(watch)
        guard let overlay = try Self.drawAndPark(s, watch) else { return }
        _ = Self.becomeCompositor(watch)
        guard try Self.drawAndPark(s, watch) == overlay else {
            Issue.record("windows made: \(watch.created)")
            return
        }
        #expect(watch.created == [overlay])
        Self.giveUpCompositing(watch)
        #expect(watch.wait { $0.destroyed.contains(overlay) }, "the parked overlay stayed after the selection went")
    }

    /// The compositor going takes the parked window with it (one with alpha shows black
    /// where nothing blends it); without a compositor the next stroke's window is shaped
    /// and goes with its label, as ever.
    @Test func aParkedWindowGoesWithTheCompositor() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let watch = try ScreenWatch(server: s.server)
        let owner = Self.becomeCompositor(watch)
        guard let overlay = try Self.drawAndPark(s, watch) else { return }
        XDestroyWindow(watch.display, owner)
        XSync(watch.display, False)
        #expect(watch.wait { $0.destroyed.contains(overlay) }, "the parked overlay stayed after the compositor went")

        try s.server.drawWithPointer(Drawn.straight())
        #expect(s.daemon.waitForLine(containing: "feedback label: not recognized") != nil)
        #expect(watch.wait { $0.created.count == 2 && $0.destroyed.contains($0.created[1]) }, "\(watch.created)")
    }
}
