import CXgest
import Foundation
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// xgest's XTest keys outside its combos under the core keyboard's AccessX filters: the
/// modifiers pressed around a replayed press, and the keys an earlier run or a cut
/// connection left down, released by the next run or on a new connection. Like combos
/// (AccessXKeyTests), they arrive as without the filters and leave no latch behind.
@Suite struct AccessXReleaseTests {
    /// Under SlowKeys, a click made with Ctrl held and handed back reached the application
    /// without Ctrl when Ctrl was let go before the button: the replay's Ctrl, pressed
    /// through XTest, was held back by the filter's delay, and its release within the delay
    /// dropped it.
    @Test func aClickReplayedWithCtrlHeldAtItsPressHasCtrlUnderSlowKeys() throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        try window.focus()
        let display = try XDisplay(name: s.server.displayName)
        try AccessXKeyTests.turnOn(display, XkbSlowKeysMask)
        let ctrl = UInt32(keycode(display, "Control_L"))
        let p = s.server.pointer
        let keyboard = s.server.keyboard
        try p.move(x: 400, y: 300)
        try p.sync()
        _ = try window.receivedEvents()
        // The user holds Ctrl past the filter's delay: the window's KeyPress says it was taken.
        try keyboard.press(keycode: ctrl)
        try keyboard.sync()
        _ = try window.collectEvents { $0.keys.contains { $0.isPress && $0.keycode == ctrl } }
        try p.press(button: 3)
        try p.sync()
        try keyboard.release(keycode: ctrl)
        try keyboard.sync()
        try p.release(button: 3)
        try p.sync()
        #expect(s.daemon.waitForLine(containing: "press of button 3 handed back: replayed") != nil)
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.isPress) == [true, false], "\(buttons)")
        #expect(buttons.first.map { $0.state & 0xff } == UInt32(ControlMask), "\(buttons)")
        #expect(keysDown(display).isEmpty)
    }

    /// Under StickyKeys, a modifier pressed and released with no key between latches, and
    /// the user's next key comes with it. Alt left down by a killed daemon (a `key-down alt`
    /// before the switcher's first Tab) and released by the next one must not: it does not
    /// because the press went inside a batch's AccessX requests (``AccessXBypass``), which
    /// end StickyKeys' watch of it. The same Alt pressed and released bare latches.
    @Test func altLeftDownByAKilledDaemonIsReleasedWithoutLatching() throws {
        let s = try HeldInputTests.Switcher()
        try AccessXKeyTests.turnOn(s.display, XkbStickyKeysMask)
        try s.begin(steps: 1)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        _ = s.session.daemon.stop(signal: SIGKILL)
        try s.end()
        #expect(keysDown(s.display).contains(s.alt))

        let next = try XgestProcess(
            ["run", "--config", s.session.configPath], display: s.session.server.displayName)
        defer { _ = next.stop(signal: SIGTERM) }
        #expect(next.waitForLine(containing: "released Alt_L left down") != nil, "\(next.stderrLines)")
        try expectNothingLatched(s)
    }

    /// The same for Alt released on a new connection when the daemon's own was cut (xkill).
    @Test func altHeldByACutConnectionIsReleasedWithoutLatching() throws {
        let s = try HeldInputTests.Switcher()
        try AccessXKeyTests.turnOn(s.display, XkbStickyKeysMask)
        try s.begin(steps: 1)
        #expect(s.session.daemon.waitForLine(containing: "key-down alt") != nil)
        try killDaemonClient(s.display)
        s.session.daemon.process.waitUntilExit()
        #expect(s.session.daemon.waitForLine(containing: "released 1 held key(s) on a new connection") != nil)
        try s.end()
        try expectNothingLatched(s)
    }

    /// No modifier is latched or down, and the user's next key reaches the window plain.
    private func expectNothingLatched(_ s: HeldInputTests.Switcher) throws {
        #expect(keysDown(s.display).isEmpty)
        #expect(AccessXKeyTests.state(s.display).latched_mods == 0)
        let x = s.session.keycode("x")
        _ = try s.window.receivedEvents()
        try s.session.server.keyboard.tap(keycode: x)
        try s.session.server.keyboard.sync()
        let keys = try s.window.collectEvents { $0.keys.count >= 2 }.keys
        #expect(keys.map(\.keycode) == [x, x])
        #expect(keys.allSatisfy { modifierBits($0.state) == 0 }, "\(keys)")
    }
}
