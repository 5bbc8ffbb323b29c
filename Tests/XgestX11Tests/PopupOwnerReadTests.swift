import CXgest
import Testing
import XgestCore
import XgestTestServer

@testable import XgestX11

/// A hit-test over pop-ups (override-redirect windows) reads each one's WM_TRANSIENT_FOR
/// once, and again only after it changes: a touch over 80 stacked pop-ups made 85 round
/// trips, one per pop-up at every touch.
@Suite(.serialized) struct PopupOwnerReadTests {
    @Test func aPopupsOwnerIsReadOnceAndAgainWhenItChanges() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let app = try TestWindow(server: server, x: 100, y: 100, width: 400, height: 300, className: "App")
        defer { app.close() }
        let other = try TestWindow(server: server, x: 700, y: 100, width: 400, height: 300, className: "Other")
        defer { other.close() }
        var popups: [TestWindow] = []
        defer { for w in popups { w.close() } }
        for _ in 0..<20 {
            var options = TestWindow.Options(x: 150, y: 150, width: 200, height: 100)
            options.overrideRedirect = true
            options.className = "App"
            popups.append(try TestWindow(server: server, options: options))
        }
        let capture = try Capture(server: server)
        capture.collect()
        let dpy = capture.display.handle
        let point = Point(x: 200, y: 180)

        /// The window a hit-test at `point` finds, and how many requests it made.
        func hit() -> (className: String?, requests: UInt) {
            let before = XNextRequest(dpy)
            let className = capture.source.hitTest(point).window?.className
            return (className, XNextRequest(dpy) - before)
        }

        // No pop-up names an owner: the window under them is theirs.
        #expect(hit().className == "App")
        let again = hit()
        #expect(again.className == "App")
        #expect(again.requests == 0, "the second hit-test made \(again.requests) requests")

        // The topmost one now names another window: seen at the next hit-test, and read once.
        let client = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(client) }
        let topmost = try #require(popups.last)
        XSetTransientForHint(client, topmost.window, other.window)
        XSync(client, 0)
        capture.collect()
        #expect(hit().className == "Other")
        let owned = hit()
        #expect(owned.className == "Other")
        #expect(owned.requests == 0, "the second hit-test made \(owned.requests) requests")

        // Its owner gone from the property: the window under it again.
        XDeleteProperty(client, topmost.window, Atom(XA_WM_TRANSIENT_FOR))
        XSync(client, 0)
        capture.collect()
        #expect(hit().className == "App")
    }
}
