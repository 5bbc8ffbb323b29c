import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// xgest's keys under the core keyboard's AccessX filters (set here through XKB, as
/// `xkbset` sets them): combos arrive as they do without the filters, and the user's
/// AccessX state (controls, latched and locked modifiers) is as it was.
@Suite struct AccessXKeyTests {
    typealias Fixture = KeyComboTests.Fixture

    /// The core keyboard's controls a test compares before and after.
    struct Controls: Equatable {
        var enabled: UInt32
        var options: UInt16
        var slowKeysDelay: UInt16
        var bounceKeysDelay: UInt16
    }

    static func controls(_ display: XDisplay) throws -> Controls {
        let desc = try #require(XkbAllocKeyboard())
        defer { XkbFreeKeyboard(desc, 0, True) }
        desc.pointee.device_spec = UInt16(XkbUseCoreKbd)
        try #require(XkbGetControls(display.handle, UInt(XkbAllControlsMask), desc) == Success)
        let c = try #require(desc.pointee.ctrls).pointee
        return Controls(
            enabled: c.enabled_ctrls, options: c.ax_options, slowKeysDelay: c.slow_keys_delay,
            bounceKeysDelay: c.debounce_delay)
    }

    /// Turns on `enable` (and AccessX's keyboard toggles, as `xkbset a` does), with
    /// StickyKeys' two-keys option as given and 300 ms delays.
    static func turnOn(_ display: XDisplay, _ enable: Int, twoKeys: Bool = false) throws {
        let desc = try #require(XkbAllocKeyboard())
        defer { XkbFreeKeyboard(desc, 0, True) }
        desc.pointee.device_spec = UInt16(XkbUseCoreKbd)
        try #require(XkbGetControls(display.handle, UInt(XkbAllControlsMask), desc) == Success)
        let c = try #require(desc.pointee.ctrls)
        c.pointee.enabled_ctrls |= UInt32(enable | XkbAccessXKeysMask)
        c.pointee.ax_options &= ~UInt16(XkbAX_TwoKeysMask | XkbAX_LatchToLockMask)
        if twoKeys { c.pointee.ax_options |= UInt16(XkbAX_TwoKeysMask) }
        c.pointee.slow_keys_delay = 300
        c.pointee.debounce_delay = 300
        let which = XkbControlsEnabledMask | XkbStickyKeysMask | XkbSlowKeysMask | XkbBounceKeysMask
        try #require(XkbSetControls(display.handle, UInt(which), desc) != 0)
        display.sync()
    }

    static func state(_ display: XDisplay) -> XkbStateRec {
        var state = XkbStateRec()
        XkbGetState(display.handle, UInt32(XkbUseCoreKbd), &state)
        return state
    }

    /// Under StickyKeys, `key-down ctrl` and its `key-up` with no key between (a switcher
    /// ended before its first Tab) left Control latched: the user's next x was Ctrl+X.
    @Test func aModifierHeldAndLetGoAloneIsNotLeftLatched() throws {
        let f = try Fixture()
        try Self.turnOn(f.display, XkbStickyKeysMask)
        let before = try Self.controls(f.display)
        let combo = KeyCombo(keysyms: ["Control_L"])
        #expect(f.executor.execute(invocation(.keyDown(combo))) == .done)
        #expect(f.executor.execute(invocation(.keyUp(combo))) == .done)
        #expect(Self.state(f.display).latched_mods == 0)

        let x = keycode(f.display, "x")
        _ = try f.window.receivedEvents()
        try f.server.keyboard.tap(keycode: x)
        try f.server.keyboard.sync()
        let keys = try f.window.receivedEvents().keys
        #expect(keys.map(\.keycode) == [x, x])
        #expect(keys.allSatisfy { modifierBits($0.state) == 0 })
        #expect(try Self.controls(f.display) == before)
    }

    /// StickyKeys with "two keys pressed together turn it off" (xkbset's default, GNOME's
    /// option): one `key ctrl+t` turned StickyKeys off, which cleared Caps Lock.
    @Test func aComboLeavesStickyKeysOnAndTheLocksAsTheyWere() throws {
        let f = try Fixture()
        try Self.turnOn(f.display, XkbStickyKeysMask, twoKeys: true)
        XkbLockModifiers(f.display.handle, UInt32(XkbUseCoreKbd), UInt32(LockMask), UInt32(LockMask))
        f.display.sync()
        _ = try f.window.receivedEvents()
        let before = try Self.controls(f.display)

        #expect(f.key("Control_L", "t") == .done)
        let keys = try f.window.receivedEvents().keys
        let t = keycode(f.display, "t")
        #expect(keys.map(\.keycode) == [keycode(f.display, "Control_L"), t, t, keycode(f.display, "Control_L")])
        let press = try #require(keys.first { $0.isPress && $0.keycode == t })
        #expect(modifierBits(press.state) == controlMask | UInt32(LockMask))
        #expect(try Self.controls(f.display) == before)
        #expect(Self.state(f.display).locked_mods == UInt8(LockMask))
        #expect(Self.state(f.display).latched_mods == 0)
    }

