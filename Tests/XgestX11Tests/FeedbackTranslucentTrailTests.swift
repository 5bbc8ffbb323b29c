import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// A translucent `trail-color`: the trail has one tint while it is drawn, piece by piece,
/// and after the decision, when it is drawn whole.
@Suite struct FeedbackTranslucentTrailTests {
    static let config = FeedbackTests.config(
        "label-duration = \"10s\"\ntrail-color = \"#e01b2480\"\ntrail-width = 16",
        settings: "stroke-max-duration = \"30s\"")

    /// Each point drawn on its own before the next (its pixel inked), so every joint is
    /// the start of a new piece; the line stays within the window's margin, so no piece
    /// redraws the trail whole. Every pixel along its middle is the same, and the same
    /// after the decision. (Each piece was blended again over the end of the last, a
    /// darker blob at every joint.) With a compositor too, where the window has alpha.
    @Test(arguments: [false, true]) func aTranslucentTrailHasOneTintAsItIsDrawn(composited: Bool) throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let watch = try ScreenWatch(server: s.server)
        if composited {
            let owner = XCreateSimpleWindow(watch.display, watch.root, 0, 0, 1, 1, 0, 0, 0)
            let selection = XInternAtom(watch.display, "_NET_WM_CM_S0", False)
            XSetSelectionOwner(watch.display, selection, owner, UInt(CurrentTime))
            XSync(watch.display, False)
        }
        let path = (0...10).map { Point(x: 400 + Double($0) * 10, y: 400) }
        try s.server.startDrawing([path[0]])
        for q in path.dropFirst() {
            try s.server.pointer.move(x: q.x, y: q.y)
            try s.server.pointer.sync()
            #expect(watch.wait { $0.pixel(q) != FeedbackTests.background }, "\(q) not drawn")
        }
        guard let overlay = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return
        }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(watch.display, overlay, &attributes)
        #expect(attributes.depth == (composited ? 32 : 24))
        // The middle line, from the first point to the last.
        let drawn = watch.pixels(x: 400, y: 400, width: 101, height: 1).first ?? []
        #expect(Set(drawn).count == 1, "\(drawn.map { String($0, radix: 16) })")
        #expect(drawn.first.map { $0 != FeedbackTests.background && $0 >> 16 < 0xe0 } == true)

        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "feedback label: ") != nil)
        let end = path[path.count - 1]
        let inBox = Point(x: end.x + 16, y: end.y + 16)
        #expect(watch.wait { $0.pixel(inBox) != FeedbackTests.background }, "no label")
        let after = watch.pixels(x: 400, y: 400, width: 101, height: 1).first ?? []
        #expect(after == drawn, "\(after.map { String($0, radix: 16) })")
        _ = try window.receivedEvents()
    }
}
