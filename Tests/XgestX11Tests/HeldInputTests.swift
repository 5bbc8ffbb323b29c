import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// `key-down` and `drag` through `xgest run` on the real server: what the actions hold is
/// let go however the gesture ends (its end, a cancel, SIGTERM), checked with the server's
/// own key state (XQueryKeymap) and the pointer's button state (XQueryPointer).
@Suite struct HeldInputTests {
    /// The documented window switcher (docs/examples/window-switcher.toml): Alt down when
    /// a three-finger swipe right begins, Tab at every 100 px, Shift+Tab at every step back.
    static let switcher = windowSwitcherExample()

    /// A three-finger touchscreen drag holding the left button.
    static let drag = """
        [[gesture]]
        name = "drag3"
        kind = "pan"
        device = "touchscreen"
        fingers = 3
        action = "drag 1"
        """

    /// A session with a focused window that records keys, and a connection of the test's own
    /// to read the server's key and pointer state.
    ///
    /// Stored properties are destroyed in declaration order: the test's connection must
    /// close before the session stops the server.
    struct Switcher {
        let display: XDisplay
        let window: TestWindow
        let session: DaemonTests.Session
        let alt: UInt32
        let tab: UInt32

        init(
            config: String = HeldInputTests.switcher,
            daemonDisplay: (XorgServer) throws -> String = { $0.displayName }
        ) throws {
            let session = try DaemonTests.Session(config: config, display: daemonDisplay)
            self.session = session
            window = try TestWindow(server: session.server, x: 100, y: 100, width: 800, height: 600)
            try window.focus()
            display = try XDisplay(name: session.server.displayName)
            alt = session.keycode("Alt_L")
            tab = session.keycode("Tab")
            try session.server.pointer.move(x: 500, y: 400)
            try session.server.pointer.sync()
            _ = try window.receivedEvents()
        }

        /// The Tabs the daemon sent: steps read less than 8 ms apart (the daemon behind a
        /// loaded machine, two frames read in one pass) are dropped by design.
        var tabsRun: Int {
            session.daemon.stderrLines.filter { $0.contains("switcher: key Tab") && $0.contains("-> done") }.count
        }

        /// Begins the swipe and moves it right by `steps` × 60 px, one frame each, at a
        /// touchpad's 80 frames a second: steps of one binding faster than one per 8 ms
        /// are dropped by design (``tabsRun`` counts those sent).
        func begin(steps: Int) throws {
            let pad = session.server.touchpad
            try pad.swipe(.begin, fingers: 3)
            try pad.sync()
            let start = monotonicMicroseconds()
            for step in 1...steps {
                let due = start + UInt64(step) * Self.frameMicroseconds
                let now = monotonicMicroseconds()
                if due > now { usleep(UInt32(due - now)) }
                try pad.swipe(.update, fingers: 3, dx: 60)
                try pad.sync()
            }
        }

        static let frameMicroseconds: UInt64 = 12_500

        func end(cancelled: Bool = false) throws {
            try session.server.touchpad.swipe(.end, fingers: 3, cancelled: cancelled)
            try session.server.touchpad.sync()
        }

        /// A touch made now reaches the window whole, no Tab is typed, and no key is down:
        /// the gesture before it is over for good.
        func expectALaterTouchHandedBackWithNoTab() throws {
            let ts = session.server.touchscreen
            let tabs = session.daemon.stderrLines.filter { $0.contains("key Tab") }.count
            _ = try window.receivedEvents()
            try ts.begin(id: 4, x: 200, y: 200)
            try ts.sync()
            try ts.end(id: 4, x: 200, y: 200)
            try ts.sync()
            let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
            #expect(touches.map(\.phase) == [.begin, .end], "\(session.daemon.stderrLines.joined(separator: "\n"))")
            #expect(session.daemon.stderrLines.filter { $0.contains("key Tab") }.count == tabs)
            #expect(keysDown(display).isEmpty)
        }
    }

