import CXgest
import Testing
import XgestCore
import XgestTestServer

/// The overlay kept mapped under a compositor is one of the root's children like any other:
/// a window the window manager restacks directly above it names it as its sibling. The
/// daemon's window stack left it out, took that sibling for one it did not know and put
/// the window on top: a gesture where two windows overlap went to the one underneath.
@Suite struct KeptOverlayStackTests {
    static let config =
        FeedbackKeptOverlayTests.config + """

            [[gesture]]
            name = "a-tap"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "key a"
            """

    /// The root's children, bottom to top, as the server stacks them.
    static func serverStack(_ watch: ScreenWatch) -> [Window] {
        var root: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(watch.display, watch.root, &root, &parent, &children, &count) != 0, let children else {
            return []
        }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    @Test func aWindowRestackedDirectlyAboveTheOverlayStaysUnderTheWindowsAboveIt() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let watch = try ScreenWatch(server: s.server)
        _ = FeedbackKeptOverlayTests.becomeCompositor(watch)
        guard let overlay = try FeedbackKeptOverlayTests.drawAndPark(s, watch) else { return }

        // Made after the overlay, so above it: [overlay, upper, lower]. Then `lower` goes
        // down to just above the overlay, as a window manager lowers a window under another:
        // [overlay, lower, upper], its ConfigureNotify naming the overlay as `above`.
        let upper = try TestWindow(server: s.server, x: 200, y: 200, width: 600, height: 400, className: "Upper")
        let lower = try TestWindow(server: s.server, x: 400, y: 300, width: 600, height: 400, className: "Lower")
        var changes = XWindowChanges()
        changes.sibling = overlay
        changes.stack_mode = Above
        XConfigureWindow(watch.display, lower.window, UInt32(CWSibling | CWStackMode), &changes)
        XSync(watch.display, False)
        let stack = Self.serverStack(watch)
        let (o, l, u) = (
            stack.firstIndex(of: overlay), stack.firstIndex(of: lower.window), stack.firstIndex(of: upper.window)
        )
        #expect(o != nil && l == o.map { $0 + 1 } && u == l.map { $0 + 1 }, "the server's stack: \(stack)")

        // Both fingers where the two windows overlap: `upper` is the one shown there.
        try PopupTargetTests.tap(s, x: 600, y: 450)
        let acted = { (lines: [String]) in lines.filter { $0.contains("action") && $0.contains("a-tap: ") } }
        #expect(s.daemon.waitForLines { !acted($0).isEmpty }, "\(s.daemon.stderrLines.suffix(6))")
        // Its keys go to the focused window: the gesture's own lines name the window it was on.
        let lines = s.daemon.stderrLines
        #expect(lines.contains { $0.contains("-> window Upper (0x") }, "\(lines.suffix(8))")
        #expect(!lines.contains { $0.contains("-> window Lower (0x") }, "\(lines.suffix(8))")
        #expect(!watch.destroyed.contains(overlay))
        _ = try upper.receivedEvents()
        _ = try lower.receivedEvents()
    }
}
