import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A device moved to another master pointer in the middle of a gesture (`xinput reattach`,
/// `xinput remove-master`): the server ends none of its touches or gestures and flags no
/// detach, so the gesture is cancelled from the master recorded for the device. It stayed
/// open for good: a `key-down alt` kept Alt down, and every later touch was taken into it
/// or rejected.
@Suite struct MasterChangeTests {
    /// A three-finger touchscreen pan holding Alt, a Tab at each update.
    static let pan = """
        [[gesture]]
        name = "pan3"
        kind = "pan"
        device = "touchscreen"
        fingers = 3
        begin-action = "key-down alt"
        action = "key Tab"
        on = "update"
        """

    /// A touchscreen floating when the daemon starts (floated, or disabled by a desktop
    /// for a 2-in-1 in laptop mode) is used once attached: its floating record was kept,
    /// so it was never looked at again, and every touch of it was handed back.
    @Test func aTouchscreenFloatingAtTheStartIsUsedOnceAttached() throws {
        let config = """
            [[gesture]]
            name = "tap2"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "exec true"
            """
        let s = try DaemonTests.Session(
            config: config,
            display: { server in
                let id = try server.deviceID(.touchscreen)
                #expect(try runOnDisplay(server, "/usr/bin/xinput", ["float", "\(id)"]) == 0)
                return server.displayName
            })
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Floated")
        let id = try s.server.deviceID(.touchscreen)
        #expect(try runOnDisplay(s.server, "/usr/bin/xinput", ["reattach", "\(id)", Self.coreMaster]) == 0)
        // A one-finger touch no binding takes reaches the window.
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 300, y: 300)
        try ts.sync()
        try ts.end(id: 1, x: 300, y: 300)
        try ts.sync()
        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])
        // And a two-finger tap is xgest's.
        try ts.begin(id: 2, x: 300, y: 300)
        try ts.begin(id: 3, x: 400, y: 300)
        try ts.sync()
        try ts.end(id: 2, x: 300, y: 300)
        try ts.end(id: 3, x: 400, y: 300)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         tap2") != nil)
    }

    static let secondMaster = "second pointer"
    static let coreMaster = "Virtual core pointer"

    /// Makes a second master pointer and keyboard before the daemon starts, with the
    /// devices of `kinds` on it.
    static func secondMaster(with kinds: [InputTestDeviceKind]) -> (XorgServer) throws -> String {
        { server in
            #expect(try runOnDisplay(server, "/usr/bin/xinput", ["create-master", "second"]) == 0)
            for kind in kinds {
                let id = try server.deviceID(kind)
                #expect(try runOnDisplay(server, "/usr/bin/xinput", ["reattach", "\(id)", secondMaster]) == 0)
            }
            return server.displayName
        }
    }

    /// Three fingers down and moved until the pan holds Alt.
    static func panHoldingAlt(_ s: HeldInputTests.Switcher) throws {
        let ts = s.session.server.touchscreen
        for (finger, x) in [(1, 300.0), (2, 360.0), (3, 420.0)] { try ts.begin(id: UInt32(finger), x: x, y: 300) }
        try ts.sync()
        for step in 1...3 {
            for (finger, x) in [(1, 300.0), (2, 360.0), (3, 420.0)] {
                try ts.update(id: UInt32(finger), x: x + Double(step) * 30, y: 300)
            }
            try ts.sync()
        }
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
    }

    /// The pan was cancelled: Alt is let go; the fingers lift, and a later touch reaches
    /// the window with no Tab typed.
    static func panCancelled(_ s: HeldInputTests.Switcher, device id: Int) throws {
        #expect(s.session.daemon.waitForLine(containing: "device detached from its master: \(id) ") != nil)
        #expect(s.session.daemon.waitForLine(containing: "key-up alt") != nil)
        _ = try s.window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == s.alt } }
        #expect(keysDown(s.display).isEmpty)
        let ts = s.session.server.touchscreen
        for (finger, x) in [(1, 390.0), (2, 450.0), (3, 510.0)] { try ts.end(id: UInt32(finger), x: x, y: 300) }
        try ts.sync()
        try s.expectALaterTouchHandedBackWithNoTab()
    }

    @Test func aTouchscreenMovedToAnotherMasterInTheMiddleOfAPanCancelsIt() throws {
        let s = try HeldInputTests.Switcher(config: Self.pan, daemonDisplay: Self.secondMaster(with: []))
        let id = try s.session.server.deviceID(.touchscreen)
        try Self.panHoldingAlt(s)
        #expect(try runOnDisplay(s.session.server, "/usr/bin/xinput", ["reattach", "\(id)", Self.secondMaster]) == 0)
        // Listed at the start, and again on its new master.
        #expect(waitForLines(s.session.daemon, containing: "device added: \(id) ", count: 2))
        try Self.panCancelled(s, device: id)
    }

    /// `xinput remove-master` moves the master's slaves to the named master.
    @Test func aTouchscreenWhoseMasterIsRemovedToAnotherInTheMiddleOfAPanCancelsIt() throws {
        let s = try HeldInputTests.Switcher(
            config: Self.pan, daemonDisplay: Self.secondMaster(with: [.touchscreen]))
        let id = try s.session.server.deviceID(.touchscreen)
        try Self.panHoldingAlt(s)
        let arguments = [
            "remove-master", Self.secondMaster, "AttachToMaster", Self.coreMaster, "Virtual core keyboard",
        ]
        #expect(try runOnDisplay(s.session.server, "/usr/bin/xinput", arguments) == 0)
        // Listed at the start, and again on its new master.
        #expect(waitForLines(s.session.daemon, containing: "device added: \(id) ", count: 2))
        try Self.panCancelled(s, device: id)
    }

    /// `xinput remove-master` by default leaves the master's slaves floating, and the server
    /// says nothing of them in the hierarchy event's flags.
    @Test func aTouchscreenWhoseMasterIsRemovedInTheMiddleOfAPanCancelsIt() throws {
        let s = try HeldInputTests.Switcher(
            config: Self.pan, daemonDisplay: Self.secondMaster(with: [.touchscreen]))
        let id = try s.session.server.deviceID(.touchscreen)
        try Self.panHoldingAlt(s)
        #expect(try runOnDisplay(s.session.server, "/usr/bin/xinput", ["remove-master", Self.secondMaster]) == 0)
        #expect(s.session.daemon.waitForLine(containing: "device detached from its master: \(id) ") != nil)
        // Floating, it is not used; attached again, it is.
        #expect(try runOnDisplay(s.session.server, "/usr/bin/xinput", ["reattach", "\(id)", Self.coreMaster]) == 0)
        #expect(waitForLines(s.session.daemon, containing: "device added: \(id) ", count: 2))
        try Self.panCancelled(s, device: id)
    }

    /// Touches xgest still held when the touchscreen moved to another master stay on the
    /// master they began on, never to end there. Left to xgest's connection, they were
    /// handed back when the daemon stopped, to Openbox's click grab through the emulated
    /// pointer and a GTK 3 window under the fingers, and the X server crashed in Openbox's
    /// AllowEvents, ending the session. They are accepted when the move is read: the server
    /// outlives the daemon, and the touchscreen's taps still reach xgest on its new master.
    @Test func touchesHeldWhenTheTouchscreenChangesMastersLeaveTheServerRunningAtTheStop() throws {
        let config = """
            [[gesture]]
            name = "swipe3"
            kind = "swipe"
            device = "touchscreen"
            fingers = 3
            direction = "left"
            swipe-duration = "5s"
            action = "exec true"

            [[gesture]]
            name = "tap2"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "exec true"
            """
        let s = try DaemonTests.Session(config: config, display: Self.secondMaster(with: []))
        var options = WindowManagerProcess.Options()
        options.clickToFocus = true
        let wm = try WindowManagerProcess(server: s.server, options: options)
        defer { _ = wm.stop() }
        let probe = try GTK3Probe(
            display: s.server.displayName, x: 100, y: 100, width: 800, height: 800,
            script: GTK3Probe.probes.appendingPathComponent("gtk3_touch_probe.py").path)
        defer { probe.stop() }
        let id = try s.server.deviceID(.touchscreen)
        let ts = s.server.touchscreen
        let (x, y) = (Double(probe.frame.x + 200), Double(probe.frame.y + 200))
        // Three fingers down on the window and moved less than a swipe's distance: the swipe
        // holds them.
        for finger in 1...3 { try ts.begin(id: UInt32(finger), x: x + Double(finger) * 60, y: y) }
        try ts.sync()
        for finger in 1...3 { try ts.update(id: UInt32(finger), x: x + Double(finger) * 60 - 10, y: y) }
        try ts.sync()
        #expect(waitForLines(s.daemon, containing: "touch-update", count: 3))
        #expect(try runOnDisplay(s.server, "/usr/bin/xinput", ["reattach", "\(id)", Self.secondMaster]) == 0)
        #expect(s.daemon.waitForLine(containing: "device detached from its master: \(id) ") != nil)
        // The trace says they were kept, before the engine's verdict on them, which does nothing.
        #expect(
            s.daemon.waitForLine(
                containing: "of device \(id) accepted by xgest itself: the device left its master mid-gesture") != nil)
        for finger in 1...3 { try ts.update(id: UInt32(finger), x: x + Double(finger) * 60 - 20, y: y) }
        try ts.sync()
        for finger in 1...3 { try ts.end(id: UInt32(finger), x: x + Double(finger) * 60 - 20, y: y) }
        try ts.sync()
        #expect(waitForLines(s.daemon, containing: "device added: \(id) ", count: 2))
        // A two-finger tap on the new master is xgest's.
        try ts.begin(id: 4, x: x, y: y)
        try ts.begin(id: 5, x: x + 60, y: y)
        try ts.sync()
        try ts.end(id: 4, x: x, y: y)
        try ts.end(id: 5, x: x + 60, y: y)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         tap2") != nil)

        _ = s.daemon.stop(signal: SIGTERM)
        #expect(s.daemon.waitForLine(containing: "every touch handed back") != nil)
        let display = XOpenDisplay(s.server.displayName)
        #expect(display != nil, "the X server is gone")
        if let display {
            XSync(display, False)
            XCloseDisplay(display)
        }
        #expect(s.server.isRunning)
    }

    /// The window switcher's touchpad moved to another master while it holds Alt: the
    /// swipe's end never came, and Alt stayed down in the core keyboard.
    @Test func aTouchpadMovedToAnotherMasterInTheMiddleOfTheSwitcherLetsGoOfAlt() throws {
        let s = try HeldInputTests.Switcher(daemonDisplay: Self.secondMaster(with: []))
        let id = try s.session.server.deviceID(.touchpad)
        try s.begin(steps: 2)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        #expect(keysDown(s.display).contains(s.alt))
        #expect(try runOnDisplay(s.session.server, "/usr/bin/xinput", ["reattach", "\(id)", Self.secondMaster]) == 0)
        #expect(s.session.daemon.waitForLine(containing: "device detached from its master: \(id) ") != nil)
        #expect(s.session.daemon.waitForLine(containing: "key-up alt") != nil)
        _ = try s.window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == s.alt } }
        #expect(keysDown(s.display).isEmpty)
        try s.end()
        // On its new master, the next swipe is a switcher of its own.
        try s.begin(steps: 2)
        #expect(waitForLines(s.session.daemon, containing: "key-down alt", count: 2))
        try s.end()
        #expect(waitForLines(s.session.daemon, containing: "key-up alt", count: 2))
        _ = try s.window.collectEvents { $0.keys.filter { !$0.isPress && $0.keycode == s.alt }.count >= 1 }
        #expect(keysDown(s.display).isEmpty)
    }
}