    @Test func theSwitcherHoldsAltThroughTheTabsAndLetsGoAtTheEnd() throws {
        let s = try Switcher()
        try s.begin(steps: 4)
        #expect(s.session.daemon.waitForLine(containing: "key Tab") != nil)
        #expect(keysDown(s.display).contains(s.alt), "Alt is held while the gesture goes on")
        try s.end()
        #expect(s.session.daemon.waitForLine(containing: "key-up alt") != nil)
        let keys = try s.window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == s.alt } }.keys
        // Alt goes down once, every Tab comes with Alt (Mod1) in its state, Alt comes up last.
        #expect(keys.first.map { $0.isPress && $0.keycode == s.alt } == true)
        #expect(keys.last.map { !$0.isPress && $0.keycode == s.alt } == true)
        let tabs = keys.filter { $0.keycode == s.tab && $0.isPress }
        #expect(
            tabs.count == s.tabsRun && s.tabsRun >= 1,
            "\(s.session.daemon.stderrLines.filter { $0.contains("switcher") })")
        #expect(tabs.allSatisfy { modifierBits($0.state) & mod1Mask != 0 })
        #expect(keys.filter { $0.keycode == s.alt }.count == 2)
        #expect(keysDown(s.display).isEmpty)
    }

    /// The user already holds Alt when the switcher begins: `key-down alt` does not press it
    /// again, and the Tabs must still arrive as Alt+Tab. The user's Alt was taken for a
    /// modifier to keep out of the combo, let go and pressed again around every Tab, which
    /// arrived plain.
    @Test func theSwitcherBegunWithAltAlreadyHeldSendsAltTab() throws {
        let s = try Switcher()
        let keyboard = s.session.server.keyboard
        try keyboard.press(keycode: s.alt)
        try keyboard.sync()
        _ = try s.window.collectEvents { $0.keys.contains { $0.isPress && $0.keycode == s.alt } }
        try s.begin(steps: 4)
        #expect(s.session.daemon.waitForLine(containing: "key Tab") != nil)
        try s.end()
        #expect(s.session.daemon.waitForLine(containing: "key-up alt") != nil)
        try keyboard.release(keycode: s.alt)
        try keyboard.sync()
        let keys = try s.window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == s.alt } }.keys
        let tabs = keys.filter { $0.keycode == s.tab && $0.isPress }
        #expect(
            tabs.count == s.tabsRun && s.tabsRun >= 1,
            "\(s.session.daemon.stderrLines.filter { $0.contains("switcher") })")
        #expect(tabs.allSatisfy { modifierBits($0.state) & mod1Mask != 0 })
        // Alt comes up once, when the user lets go of it.
        #expect(keys.filter { $0.keycode == s.alt }.map(\.isPress) == [false])
        #expect(keysDown(s.display).isEmpty)
    }

    @Test func aCancelledSwitcherLetsGoOfAlt() throws {
        let s = try Switcher()
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
        try s.end(cancelled: true)
        #expect(s.session.daemon.waitForLine(containing: "key-up alt") != nil)
        _ = try s.window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == s.alt } }
        #expect(keysDown(s.display).isEmpty)
    }

    /// The touchpad disabled (`xinput disable`, as unplugged) in the middle of the switcher:
    /// the server ends the swipe as if the fingers lifted, not flagged cancelled, then says
    /// the device is gone. The gesture is cancelled: its end action does not run, and Alt
    /// still comes up.
    @Test func aTouchpadDisabledMidSwipeCancelsItAndLetsGoOfAlt() throws {
        let s = try Switcher(config: HeldInputTests.switcher + "end-action = \"exec true ended\"\n")
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        try s.session.server.setEnabled(false, device: .touchpad)
        #expect(s.session.daemon.waitForLine(containing: "device removed") != nil)
        #expect(s.session.daemon.waitForLine(containing: "key-up alt") != nil)
        let lines = s.session.daemon.stderrLines
        #expect(
            lines.contains { $0.contains("transition switcher") && $0.contains("→ cancelled (device cancelled)") },
            "\(lines.joined(separator: "\n"))")
        #expect(!lines.contains { $0.contains("exec true ended") })
        _ = try s.window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == s.alt } }
        #expect(keysDown(s.display).isEmpty)
    }

    /// `xinput float` of the touchscreen in the middle of a three-finger pan holding Alt:
    /// the server ends none of the device's touches, and the pan ran on with Alt down. Once
    /// the device was attached again, every new touch was accepted into the old pan, and
    /// each lift typed Alt+Tab: the application got no touch at all.
    @Test func aTouchscreenFloatedInTheMiddleOfAPanLetsGoOfAltAndTakesNoLaterTouch() throws {
        let config = """
            [[gesture]]
            name = "pan3"
            kind = "pan"
            device = "touchscreen"
            fingers = 3
            begin-action = "key-down alt"
            action = "key Tab"
            on = "update"
            """
        let s = try Switcher(config: config)
        let ts = s.session.server.touchscreen
        try MasterChangeTests.panHoldingAlt(s)
        let id = try s.session.server.deviceID(.touchscreen)
        #expect(try runOnDisplay(s.session.server, "/usr/bin/xinput", ["float", "\(id)"]) == 0)
        #expect(s.session.daemon.waitForLine(containing: "device detached from its master: \(id) ") != nil)
        #expect(s.session.daemon.waitForLine(containing: "key-up alt") != nil)
        _ = try s.window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == s.alt } }
        #expect(keysDown(s.display).isEmpty)
        // The fingers lift on the floating device; attached again, it is used again.
        for (finger, x) in [(1, 390.0), (2, 450.0), (3, 510.0)] { try ts.end(id: UInt32(finger), x: x, y: 300) }
        try ts.sync()
        #expect(
            try runOnDisplay(s.session.server, "/usr/bin/xinput", ["reattach", "\(id)", "Virtual core pointer"]) == 0)
        #expect(s.session.daemon.waitForLine(containing: "device added: \(id) ") != nil)
        try s.expectALaterTouchHandedBackWithNoTab()
    }

    @Test func sigtermInTheMiddleOfTheSwitcherLetsGoOfAlt() throws {
        let s = try Switcher()
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
        #expect(s.session.daemon.stop(signal: SIGTERM) == 0)
        #expect(s.session.daemon.stderrLines.contains { $0.contains("stopping: held keys and buttons released") })
        #expect(keysDown(s.display).isEmpty)
        try s.end()
    }

    /// The other signals whose default action ends a process stop the daemon as SIGTERM
    /// does: SIGUSR1 ended it with the switcher's Alt still down, for the rest of the
    /// session under XDG autostart (nothing restarts the daemon there); so did a real-time
    /// signal (SIGRTMIN+2 here).
    @Test(arguments: [(SIGUSR1, "SIGUSR1"), (SIGALRM, "SIGALRM"), (__libc_current_sigrtmin() + 2, "SIGRTMIN+2")])
    func anotherSignalThatWouldEndTheDaemonLetsGoOfAltAsSIGTERMDoes(_ signal: Int32, _ name: String) throws {
        let s = try Switcher()
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
        #expect(s.session.daemon.stop(signal: signal, timeoutSeconds: 10) == 0)
        #expect(s.session.daemon.stderrLines.contains { $0.contains("stopping: held keys and buttons released") })
        #expect(
            s.session.daemon.stderrLines.contains {
                $0.hasSuffix("stopped by signal \(signal) (\(name)); every touch handed back")
            }, "\(s.session.daemon.stderrLines)")
        #expect(keysDown(s.display).isEmpty)
        try s.end()
    }

    /// The daemon's connection cut while the server lives on (what `xkill` does): the
    /// server keeps the XTest keyboard's Alt down, so the daemon lets go of it on a new
    /// connection before it exits.
    @Test func aCutConnectionInTheMiddleOfTheSwitcherLetsGoOfAlt() throws {
        let s = try Switcher()
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
        try killDaemonClient(s.display)
        s.session.daemon.process.waitUntilExit()
        #expect(s.session.daemon.process.terminationStatus == 69)
        #expect(s.session.daemon.waitForLine(containing: "released 1 held key(s) on a new connection") != nil)
        #expect(keysDown(s.display).isEmpty)
        try s.end()
    }

    /// The server gone in the middle of the switcher (the session's end): what it held
    /// went with it, so the daemon says it lost the connection and nothing more. It added
    /// "could not reach the X server again to release what xgest held", as if a key were
    /// still down somewhere.
    @Test func theServerGoneInTheMiddleOfTheSwitcherIsOneLine() throws {
        let session = try DaemonTests.Session(config: Self.switcher)
        let pad = session.server.touchpad
        try pad.swipe(.begin, fingers: 3)
        try pad.swipe(.update, fingers: 3, dx: 60)
        try pad.sync()
        #expect(session.daemon.waitForLine(containing: "key-down alt") != nil)
        session.server.stop()
        session.daemon.process.waitUntilExit()
        #expect(session.daemon.process.terminationStatus == 69)
        let lines = session.daemon.stderrLines
        #expect(lines.contains { $0.contains("lost the connection to the X server") }, "\(lines)")
        #expect(!lines.contains { $0.contains("could not reach") || $0.contains("on a new connection") }, "\(lines)")
    }

    /// A daemon killed in the middle of the switcher (SIGKILL, the OOM killer) lets go of
    /// nothing, and the server keeps the XTest keyboard's Alt down: everything typed came
    /// with Alt, even after a restart. The next daemon releases it at its start, and says so.
    @Test func altLeftDownByAKilledDaemonIsReleasedByTheNextOne() throws {
        let s = try Switcher()
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        _ = s.session.daemon.stop(signal: SIGKILL)
        try s.end()
        #expect(keysDown(s.display).contains(s.alt))

        let next = try XgestProcess(
            ["run", "--config", s.session.configPath], display: s.session.server.displayName)
        defer { _ = next.stop(signal: SIGTERM) }
        let line = next.waitForLine(containing: "released")
        #expect(
            line == "xgest: released Alt_L left down on the XTest devices by an earlier run that did not stop cleanly")
        #expect(keysDown(s.display).isEmpty)
    }

    /// A key another XTest client holds when the daemon starts (a VNC user's Shift, an
    /// on-screen keyboard's) is that client's: the daemon leaves it down and says nothing
    /// of it. Only what an earlier run of its own listed as held is released.
    @Test func aKeyAnotherXTestClientHoldsIsLeftDownAtStart() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let display = try XDisplay(name: server.displayName)
        let shift = UInt32(XKeysymToKeycode(display.handle, KeySym(XK_Shift_L)))
        XTestFakeKeyEvent(display.handle, shift, True, 0)
        XSync(display.handle, False)
        defer {
            XTestFakeKeyEvent(display.handle, shift, False, 0)
            XSync(display.handle, False)
        }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-\(UUID().uuidString).toml")
        try "# no bindings\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let daemon = try XgestProcess(["run", "--debug", "--config", config.path], display: server.displayName)
        defer { _ = daemon.stop(signal: SIGTERM) }
        #expect(daemon.waitForLine(containing: "capturing on") != nil)
        #expect(keysDown(display).contains(shift))
        #expect(daemon.stderrLines.allSatisfy { !$0.contains("released") }, "\(daemon.stderrLines)")
    }

    /// A reader of the trace that goes away (`xgest run --debug | head`, a session logger
    /// that stops): the daemon's writes fail, and it goes on. SIGPIPE ended it at the next
    /// line, before this switcher pressed Alt or with Alt left down in the server.
    @Test func theDaemonOutlivesTheReaderOfItsTraceAndLetsGoOfAlt() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("xgest.toml").path
        try HeldInputTests.switcher.write(toFile: config, atomically: true, encoding: .utf8)
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600)
        defer { window.close() }
        try window.focus()
        let display = try XDisplay(name: server.displayName)
        let alt = UInt32(XKeysymToKeycode(display.handle, XStringToKeysym("Alt_L")))

        let (daemon, trace, read) = try startDaemonReadingUpToCapture(config: config, display: server.displayName)
        defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
        // Read until it captures, then the reader goes.
        #expect(read.contains("capturing on"), "\(read)")
        try trace.fileHandleForReading.close()

        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 3)
        for _ in 1...2 {
            try pad.swipe(.update, fingers: 3, dx: 60)
            try pad.sync()
            usleep(UInt32(Switcher.frameMicroseconds))
        }
        let pressed = try window.collectEvents { $0.keys.contains { $0.isPress && $0.keycode == alt } }
        #expect(pressed.keys.contains { $0.isPress && $0.keycode == alt }, "the switcher pressed Alt")
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        let released = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == alt } }
        #expect(released.keys.contains { !$0.isPress && $0.keycode == alt }, "and let go of it")
        #expect(keysDown(display).isEmpty)
        // Still running: SIGTERM stops it as it stops a daemon whose trace is read.
        #expect(daemon.isRunning)
        kill(daemon.processIdentifier, SIGTERM)
        daemon.waitUntilExit()
        #expect(daemon.terminationReason == .exit && daemon.terminationStatus == 0)
    }

    /// A held keysym the keyboard lacks keeps its spare keycode mapped while it is down;
    /// a cut connection releases the key and puts the keycode's empty row back.
    @Test func aCutConnectionPutsBackAKeycodeMappedForAHeldKey() throws {
        let config = HeldInputTests.switcher.replacingOccurrences(
            of: "begin-action = \"key-down alt\"", with: "begin-action = \"key-down Greek_alpha\"")
        #expect(config.contains("key-down Greek_alpha"))
        let s = try Switcher(config: config)
        #expect(s.session.keycode("Greek_alpha") == 0, "the test keyboard has no Greek_alpha")
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down Greek_alpha") != nil)
        let mapped = s.session.keycode("Greek_alpha")
        #expect(mapped != 0)
        #expect(keysDown(s.display).contains(mapped))
        try killDaemonClient(s.display)
        s.session.daemon.process.waitUntilExit()
        #expect(
            s.session.daemon.waitForLine(
                containing: "released 1 held key(s), 1 temporarily mapped keycode(s) on a new connection") != nil)
        #expect(s.session.keycode("Greek_alpha") == 0)
        #expect(keysDown(s.display).isEmpty)
        try s.end()
    }

    /// A remote display whose host stops answering: the daemon's connection goes through a
    /// relay that is cut in the middle of the switcher and then never answers a new
    /// connection. Letting go of Alt cannot reach the server, so the daemon gives up after
    /// its deadline (2 s) and exits, instead of waiting on the new connection for as long
    /// as TCP would.
    @Test func aDisplayThatStopsAnsweringHoldsTheDaemonNoLongerThanItsDeadline() throws {
        var made: HangingDisplayRelay?
        let s = try Switcher(daemonDisplay: { server in
            let relay = try HangingDisplayRelay(server: server)
            made = relay
            return relay.displayName
        })
        let relay = try #require(made)
        defer { relay.stop() }
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
        relay.cut()
        let gaveUp = s.session.daemon.waitForLine(
            containing: "could not release what xgest held: the X server did not answer a new connection within 2 s")
        if gaveUp == nil { kill(s.session.daemon.process.processIdentifier, SIGKILL) }
        #expect(gaveUp != nil, "\(s.session.daemon.stderrLines.suffix(5))")
        s.session.daemon.process.waitUntilExit()
        #expect(s.session.daemon.process.terminationStatus == 69)
        #expect(
            s.session.daemon.stderrLines.contains {
                $0.hasPrefix("xgest: lost the connection to the X server \(relay.displayName) ")
            })
        // What it could not reach stays held: the relay's server is the test's own.
        #expect(keysDown(s.display).contains(s.alt))
        XTestFakeKeyEvent(s.display.handle, s.alt, False, 0)
        XSync(s.display.handle, False)
        try s.end()
    }

    @Test func aCutConnectionInTheMiddleOfADragReleasesTheButton() throws {
        let f = try DragFixture()
        try f.landAndDragRight()
        #expect(f.session.daemon.waitForLine(containing: "drag 1") != nil)
        #expect(pointerButtons(f.display) & button1Mask != 0)
        try killDaemonClient(f.display)
        f.session.daemon.process.waitUntilExit()
        #expect(f.session.daemon.waitForLine(containing: "released button 1 on a new connection") != nil)
        // With the daemon's grab gone the touches emulate the pointer, whose button 1 is
        // down until they end; after that only a button XTest still held would be.
        try f.lift()
        #expect(buttonsGoUp(f.display, button1Mask))
    }

    /// A daemon killed in the middle of a drag leaves button 1 down on the XTest pointer
    /// once the fingers are gone; the next daemon releases it at its start.
    @Test func aButtonLeftDownByAKilledDaemonIsReleasedByTheNextOne() throws {
        let f = try DragFixture()
        try f.landAndDragRight()
        #expect(f.session.daemon.waitForLine(containing: "drag 1") != nil)
        _ = f.session.daemon.stop(signal: SIGKILL)
        try f.lift()
        #expect(pointerButtons(f.display) & button1Mask != 0)

        let next = try XgestProcess(
            ["run", "--debug", "--config", f.session.configPath], display: f.session.server.displayName)
        defer { _ = next.stop(signal: SIGTERM) }
        #expect(next.waitForLine(containing: "xgest: released button 1 left down on the XTest devices") != nil)
        #expect(buttonsGoUp(f.display, button1Mask))
    }

    @Test func aThreeFingerDragPressesFollowsAndReleasesOnTheWindowUnderIt() throws {
        let f = try DragFixture()
        let (s, window, display) = (f.session, f.window, f.display)
        _ = try window.receivedEvents()
        try f.landAndDragRight()
        #expect(s.daemon.waitForLine(containing: "drag 1") != nil)
        // Mid-drag: the button is down.
        #expect(pointerButtons(display) & button1Mask != 0)
        try f.lift()
        let events = try window.collectEvents { $0.buttons.contains { !$0.isPress } }
        let buttons = events.buttons
        #expect(buttons.map(\.isPress) == [true, false])
        #expect(buttons.allSatisfy { $0.button == 1 && $0.window == window.window })
        // Pressed at the fingers' centroid when the pan began, released at their last centroid.
        let press = try #require(buttons.first)
        let release = try #require(buttons.last)
        #expect(press.root.x > 560 && press.root.x < 600 && press.root.y == 400)
        #expect(release.root == Point(x: 720, y: 400), "\(events)\n\(s.daemon.stderrLines.joined(separator: "\n"))")
        // The pointer moved with the fingers while the button was down (moves that come
        // faster than 8 ms apart are dropped, as any binding's steps are).
        let dragged = events.motions.filter { $0.state & button1Mask != 0 }
        #expect(!dragged.isEmpty)
        #expect(zip(dragged, dragged.dropFirst()).allSatisfy { $0.root.x <= $1.root.x })
        #expect(buttonsGoUp(display, button1Mask))
    }
}

