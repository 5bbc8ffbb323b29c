import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// Under a compositing manager the overlay window is made and parked before the first
/// stroke: picom with `fading` fades a window in at its map, and the window made at the
/// first trail's first point drew that trail faint. Made when the compositor is seen, at
/// start or later, it fades in with nothing drawn, out of sight.
@Suite struct FeedbackStandByTests {
    typealias Kept = FeedbackKeptOverlayTests

    /// The overlay made before any stroke: parked, with alpha; the first stroke draws on
    /// it, and no other window is made (the daemon's own, never mapped, come before it).
    static func expectParkedAndUsed(_ s: DaemonTests.Session, _ watch: ScreenWatch) throws {
        guard watch.wait(until: { w in w.overlay.map { Kept.parked(w, $0) } ?? false }) else {
            Issue.record("no overlay was parked before the first stroke: \(watch.created)")
            return
        }
        guard let overlay = watch.overlay else { return }
        let made = watch.created
        var attributes = XWindowAttributes()
        #expect(XGetWindowAttributes(watch.display, overlay, &attributes) != 0)
        #expect(attributes.depth == 32, "a window without alpha under a compositor")
        let trail = Drawn.straight()
        try s.server.startDrawing(trail)
        let drawn = watch.wait { w in trail.allSatisfy { w.pixel($0) == FeedbackTests.trailPixel } }
        #expect(drawn, "first trail: \(trail.map { String(watch.pixel($0), radix: 16) })")
        #expect(!Kept.parked(watch, overlay))
        try s.server.pointer.release(button: 3)
        try s.server.pointer.sync()
        #expect(s.daemon.waitForLine(containing: "feedback label: not recognized") != nil)
        #expect(watch.wait { Kept.parked($0, overlay) }, "not parked after the label")
        #expect(watch.created == made, "windows made: \(made) before the stroke, \(watch.created) after")
    }

    /// A watch made before the daemon starts, to see every window it makes: the session's
    /// server must outlive it (its connection closed on a stopped server ends the tests).
    static func watching(
        _ setUp: @escaping (ScreenWatch) -> Void = { _ in }, _ body: (DaemonTests.Session, ScreenWatch) throws -> Void
    ) throws {
        var watch: ScreenWatch?
        let s = try DaemonTests.Session(
            config: Kept.config,
            beforeStart: { server in
                let w = try ScreenWatch(server: server)
                setUp(w)
                watch = w
            })
        defer { watch = nil }
        if let w = watch { try body(s, w) }
    }

    /// A compositor running when xgest starts.
    @Test func theWindowIsParkedAtStartUnderACompositor() throws {
        try Self.watching({ _ = Kept.becomeCompositor($0) }) { s, watch in try Self.expectParkedAndUsed(s, watch) }
    }

    /// A compositor started after xgest: nothing is mapped before it (no compositor, no
    /// window), the parked window as it takes its selection.
    @Test func theWindowIsParkedWhenACompositorStarts() throws {
        try Self.watching { s, watch in
            #expect(watch.wait(timeoutSeconds: 0) { $0.overlay == nil }, "a window mapped with no compositor")
            _ = Kept.becomeCompositor(watch)
            try Self.expectParkedAndUsed(s, watch)
        }
    }
}
