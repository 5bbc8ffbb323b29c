import CXgest
import Foundation
import Testing
import XgestTestServer

/// A compositing manager started after xgest maps the Composite overlay window: over the
/// whole screen, override-redirect, with an empty input shape, so every event goes through
/// it to the windows below. Counted as a window, it made every gesture one "on the
/// desktop" and any keyboard grab (an open menu) a locked screen.
@Suite struct CompositeOverlayTests {
    static let config = """
        [[gesture]]
        name = "global-tap"
        kind = "tap"
        device = "touchscreen"
        fingers = 1
        action = "exec true"

        [[app]]
        class = "AppA"
        [[app.gesture]]
        name = "a-tap"
        kind = "tap"
        device = "touchscreen"
        fingers = 1
        action = "exec true"
        """

    /// Takes the overlay window as a compositing manager does, on its own connection; the
    /// server maps it until that connection closes. libXcomposite is loaded at run time:
    /// xgest itself does not link it (it reads input shapes, with SHAPE).
    final class Compositor {
        private let display: OpaquePointer
        let overlay: UInt

        init(displayName: String) throws {
            guard let library = dlopen("libXcomposite.so.1", RTLD_NOW),
                let symbol = dlsym(library, "XCompositeGetOverlayWindow")
            else { throw DaemonTestError("libXcomposite.so.1 (package libxcomposite1) is missing") }
            typealias GetOverlayWindow = @convention(c) (OpaquePointer?, UInt) -> UInt
            let getOverlayWindow = unsafeBitCast(symbol, to: GetOverlayWindow.self)
            guard let display = XOpenDisplay(displayName) else { throw DaemonTestError("no display") }
            self.display = display
            overlay = getOverlayWindow(display, XDefaultRootWindow(display))
            XSync(display, 0)
        }

        /// The server maps it taking input; the compositor then empties its input shape.
        func letInputThrough() {
            XShapeCombineRectangles(display, overlay, ShapeInput, 0, 0, nil, 0, ShapeSet, Unsorted)
            XSync(display, 0)
        }

        /// A window inside the overlay, over all of it, as xsecurelock draws its lock screen
        /// under a compositing manager; input passes through the overlay's empty input
        /// shape to the windows below, not to it.
        func mapChild(width: Int, height: Int) {
            var attributes = XSetWindowAttributes()
            attributes.override_redirect = 1
            let child = XCreateWindow(
                display, overlay, 0, 0, UInt32(width), UInt32(height), 0, 0, UInt32(InputOutput), nil,
                UInt(CWOverrideRedirect), &attributes)
            XMapWindow(display, child)
            XSync(display, 0)
        }

        deinit { XCloseDisplay(display) }
    }

    static func tap(_ s: DaemonTests.Session, x: Double, y: Double) throws {
        try s.server.touchscreen.begin(id: 1, x: x, y: y)
        try s.server.touchscreen.sync()
        try s.server.touchscreen.end(id: 1, x: x, y: y)
        try s.server.touchscreen.sync()
    }

    @Test func aCompositorStartedAfterXgestChangesNeitherTheWindowNorTheLock() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let app = try TestWindow(server: s.server, x: 100, y: 100, width: 600, height: 400, className: "AppA")
        defer { app.close() }
        let compositor = try Compositor(displayName: s.server.displayName)
        #expect(compositor.overlay != 0)
        // The daemon has seen the overlay window mapped, with the input shape the server
        // gives it, once a tap has come through; the compositor then empties it.
        try Self.tap(s, x: 300, y: 300)
        #expect(s.daemon.waitForLine(containing: "action         ") != nil)
        compositor.letInputThrough()
        try Self.tap(s, x: 300, y: 300)
        #expect(s.daemon.waitForLines { $0.filter { $0.contains("action         ") }.count == 2 })
        let taps = s.daemon.stderrLines.filter { $0.contains("action         ") }
        #expect(taps.allSatisfy { $0.contains("a-tap") }, "\(taps)")

        // An open menu: override-redirect, holding the keyboard grab.
        var options = TestWindow.Options(x: 200, y: 200, width: 100, height: 200)
        options.overrideRedirect = true
        options.className = "Menu"
        let menu = try TestWindow(server: s.server, options: options)
        try menu.grabKeyboard()
        try Self.tap(s, x: 800, y: 700)
        #expect(
            s.daemon.waitForLines { lines in
                lines.contains { $0.contains("action         global-tap") } || lines.contains { $0.contains("locked") }
            })
        #expect(!s.daemon.stderrLines.contains { $0.contains("locked: gestures paused") }, "\(s.daemon.stderrLines)")
        #expect(s.daemon.stderrLines.contains { $0.contains("action         global-tap") })
    }
}
