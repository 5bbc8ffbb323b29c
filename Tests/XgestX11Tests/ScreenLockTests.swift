import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// Behind a screen locker no binding runs and every touch goes on to the locker; once it
/// is gone, the next gesture acts again.
@Suite struct ScreenLockTests {
    static let config = """
        [[gesture]]
        name = "tap"
        kind = "tap"
        device = "touchscreen"
        fingers = 1
        action = "exec sh -c 'echo tap >> \\"$XGEST_OUT\\"'"
        """

    final class Marker {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-lock-\(UUID().uuidString)")
            .path
        var taps: Int {
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func tap(_ s: DaemonTests.Session, x: Double = 400, y: Double = 300) throws {
        try s.server.touchscreen.begin(id: 1, x: x, y: y)
        try s.server.touchscreen.sync()
        try s.server.touchscreen.end(id: 1, x: x, y: y)
        try s.server.touchscreen.sync()
    }

    /// A locker of the test's own, up and seen: a full-screen override-redirect window
    /// holding the keyboard grab, which can say what it received.
    static func lockWithATestLocker(_ s: DaemonTests.Session) throws -> TestWindow {
        let locker = try Self.cover(s.server, grabbingTheKeyboard: true)
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        return locker
    }

    /// A test locker's window: override-redirect over the whole screen, of class Locker,
    /// holding the keyboard grab when asked, as every locker does.
    static func cover(_ server: XorgServer, grabbingTheKeyboard: Bool) throws -> TestWindow {
        var options = TestWindow.Options(x: 0, y: 0, width: server.screenWidth, height: server.screenHeight)
        options.overrideRedirect = true
        options.className = "Locker"
        let locker = try TestWindow(server: server, options: options)
        if grabbingTheKeyboard { try locker.grabKeyboard() }
        return locker
    }

    /// Whether another client holds the pointer or the keyboard grab: a grab asked on an
    /// input-only window never mapped is refused with AlreadyGrabbed while another client
    /// holds one, and with GrabNotViewable (granting nothing) while none does.
    static func anotherClientGrabs(_ d: OpaquePointer, probe: Window) -> Bool {
        let pointer = XGrabPointer(d, probe, False, 0, GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
        if pointer == GrabSuccess { XUngrabPointer(d, UInt(CurrentTime)) }
        let keyboard = XGrabKeyboard(d, probe, False, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        if keyboard == GrabSuccess { XUngrabKeyboard(d, UInt(CurrentTime)) }
        return pointer == AlreadyGrabbed || keyboard == AlreadyGrabbed
    }

    /// Kills `pids` and waits for them to exit (their pidfds), then for the server to take
    /// their grabs away: it does so only as it reads each connection's close, which it may
    /// do after answering other clients. Returns whether the grabs went in time.
    static func killWaitingForTheirGrabs(_ pids: [Int32], on server: XorgServer) -> Bool {
        let exits = pids.map { xgest_pidfd_open($0) }
        defer { for fd in exits where fd >= 0 { close(fd) } }
        for p in pids { kill(p, SIGKILL) }
        let deadline = Date().addingTimeInterval(5)
        for fd in exits where fd >= 0 {
            var exit = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            while exit.revents == 0, deadline.timeIntervalSinceNow > 0 {
                _ = poll(&exit, 1, Int32(deadline.timeIntervalSinceNow * 1000) + 1)
            }
        }
        guard let d = XOpenDisplay(server.displayName) else { return false }
        defer { XCloseDisplay(d) }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let probe = XCreateWindow(
            d, XDefaultRootWindow(d), -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWOverrideRedirect),
            &attributes)
        // Each probe is a round trip: the server reads the closes it has pending meanwhile.
        while anotherClientGrabs(d, probe: probe) {
            guard deadline.timeIntervalSinceNow > 0 else { return false }
        }
        return true
    }

    func count(_ s: DaemonTests.Session, _ text: String) -> Int {
        s.daemon.stderrLines.filter { $0.contains(text) }.count
    }

    @Test func nothingRunsBehindI3lockAndTheNextTapAfterItActs() throws {
        let marker = Marker()
        let s = try DaemonTests.Session(config: Self.config, extraEnvironment: ["XGEST_OUT": marker.path])
        let i3lock = Process()
        i3lock.executableURL = URL(fileURLWithPath: "/usr/bin/i3lock")
        i3lock.arguments = ["--nofork", "--color=000000"]
        i3lock.environment = environment(display: s.server.displayName)
        try i3lock.run()
        // i3lock leaves SIGTERM to its own handling, and a child it forks shares its X
        // connection; SIGKILL to both ends it for sure, and the X server then takes its
        // window and grabs away, as when a user unlocks. The daemon's trace says when.
        func unlock() {
            let pid = i3lock.processIdentifier
            for p in Array(childStates(of: pid).keys) + [pid] { kill(p, SIGKILL) }
        }
        defer { unlock() }
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)

        try Self.tap(s)
        #expect(s.daemon.waitForLine(containing: "handed back: the screen is locked") != nil)
        try Self.tap(s, x: 900, y: 700)
        #expect(s.daemon.waitForLines { $0.filter { $0.contains("handed back: the screen is locked") }.count >= 2 })
        #expect(count(s, "ownership") == 0, "a touch reached the engine behind the locker")
        #expect(count(s, "action ") == 0)

        unlock()
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        try Self.tap(s)
        #expect(s.daemon.waitForLine(containing: "action         tap") != nil)
        #expect(s.daemon.waitForLine(containing: "exited") != nil)
        #expect(marker.taps == 1)
        #expect(count(s, "locked: gestures paused") == 1)
        if marker.taps != 1 { print(s.daemon.stderrLines.joined(separator: "\n")) }
    }

    /// xscreensaver refuses to lock for root, so it runs as `nobody` (which needs root to
    /// start it); `-exit` is refused while locked, so the unlock is killing it, after which
    /// its `_SCREENSAVER_STATUS` still says LOCK but its windows are gone. Its processes
    /// die one by one: its windows went, and the daemon said `unlocked`, while a process
    /// holding its grab had not died yet, and the server gave that grab the next tap
    /// (`taken by another client`, 1 run in about 150). The tap waits for every process
    /// to exit and the grabs to go, as they go when a locker unlocks.
    @Test(.enabled(if: getuid() == 0, "xscreensaver runs as nobody, which needs root"))
    func nothingRunsBehindXscreensaverAndTheNextTapAfterItActs() throws {
        let marker = Marker()
        let s = try DaemonTests.Session(config: Self.config, extraEnvironment: ["XGEST_OUT": marker.path])
        let home = s.directory.appendingPathComponent("xscreensaver-home").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        #expect(chown(home, 65534, 65534) == 0)
        func asNobody(_ arguments: [String]) throws -> Process {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
            p.arguments = ["-u", "nobody", "--"] + arguments
            p.environment = environment(display: s.server.displayName, extra: ["HOME": home])
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        let saver = try asNobody(["/usr/bin/xscreensaver", "-no-splash"])
        func descendants(_ pid: Int32) -> [Int32] {
            let children = Array(childStates(of: pid).keys)
            return children + children.flatMap(descendants)
        }
        defer { for p in descendants(saver.processIdentifier) + [saver.processIdentifier] { kill(p, SIGKILL) } }
        // `-lock` fails until the daemon answers on its window: asked again until it does.
        var locked = false
        for _ in 0..<500 where !locked {
            let lock = try asNobody(["/usr/bin/xscreensaver-command", "-lock"])
            lock.waitUntilExit()
            locked = lock.terminationStatus == 0
        }
        #expect(locked)
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        try Self.tap(s)
        #expect(s.daemon.waitForLine(containing: "handed back: the screen is locked") != nil)
        #expect(count(s, "action ") == 0)

        #expect(
            Self.killWaitingForTheirGrabs(
                descendants(saver.processIdentifier) + [saver.processIdentifier], on: s.server),
            "xscreensaver's grabs stayed")
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        try Self.tap(s)
        #expect(
            s.daemon.waitForLine(containing: "action         tap") != nil,
            "\(s.daemon.stderrLines.joined(separator: "\n"))")
    }

