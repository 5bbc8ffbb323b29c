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
