import CXgest
import Foundation
import Testing
import XgestTestServer

/// i3 makes its frames and tab bars override-redirect, as pop-ups and menus are: a gesture
/// on a tabbed container's tab bar was on "window i3-frame" (its `[[app]]` sections, `window
/// close` skipped as on "a pop-up or menu"), and a pop-up naming no owner over an
/// application was the pop-up itself, i3's frame below it being no managed window. The
/// window manager's windows are the application's they hold, or the one a tab bar shows.
@Suite struct I3HitTargetTests {
    static func i3(_ s: DaemonTests.Session, layout: String) throws -> WindowManagerProcess {
        var options = WindowManagerProcess.Options()
        options.program = .i3(workspaceLayout: layout)
        return try WindowManagerProcess(server: s.server, options: options)
    }

    static func window(_ s: DaemonTests.Session, className: String) throws -> TestWindow {
        let w = try TestWindow(server: s.server, x: 100, y: 100, width: 400, height: 300, className: className)
        try w.waitUntilViewable()
        return w
    }

    /// The daemon's trace of the touch begun at (x, y): where it hit-tested.
    static func hit(_ s: DaemonTests.Session, x: Double, y: Double) throws -> String {
        let before = s.daemon.stderrLines.filter { $0.contains("action         tap") }.count
        try ScreenLockTests.tap(s, x: x, y: y)
        #expect(s.daemon.waitForLines { $0.filter { $0.contains("action         tap") }.count > before })
        return s.daemon.stderrLines.last { $0.contains("-> ") && $0.contains("at \(Int(x)),\(Int(y))") } ?? ""
    }

    static func names(_ w: TestWindow) -> String {
        "-> window \(w.options.className ?? "") (0x" + String(w.window, radix: 16) + " "
    }

    @Test func aTabBarIsTheWindowItsContainerShows() throws {
        let s = try DaemonTests.Session(config: ScreenLockTests.config)
        let wm = try Self.i3(s, layout: "tabbed")
        let a = try Self.window(s, className: "AppA")
        let b = try Self.window(s, className: "AppB")
        // The tab bar: i3's window along the top, A's tab on the left, B's (shown) on the right.
        for x in [400.0, 1400.0] {
            let line = try Self.hit(s, x: x, y: 8)
            #expect(line.contains(Self.names(b)), "\(line)\n\(s.daemon.stderrLines.joined(separator: "\n"))")
            #expect(!line.contains("i3-frame"))
        }
        // Inside the container: the window shown there, as before.
        #expect(try Self.hit(s, x: 400, y: 500).contains(Self.names(b)))
        _ = (wm, a)
    }

    @Test func aPopupNamingNoOwnerIsTheWindowI3FramesBelowIt() throws {
        let s = try DaemonTests.Session(config: ScreenLockTests.config)
        let wm = try Self.i3(s, layout: "default")
        let a = try Self.window(s, className: "AppA")
        var options = TestWindow.Options(x: 300, y: 300, width: 300, height: 200)
        options.overrideRedirect = true
        options.className = "Popup"
        let popup = try TestWindow(server: s.server, options: options)
        let line = try Self.hit(s, x: 400, y: 400)
        #expect(line.contains(Self.names(a)), "\(line)")
        #expect(!line.contains("Popup"))
        _ = (wm, popup)
    }
}

/// A window manager's own panel along the top of the screen (awesome's wibar, Fluxbox's
/// toolbar at the top: override-redirect windows of its client) with a maximized window
/// just below it, as wide: a gesture on the panel was on that window, taken for the window
/// an i3 tab bar shows (a minimize swipe on the clock minimized it). The panel is the
/// desktop; the tab-bar rule is i3's, by its frames' class.
@Suite struct WindowManagerPanelTests {
    @Test func aPanelAboveAMaximizedWindowIsTheDesktopAndI3sTabBarIsNot() throws {
        let s = try DaemonTests.Session(config: ScreenLockTests.config)
        let wm = try StandInWindowManager(server: s.server)
        let panel = wm.window(x: 0, y: 0, width: 1920, height: 20)
        let frame = wm.window(x: 0, y: 20, width: 1920, height: 1060)
        let client = wm.client(in: frame, className: "Maxed")
        wm.sync()
        let onPanel = try I3HitTargetTests.hit(s, x: 400, y: 8)
        #expect(onPanel.contains("-> desktop"), "\(onPanel)")
        #expect(
            try I3HitTargetTests.hit(s, x: 400, y: 500).contains("-> window Maxed (0x\(String(client, radix: 16)) "))
        // The same window named as i3 names its tab bars: the window its container shows.
        wm.setClass(panel, "i3-frame")
        wm.sync()
        let onTabBar = try I3HitTargetTests.hit(s, x: 400, y: 8)
        #expect(onTabBar.contains("-> window Maxed (0x\(String(client, radix: 16)) "), "\(onTabBar)")
    }
}

/// A client that is a window manager as xgest tells one: a `_NET_SUPPORTING_WM_CHECK`
/// window naming itself, and override-redirect windows of its own (frames holding
/// WM_STATE clients, panels), as i3, Fluxbox and awesome make them.
final class StandInWindowManager {
    let display: OpaquePointer
    private let root: Window

    init(server: XorgServer) throws {
        display = try #require(XOpenDisplay(server.displayName))
        root = XDefaultRootWindow(display)
        let check = window(x: -10, y: -10, width: 1, height: 1, mapped: false)
        var id = UInt(check)
        let atom = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", False)
        for w in [check, root] {
            withUnsafeBytes(of: &id) { bytes in
                _ = XChangeProperty(
                    display, w, atom, Atom(XA_WINDOW), 32, PropModeReplace,
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
    }

    deinit { XCloseDisplay(display) }

    /// A mapped override-redirect top-level of this client.
    func window(x: Int32, y: Int32, width: UInt32, height: UInt32, mapped: Bool = true) -> Window {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let w = XCreateWindow(
            display, root, x, y, width, height, 0, Int32(CopyFromParent), UInt32(InputOutput), nil,
            UInt(CWOverrideRedirect),
            &attributes)
        if mapped { XMapWindow(display, w) }
        return w
    }

    /// An application's window filling `frame`, with WM_STATE and a class.
    func client(in frame: Window, className: String) -> Window {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, frame, &attributes)
        let w = XCreateSimpleWindow(
            display, frame, 0, 0, UInt32(attributes.width), UInt32(attributes.height), 0, 0, 0)
        setClass(w, className)
        var state: [UInt] = [1, 0]
        let atom = XInternAtom(display, "WM_STATE", False)
        state.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(
                display, w, atom, atom, 32, PropModeReplace, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 2)
        }
        XMapWindow(display, w)
        return w
    }

    func setClass(_ w: Window, _ name: String) {
        var bytes = Array((name + "\0" + name + "\0").utf8)
        _ = XChangeProperty(
            display, w, XInternAtom(display, "WM_CLASS", False), Atom(XA_STRING), 8, PropModeReplace, &bytes,
            Int32(bytes.count))
    }

    func sync() { XSync(display, False) }
}
