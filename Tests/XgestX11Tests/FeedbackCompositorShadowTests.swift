import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer

/// What the overlay window tells compositing managers: no shadow of theirs. picom draws one
/// around every window whose type its configuration does not exempt (its built-in
/// defaults exempt none but the desktop's), and around the overlay it outlined the frame,
/// a rectangle of some 770×265 pixels, for as long as a trail or label was up.
@Suite struct FeedbackCompositorShadowTests {
    /// `_COMPTON_SHADOW` (CARDINAL, 32 bits) of `window`, nil when unset or of another type.
    static func comptonShadow(_ display: OpaquePointer, _ window: Window) -> UInt? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let property = XInternAtom(display, "_COMPTON_SHADOW", False)
        guard
            XGetWindowProperty(
                display, window, property, 0, 1, False, Atom(XA_CARDINAL), &type, &format, &count, &after, &data)
                == Success, let data
        else { return nil }
        defer { XFree(data) }
        guard type == Atom(XA_CARDINAL), format == 32, count == 1 else { return nil }
        return data.withMemoryRebound(to: UInt.self, capacity: 1) { $0.pointee }
    }

    /// With and without a compositor (the test owning its selection): the window with alpha
    /// is the one a compositor draws, the shaped one what a compositor started later finds.
    @Test(arguments: [false, true]) func theOverlayAsksCompositorsForNoShadow(composited: Bool) throws {
        let s = try DaemonTests.Session(config: FeedbackTests.config("label-duration = \"10s\""))
        let watch = try ScreenWatch(server: s.server)
        if composited {
            let owner = XCreateSimpleWindow(watch.display, watch.root, 0, 0, 1, 1, 0, 0, 0)
            let selection = XInternAtom(watch.display, "_NET_WM_CM_S0", False)
            XSetSelectionOwner(watch.display, selection, owner, UInt(CurrentTime))
            XSync(watch.display, False)
        }
        try s.server.drawWithPointer(Drawn.check())
        #expect(s.daemon.waitForLine(containing: "feedback label: check-f5") != nil)
        guard watch.wait(until: { $0.overlay != nil }), let overlay = watch.overlay else {
            Issue.record("no overlay window was mapped")
            return
        }
        var attributes = XWindowAttributes()
        #expect(XGetWindowAttributes(watch.display, overlay, &attributes) != 0)
        #expect(attributes.depth == (composited ? 32 : 24))
        #expect(Self.comptonShadow(watch.display, overlay) == 0)
    }
}
