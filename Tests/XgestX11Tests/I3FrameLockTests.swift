import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// i3 makes its frames override-redirect, as a screen locker makes its windows, and a tiled
/// window's frame covers the screen: any keyboard grab (a password prompt, a VM viewer,
/// xterm's Secure Keyboard) was taken for a locker's and every gesture handed back, and a
/// window tiled during a gesture let go of the keys it held. The window manager's own
/// windows are no locker's; a locker over them is still one.
@Suite struct I3FrameLockTests {
    /// A daemon session, then i3 on its server.
    struct I3Session {
        let session: DaemonTests.Session
        let wm: WindowManagerProcess

        init(config: String, extraEnvironment: [String: String] = [:]) throws {
            session = try DaemonTests.Session(config: config, extraEnvironment: extraEnvironment)
            var options = WindowManagerProcess.Options()
            options.program = .i3(workspaceLayout: "default")
            wm = try WindowManagerProcess(server: session.server, options: options)
        }

        /// A window i3 tiles over the whole screen, viewable in its frame.
        func tiledWindow(className: String = "App") throws -> TestWindow {
            let w = try TestWindow(
                server: session.server, x: 100, y: 100, width: 400, height: 300, className: className)
            try w.waitUntilViewable()
            return w
        }

        func count(_ text: String) -> Int { session.daemon.stderrLines.filter { $0.contains(text) }.count }
    }

    @Test func aKeyboardGrabOverI3sFramesIsNoLock() throws {
        let marker = ScreenLockTests.Marker()
        let s = try I3Session(config: ScreenLockTests.config, extraEnvironment: ["XGEST_OUT": marker.path])
        let app = try s.tiledWindow()
        // The application's own grab, as xterm's Secure Keyboard or a VM viewer takes it.
        try app.grabKeyboard()
        try ScreenLockTests.tap(s.session)
        #expect(s.session.daemon.waitForLine(containing: "action         tap") != nil)
        #expect(s.session.daemon.waitForLine(containing: "exited") != nil)
        #expect(marker.taps == 1)
        #expect(s.count("handed back: the screen is locked") == 0)
        #expect(s.count("locked: gestures paused") == 0)
        #expect(s.count("cover the screen") == 0, "\(s.session.daemon.stderrLines.joined(separator: "\n"))")
    }

    /// The focus is on i3's window, so the locker's grab moves no focus the root sees: the
    /// lock is seen when the next gesture starts.
    @Test func aLockerOverI3sFramesStillLocks() throws {
        let marker = ScreenLockTests.Marker()
        let s = try I3Session(config: ScreenLockTests.config, extraEnvironment: ["XGEST_OUT": marker.path])
        _ = try s.tiledWindow()
        let locker = try ScreenLockTests.cover(s.session.server, grabbingTheKeyboard: true)
        try ScreenLockTests.tap(s.session)
        #expect(s.session.daemon.waitForLine(containing: "handed back: the screen is locked") != nil)
        #expect(s.count("action ") == 0)

        try locker.destroy()
        #expect(s.session.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        try ScreenLockTests.tap(s.session)
        #expect(s.session.daemon.waitForLine(containing: "action         tap") != nil)
        #expect(s.session.daemon.waitForLine(containing: "exited") != nil)
        #expect(marker.taps == 1)
    }

    /// The documented window switcher holds Alt from the swipe's begin; a window i3 tiles
    /// meanwhile (its frame then covers the screen) let go of it, and the Tabs after it
    /// switched nothing.
    @Test func aWindowTiledDuringTheSwitcherKeepsAltHeld() throws {
        let s = try I3Session(config: HeldInputTests.switcher)
        let display = try XDisplay(name: s.session.server.displayName)
        let alt = s.session.keycode("Alt_L")
        try s.session.server.pointer.move(x: 500, y: 400)
        try s.session.server.pointer.sync()
        let pad = s.session.server.touchpad
        func steps(_ n: Int) throws {
            for _ in 1...n {
                // A touchpad's 80 frames a second: steps less than 8 ms apart are dropped.
                usleep(12_500)
                try pad.swipe(.update, fingers: 3, dx: 60)
                try pad.sync()
            }
        }
        let tab = "switcher: key Tab"
        try pad.swipe(.begin, fingers: 3)
        try pad.sync()
        try steps(3)
        #expect(s.session.daemon.waitForLines { $0.contains { $0.contains(tab) } })
        #expect(keysDown(display).contains(alt))

        _ = try s.tiledWindow()
        let before = s.count(tab)
        try steps(3)
        // Read after the window's frame was mapped: the daemon has seen it by then.
        #expect(s.session.daemon.waitForLines { $0.filter { $0.contains(tab) }.count > before })
        #expect(keysDown(display).contains(alt), "\(s.session.daemon.stderrLines.joined(separator: "\n"))")
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        #expect(s.session.daemon.waitForLine(containing: "key-up alt") != nil)
        #expect(s.count("key-up alt") == 1 && s.count("not held") == 0)
        #expect(s.count("cover the screen") == 0)
        #expect(keysDown(display).isEmpty)
    }
}
