import CXgest
import Testing
import XgestTestServer
import XgestX11

/// What a real GTK 3 application (Tests/Probes/gtk3_probe.py) makes of the keys xgest types.
@Suite struct GTK3KeyTests {
    /// A daemon whose two-finger tap types `combo`, and the GTK probe with the keyboard.
    ///
    /// Stored properties are destroyed in declaration order: the test's connection must
    /// close before the session stops the server.
    struct Typing {
        let display: XDisplay
        let session: DaemonTests.Session

        init(combo: String) throws {
            let session = try DaemonTests.Session(
                config: """
                    [[gesture]]
                    name = "typing"
                    kind = "tap"
                    device = "touchscreen"
                    fingers = 2
                    action = "key \(combo)"
                    """)
            display = try XDisplay(name: session.server.displayName)
            self.session = session
        }

        /// Loads `us,ru`, switched between with Alt+Shift.
        func loadTwoLayoutsSwitchedWithAltShift() throws {
            let options = ["-layout", "us,ru", "-option", "", "-option", "grp:alt_shift_toggle"]
            #expect(try runOnDisplay(session.server, "/usr/bin/setxkbmap", options) == 0)
        }

        /// Presses Alt+Shift on the user's keyboard and returns the core keyboard's group then.
        func pressAltShiftOnTheKeyboard() throws -> Int {
            let keyboard = session.server.keyboard
            let altL: UInt32 = 64
            let shiftL: UInt32 = 50
            try keyboard.press(keycode: altL)
            try keyboard.press(keycode: shiftL)
            try keyboard.release(keycode: shiftL)
            try keyboard.release(keycode: altL)
            try keyboard.sync()
            return coreGroup()
        }

        func coreGroup() -> Int {
            var state = XkbStateRec()
            return XkbGetState(display.handle, UInt32(XkbUseCoreKbd), &state) == Success ? Int(state.group) : -1
        }

        /// Taps away from the probe, with the probe holding the keyboard, and returns the
        /// key presses GTK reports.
        func keysGTKSees() throws -> [String] {
            let probe = try GTK3Probe(display: session.server.displayName, x: 100, y: 100, width: 600, height: 400)
            defer { probe.stop() }
            // The keyboard focus follows the pointer (no window manager): into the probe.
            #expect(try probe.syncThroughMotion(session.server, x: 300, y: 300), "\(probe.output)")
            let ts = session.server.touchscreen
            try ts.begin(id: 1, x: 1200, y: 700)
            try ts.begin(id: 2, x: 1300, y: 700)
            try ts.sync()
            try ts.end(id: 1, x: 1200, y: 700)
            try ts.end(id: 2, x: 1300, y: 700)
            try ts.sync()
            #expect(session.daemon.waitForLine(containing: "action         typing") != nil)
            #expect(probe.waitFor { $0.contains { $0.hasPrefix("key ") } }, "\(probe.output)")
            return probe.events("key")
        }
    }

    /// A keysym the keyboard lacks is mapped onto a spare keycode for the combo. Unmapped
    /// in the combo's own batch of requests, it was gone when GDK looked the KeyPress up
    /// (it reads the new keymap only then): the application got VoidSymbol. The mapping now
    /// stays a second, and then the keymap is as it was.
    @Test func aKeysymTheKeyboardLacksReachesTheApplicationAsItself() throws {
        let t = try Typing(combo: "U2603")
        let before = coreKeymap(t.display)
        #expect(keycode(t.display, "U2603") == 0)
        #expect(try t.keysGTKSees() == ["key U+2603 2603"])
        #expect(
            t.session.daemon.waitForLine(containing: "keymap: the keysyms combos mapped are unmapped again") != nil)
        #expect(coreKeymap(t.display) == before)
    }

    /// With a second layout active (`us,ru` switched to Russian), the key that types `a` in
    /// the first types a Cyrillic letter: `key a` arrived as Cyrillic_ef. The keysym is
    /// looked up in the active group, and one found only in another is mapped onto a spare
    /// keycode, which types it whatever the group.
    @Test func aLetterArrivesAsItselfWhileASecondLayoutIsActive() throws {
        let t = try Typing(combo: "a")
        #expect(try runOnDisplay(t.session.server, "/usr/bin/setxkbmap", ["-layout", "us,ru"]) == 0)
        #expect(XkbLockGroup(t.display.handle, UInt32(XkbUseCoreKbd), 1) != 0)
        t.display.sync()
        var state = XkbStateRec()
        #expect(XkbGetState(t.display.handle, UInt32(XkbUseCoreKbd), &state) == Success && state.group == 1)
        #expect(try t.keysGTKSees() == ["key a 61"])
    }

    /// The layout switched with the user's keyboard (Alt+Shift under grp:alt_shift_toggle),
    /// as people switch it: the server changes the state of that keyboard and of the
    /// master, not the XTest keyboard's, whose group xgest read: `key a` arrived as
    /// Cyrillic_ef and `key period` as Cyrillic_yu. The group is the core keyboard's now.
    @Test func aLetterArrivesAsItselfAfterTheLayoutWasSwitchedFromTheKeyboard() throws {
        let t = try Typing(combo: "a")
        try t.loadTwoLayoutsSwitchedWithAltShift()
        #expect(try t.pressAltShiftOnTheKeyboard() == 1)
        #expect(try t.keysGTKSees() == ["key a 61"])
    }

    /// The other way round: switched to Russian on every keyboard (XkbLockGroup on the
    /// core keyboard, as a panel's layout menu does) and back to English from the
    /// keyboard, the XTest keyboard still had Russian: `key period` was looked up there
    /// and typed slash (Russian's period key is the US slash key).
    @Test func punctuationArrivesAsItselfAfterTheKeyboardSwitchedBackToTheFirstLayout() throws {
        let t = try Typing(combo: "period")
        try t.loadTwoLayoutsSwitchedWithAltShift()
        #expect(XkbLockGroup(t.display.handle, UInt32(XkbUseCoreKbd), 1) != 0)
        t.display.sync()
        #expect(t.coreGroup() == 1)
        #expect(try t.pressAltShiftOnTheKeyboard() == 0)
        #expect(try t.keysGTKSees() == ["key period 2e"])
    }

    /// An uppercase letter the active layout lacks (`A` with `us,ru` switched to Russian)
    /// is typed from a spare keycode as itself: the server made the one-keysym row a
    /// lowercase and uppercase pair, and the key, pressed without Shift, typed `a`.
    @Test func anUppercaseLetterArrivesAsItselfWhileASecondLayoutIsActive() throws {
        let t = try Typing(combo: "A")
        #expect(try runOnDisplay(t.session.server, "/usr/bin/setxkbmap", ["-layout", "us,ru"]) == 0)
        #expect(XkbLockGroup(t.display.handle, UInt32(XkbUseCoreKbd), 1) != 0)
        t.display.sync()
        #expect(try t.keysGTKSees() == ["key A 41"])
    }
}