    /// A locker of the test's own: a full-screen override-redirect window holding the
    /// keyboard grab, which can say what it received.
    @Test func theLockersWindowGetsTheWholeTouch() throws {
        let marker = Marker()
        let s = try DaemonTests.Session(config: Self.config, extraEnvironment: ["XGEST_OUT": marker.path])
        let locker = try Self.lockWithATestLocker(s)
        try Self.tap(s, x: 321, y: 234)
        let touches = try locker.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])
        #expect(count(s, "action ") == 0)

        try locker.destroy()
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        try Self.tap(s)
        #expect(
            s.daemon.waitForLine(containing: "action         tap") != nil,
            "\(s.daemon.stderrLines.joined(separator: "\n"))")
    }

    /// An open menu (override-redirect, holding the keyboard grab) when a locker maps its
    /// full-screen window: locked, as with any grab. A locker that cannot get the grab then
    /// gives up and its window goes (i3lock: "Cannot grab pointer/keyboard"): the menu, no
    /// part of the cover, leaves the screen unlocked, and the next tap acts.
    @Test func aMenuBesideALockerThatGaveUpLeavesTheScreenUnlocked() throws {
        let marker = Marker()
        let s = try DaemonTests.Session(config: Self.config, extraEnvironment: ["XGEST_OUT": marker.path])
        var small = TestWindow.Options(x: 500, y: 20, width: 300, height: 200)
        small.overrideRedirect = true
        small.className = "Menu"
        let menu = try TestWindow(server: s.server, options: small)
        defer { menu.close() }
        try menu.grabKeyboard()
        let locker = try Self.cover(s.server, grabbingTheKeyboard: false)
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        try locker.destroy()
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)

        try Self.tap(s, x: 900, y: 700)
        #expect(s.daemon.waitForLine(containing: "action         tap") != nil)
        #expect(count(s, "handed back: the screen is locked") == 0)
    }

    /// xsecurelock under a compositing manager: its lock screen inside the Composite
    /// overlay window, which input passes through, and on the root an "obscurer" 1 px short
    /// of every edge, with the keyboard grab. The frame it leaves uncovers nothing.
    @Test func xsecurelockUnderACompositorLocks() throws {
        let marker = Marker()
        let s = try DaemonTests.Session(config: Self.config, extraEnvironment: ["XGEST_OUT": marker.path])
        let compositor = try CompositeOverlayTests.Compositor(displayName: s.server.displayName)
        compositor.letInputThrough()
        compositor.mapChild(width: s.server.screenWidth, height: s.server.screenHeight)
        var options = TestWindow.Options(x: 1, y: 1, width: s.server.screenWidth - 2, height: s.server.screenHeight - 2)
        options.overrideRedirect = true
        options.className = "xsecurelock"
        let obscurer = try TestWindow(server: s.server, options: options)
        try obscurer.grabKeyboard()
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        try Self.tap(s)
        #expect(s.daemon.waitForLine(containing: "handed back: the screen is locked") != nil)
        #expect(count(s, "action ") == 0)

        try obscurer.destroy()
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        try Self.tap(s)
        #expect(
            s.daemon.waitForLine(containing: "action         tap") != nil,
            "\(s.daemon.stderrLines.joined(separator: "\n"))")
    }

    /// A tap made on the lock screen, read by a daemon behind its input (stopped here) after
    /// the locker went: the probe of the keyboard grab at the tap's start answered for the
    /// server as it was then, unlocked, and the tap ran its action. Input read before the
    /// probe answered is judged locked.
    @Test func aTapMadeWhileLockedAndReadAfterTheUnlockDoesNotAct() throws {
        let marker = Marker()
        let s = try DaemonTests.Session(config: Self.config, extraEnvironment: ["XGEST_OUT": marker.path])
        let locker = try Self.lockWithATestLocker(s)
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        try Self.tap(s)
        try locker.destroy()
        kill(pid, SIGCONT)
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        // A tap after the unlock acts; its action is the only one.
        try Self.tap(s, x: 900, y: 700)
        #expect(s.daemon.waitForLine(containing: "action         tap") != nil)
        #expect(count(s, "action         tap") == 1, "\(s.daemon.stderrLines.joined(separator: "\n"))")
        #expect(count(s, "handed back: the screen is locked") == 1)
    }

    /// The locker's pointer grab takes a press of the stroke button on the lock screen, as
    /// it should: nothing tells the user to unbind a hotkey or restart xgest, and the first
    /// stroke after the unlock fires with nothing said about the button coming back.
    @Test func aStrokeButtonPressedOnTheLockScreenIsNotSaidTaken() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let locker = try Self.cover(s.server, grabbingTheKeyboard: true)
        try locker.grabPointer()
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        let stroke = (0...8).map { Point(x: 800 - Double($0 * 40), y: 400 + Double($0)) }
        try s.server.drawWithPointer(stroke)
        let events = try locker.collectEvents { $0.buttons.contains { !$0.isPress } }
        #expect(events.buttons.map(\.isPress) == [true, false], "the locker's grab did not take the press")
        try locker.destroy()
        // After the stroke's events: what they made is said by now.
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        #expect(count(s, "taken by another client's grab") == 0, "\(s.daemon.stderrLines)")

        try s.server.drawWithPointer(stroke)
        #expect(s.daemon.waitForLine(containing: "action         back") != nil)
        #expect(count(s, "came to xgest again") == 0, "\(s.daemon.stderrLines.joined(separator: "\n"))")
    }

    /// A locker comes up in the middle of a pointer stroke: it maps its window first, then
    /// takes the pointer's grab (i3lock gives up when it cannot). The stroke lets go of the
    /// pointer for it, and its action does not run behind the lock screen at the release.
    @Test func aStrokeInProgressLetsALockerGrabThePointerAndDoesNotAct() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let p = s.server.pointer
        try p.press(button: 3, x: 800, y: 400)
        for k in 1...3 { try p.move(x: 800 - Double(k * 40), y: 400) }
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "at 680,400") != nil)
        let locker = try Self.cover(s.server, grabbingTheKeyboard: false)
        #expect(s.daemon.waitForLine(containing: "press of button 3 let go: windows cover the screen") != nil)
        #expect(throws: Never.self) { try locker.grabPointer() }
        try locker.grabKeyboard()
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        for k in 4...8 { try p.move(x: 800 - Double(k * 40), y: 400) }
        try p.release(button: 3)
        try p.sync()
        let events = try locker.collectEvents { $0.buttons.contains { !$0.isPress } }
        #expect(events.buttons.map(\.isPress) == [false], "the locker's grab did not get the release")
        try locker.destroy()
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        #expect(count(s, "action ") == 0, "\(s.daemon.stderrLines.joined(separator: "\n"))")
    }

    /// A locker whose window and keyboard grab are read in one pass (the daemon busy, as
    /// i3lock's came 2 times in 7) locked at once, and the Alt a `key-down` held stayed
    /// down behind it: the password typed with Alt held.
    @Test func keysHeldWhenTheScreenIsLockedAtOnceAreLetGo() throws {
        let s = try HeldInputTests.Switcher()
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
        // Stopped, the daemon reads the window and the grab together when it goes on.
        kill(s.session.daemon.process.processIdentifier, SIGSTOP)
        let locker = try Self.cover(s.session.server, grabbingTheKeyboard: true)
        kill(s.session.daemon.process.processIdentifier, SIGCONT)
        #expect(s.session.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        #expect(
            s.session.daemon.waitForLine(containing: "windows cover the screen: held keys and buttons released") != nil)
        #expect(keysDown(s.display).isEmpty, "\(s.session.daemon.stderrLines.joined(separator: "\n"))")
        try locker.destroy()
        #expect(s.session.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        try s.end()
    }

    /// A locker that maps its window and grabs the keyboard in a later request, while an
    /// application's window has the keyboard focus: the grab moves the focus from that
    /// window to the locker's, and the root, which xgest watched, heard nothing of it. The
    /// lock was seen only at the next gesture's start: the switcher under way typed its
    /// Tabs into the locker (20 runs of 20 by hand, under i3 and with no window manager).
    /// The covering window's focus is watched too: the lock is seen at the grab.
    @Test func aLockerThatGrabsTheKeyboardAfterItMapsIsSeenWhileAnApplicationHasTheFocus() throws {
        let s = try HeldInputTests.Switcher()
        let daemon = s.session.daemon
        try s.begin(steps: 1)
        #expect(daemon.waitForLine(containing: "key-down alt") != nil)
        let locker = try Self.cover(s.session.server, grabbingTheKeyboard: false)
        #expect(daemon.waitForLine(containing: "covered: windows cover the screen") != nil)
        try locker.grabKeyboard()
        #expect(daemon.waitForLine(containing: "locked: gestures paused") != nil, "\(daemon.stderrLines)")
        // The fingers go on: no Tab is typed behind the locker.
        for _ in 0..<3 {
            try s.session.server.touchpad.swipe(.update, fingers: 3, dx: 60)
            try s.session.server.touchpad.sync()
        }
        try s.end()
        #expect(daemon.waitForLine(containing: "key-up alt") != nil)
        let locked = daemon.stderrLines.firstIndex { $0.contains("locked: gestures paused") } ?? 0
        #expect(
            !daemon.stderrLines[locked...].contains { $0.contains("key Tab") && $0.contains("-> done") },
            "\(daemon.stderrLines)")
        #expect(try locker.receivedEvents().keys.filter { $0.isPress }.isEmpty)
    }

    /// A 1920×1080 monitor on the left of the 3840×1080 root, a 1280×1024 one beside it.
    static func setMonitorsOfDifferentSizes(_ server: XorgServer) throws {
        #expect(
            try runOnDisplay(server, "/usr/bin/xrandr", ["--setmonitor", "left", "1920/508x1080/286+0+0", "DUMMY0"])
                == 0)
        #expect(
            try runOnDisplay(server, "/usr/bin/xrandr", ["--setmonitor", "right", "1280/338x1024/270+1920+0", "none"])
                == 0)
    }

    /// xscreensaver's way on two monitors of different sizes: a window on each, none over
    /// the corner of the root no monitor shows. A monitor plugged in while locked (docking),
    /// which such a locker does not cover, leaves the screen locked: it ends with its windows.
    @Test func aLockerWindowPerMonitorLocksAndAMonitorPluggedInWhileLockedLeavesItLocked() throws {
        let config = """
            [[gesture]]
            name = "tap"
            kind = "tap"
            device = "touchscreen"
            fingers = 1
            action = "key F5"
            """
        let s = try MonitorSession(config: config, before: { try Self.setMonitorsOfDifferentSizes($0) })
        #expect(s.daemon.waitForLine(containing: "monitor right") != nil)
        var windows: [TestWindow] = []
        for (x, width, height) in [(0, 1920, 1080), (1920, 1280, 1024)] {
            var options = TestWindow.Options(x: x, y: 0, width: width, height: height)
            options.overrideRedirect = true
            options.className = "Locker"
            windows.append(try TestWindow(server: s.server, options: options))
        }
        try windows[0].grabKeyboard()
        #expect(s.daemon.waitForLine(containing: "locked: gestures paused") != nil)
        try XgestX11Tests.tap(s.server, x: 400)
        try XgestX11Tests.tap(s.server, x: 2500)
        #expect(s.daemon.waitForLines { $0.filter { $0.contains("handed back: the screen is locked") }.count >= 2 })

        // A third monitor where no locker window is; xrandr --setmonitor sends no event.
        #expect(
            try runOnDisplay(s.server, "/usr/bin/xrandr", ["--setmonitor", "tv", "640/169x1080/286+3200+0", "none"])
                == 0)
        kill(s.daemon.process.processIdentifier, SIGHUP)
        #expect(s.daemon.waitForLine(containing: "SIGHUP: monitors changed") != nil)
        try XgestX11Tests.tap(s.server, x: 3500)
        #expect(s.daemon.waitForLines { $0.filter { $0.contains("handed back: the screen is locked") }.count >= 3 })
        #expect(!s.daemon.stderrLines.contains { $0.contains("unlocked") || $0.contains("action ") })

        for window in windows { try window.destroy() }
        #expect(s.daemon.waitForLine(containing: "unlocked: gestures resumed") != nil)
        try XgestX11Tests.tap(s.server, x: 3500)
        #expect(s.daemon.waitForLine(containing: "action         tap") != nil)
    }

    /// A compositor's overlay is a full-screen override-redirect window with no grab; an
    /// open menu holds the keyboard grab with no full-screen window. Neither is a locker.
    @Test func aCoveringWindowWithoutAGrabOrAGrabWithoutOneLocksNothing() throws {
        let marker = Marker()
        let s = try DaemonTests.Session(config: Self.config, extraEnvironment: ["XGEST_OUT": marker.path])
        var options = TestWindow.Options(x: 0, y: 0, width: s.server.screenWidth, height: s.server.screenHeight)
        options.overrideRedirect = true
        let overlay = try TestWindow(server: s.server, options: options)
        try Self.tap(s)
        #expect(s.daemon.waitForLine(containing: "action         tap") != nil)
        try overlay.destroy()

        let menu = try TestWindow(server: s.server, x: 100, y: 100, width: 200, height: 300, className: "Menu")
        try menu.grabKeyboard()
        try Self.tap(s, x: 900, y: 700)
        #expect(s.daemon.waitForLines { $0.filter { $0.contains("action         tap") }.count >= 2 })
        #expect(count(s, "locked: gestures paused") == 0)
    }
}