    /// Under StickyKeys, the user's Shift, let go for the combo, latched and joined it:
    /// `key ctrl+t` arrived as Ctrl+Shift+T, and a Shift the user had latched did too and
    /// was used up. The combo arrives as Ctrl+T; the user's latch is still there after it.
    @Test(arguments: [false, true])
    func theUsersShiftDoesNotJoinTheComboUnderStickyKeys(latched: Bool) throws {
        let f = try Fixture()
        try Self.turnOn(f.display, XkbStickyKeysMask)
        let shift = keycode(f.display, "Shift_L")
        if latched {
            try f.server.keyboard.tap(keycode: shift)
        } else {
            try f.server.keyboard.press(keycode: shift)
        }
        try f.server.keyboard.sync()
        _ = try f.window.receivedEvents()
        #expect(Self.state(f.display).latched_mods == (latched ? UInt8(ShiftMask) : 0))

        #expect(f.key("Control_L", "t") == .done)
        let t = keycode(f.display, "t")
        let press = try #require(try f.window.receivedEvents().keys.first { $0.isPress && $0.keycode == t })
        #expect(modifierBits(press.state) == controlMask)
        #expect(Self.state(f.display).latched_mods == (latched ? UInt8(ShiftMask) : 0))
        #expect(Self.state(f.display).base_mods == (latched ? 0 : UInt8(ShiftMask)))
    }

    /// SlowKeys dropped every combo (its keys were released within the delay) while the
    /// log said `done`.
    @Test func aComboArrivesUnderSlowKeys() throws {
        let f = try Fixture()
        try Self.turnOn(f.display, XkbSlowKeysMask)
        let before = try Self.controls(f.display)
        #expect(f.key("Control_L", "t") == .done)
        let keys = try f.window.receivedEvents().keys
        let ctrl = keycode(f.display, "Control_L")
        let t = keycode(f.display, "t")
        #expect(keys.map(\.keycode) == [ctrl, t, t, ctrl])
        #expect(keys.map(\.isPress) == [true, true, false, false])
        #expect(try Self.controls(f.display) == before)
    }

    /// BounceKeys dropped the Control of a combo sent within its delay of the last one,
    /// and its t was typed into the document.
    @Test func aSecondComboArrivesWholeUnderBounceKeys() throws {
        let f = try Fixture()
        try Self.turnOn(f.display, XkbBounceKeysMask)
        let before = try Self.controls(f.display)
        let ctrl = keycode(f.display, "Control_L")
        let t = keycode(f.display, "t")
        for _ in 0..<2 {
            #expect(f.key("Control_L", "t") == .done)
            let keys = try f.window.receivedEvents().keys
            #expect(keys.map(\.keycode) == [ctrl, t, t, ctrl])
            let press = try #require(keys.first { $0.isPress && $0.keycode == t })
            #expect(modifierBits(press.state) == controlMask)
        }
        #expect(try Self.controls(f.display) == before)
    }

    /// `--debug` says which filters are on and what xgest does about them, at the start
    /// and when the next combo finds them changed; nothing when none is on.
    @Test func theDebugLineSaysWhichFiltersAreOnOnceAndOnChange() throws {
        let f = try Fixture()
        #expect(f.executor.accessXNotice(reading: true) == nil)
        try Self.turnOn(f.display, XkbStickyKeysMask | XkbSlowKeysMask, twoKeys: true)
        let line = try #require(f.executor.accessXNotice(reading: true))
        #expect(
            line == "accessx: StickyKeys (two keys turn it off), SlowKeys (300 ms) on: xgest turns StickyKeys' "
                + "two-keys option and SlowKeys off around each batch of its keys, and keeps the user's latched "
                + "modifiers out of them")
        #expect(f.key("a") == .done)
        #expect(f.executor.accessXNotice() == nil)
        XkbChangeEnabledControls(
            f.display.handle, UInt32(XkbUseCoreKbd), UInt32(XkbStickyKeysMask | XkbSlowKeysMask), 0)
        #expect(f.key("a") == .done)
        #expect(f.executor.accessXNotice() == "accessx: no key filter is on")
    }
}