/// A session with the drag binding, a window under the fingers and the test's own
/// connection, which closes first (declaration order) so the server outlives it.
struct DragFixture {
    let display: XDisplay
    let window: TestWindow
    let session: DaemonTests.Session

    init() throws {
        let session = try DaemonTests.Session(config: HeldInputTests.drag)
        self.session = session
        window = try TestWindow(server: session.server, x: 100, y: 100, width: 1200, height: 800)
        display = try XDisplay(name: session.server.displayName)
    }

    /// Where the three fingers land.
    static let startXs = [500.0, 560.0, 620.0]

    /// Lands three fingers at y 400 and moves them right 160 px in eight frames.
    func landAndDragRight() throws {
        let ts = session.server.touchscreen
        for (i, x) in Self.startXs.enumerated() { try ts.begin(id: UInt32(i + 1), x: x, y: 400) }
        try ts.sync()
        for step in 1...8 {
            for (i, x) in Self.startXs.enumerated() {
                try ts.update(id: UInt32(i + 1), x: x + Double(step * 20), y: 400)
            }
            try ts.sync()
        }
    }

    /// Lifts the three fingers where ``landAndDragRight()`` left them.
    func lift() throws {
        let ts = session.server.touchscreen
        for (i, x) in Self.startXs.enumerated() { try ts.end(id: UInt32(i + 1), x: x + 160, y: 400) }
        try ts.sync()
    }
}

let button1Mask: UInt32 = 1 << 8

/// Cuts the daemon's X connection as `xkill` does (XKillClient), naming it by the one
/// window the daemon keeps for as long as it runs: the screen-lock monitor's probe, an
/// unmapped 1×1 input-only override-redirect window at (−1, −1).
func killDaemonClient(_ display: XDisplay) throws {
    var root: Window = 0
    var parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    XQueryTree(display.handle, display.root, &root, &parent, &children, &count)
    defer { if let children { XFree(children) } }
    let probes = UnsafeBufferPointer(start: children, count: Int(count)).filter { w in
        var a = XWindowAttributes()
        return XGetWindowAttributes(display.handle, w, &a) != 0 && a.`class` == InputOnly
            && a.override_redirect != 0 && a.x == -1 && a.y == -1 && a.width == 1 && a.height == 1
    }
    #expect(probes.count == 1, "the daemon's probe window, and no other like it")
    let probe = try #require(probes.first)
    XKillClient(display.handle, probe)
    XSync(display.handle, False)
}

/// docs/examples/window-switcher.toml, read from the source tree.
private func windowSwitcherExample() -> String {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples/window-switcher.toml").path
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
