import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

@Suite struct KeyComboTests {
    /// A server, a focused window that records keys, and an executor on its own connection.
    ///
    /// Stored properties are destroyed in declaration order: the executor's connection
    /// must close before the server stops, or Xlib's I/O error handler ends the process.
    struct Fixture {
        let executor: X11ActionExecutor
        let display: XDisplay
        let window: TestWindow
        let server: XorgServer

        init(options: X11ActionExecutor.Options = X11ActionExecutor.Options()) throws {
            server = try XorgServer()
            window = try TestWindow(server: server, x: 0, y: 0, width: 400, height: 300)
            try window.focus()
            display = try XDisplay(name: server.displayName)
            executor = X11ActionExecutor(display: display, options: options)
            _ = try window.receivedEvents()
        }

        func key(_ keysyms: String...) -> ActionOutcome {
            executor.execute(invocation(.key(KeyCombo(keysyms: keysyms))))
        }
    }

    @Test func comboPressesInOrderAndReleasesInReverseWithTheModifierState() throws {
        let f = try Fixture()
        #expect(f.key("Control_L", "Alt_L", "Right") == .done)
        let keys = try f.window.receivedEvents().keys
        let ctrl = keycode(f.display, "Control_L")
        let alt = keycode(f.display, "Alt_L")
        let right = keycode(f.display, "Right")
        #expect(keys.map(\.keycode) == [ctrl, alt, right, right, alt, ctrl])
        #expect(keys.map(\.isPress) == [true, true, true, false, false, false])
        // The state is the one before each event: Control, then Control+Alt (Mod1).
        #expect(
            keys.map { modifierBits($0.state) } == [
                0, controlMask, controlMask | mod1Mask, controlMask | mod1Mask, controlMask | mod1Mask, controlMask,
            ])
        #expect(keys.allSatisfy { $0.window == f.window.window })
        #expect(keysDown(f.display).isEmpty)
    }

    @Test func plainKeyArrivesWithoutModifiers() throws {
        let f = try Fixture()
        #expect(f.key("a") == .done)
        let keys = try f.window.receivedEvents().keys
        #expect(keys.map(\.keycode) == [keycode(f.display, "a"), keycode(f.display, "a")])
        #expect(keys.map(\.isPress) == [true, false])
        #expect(keys.allSatisfy { modifierBits($0.state) == 0 })
        #expect(keysDown(f.display).isEmpty)
    }

    @Test func shiftedKeysymIsTypedWithShift() throws {
        let f = try Fixture()
        // `plus` is the shifted level of the `equal` key on a US layout.
        #expect(f.key("Control_L", "plus") == .done)
        let keys = try f.window.receivedEvents().keys
        let shift = keycode(f.display, "Shift_L")
        let equal = keycode(f.display, "equal")
        #expect(
            keys.map(\.keycode) == [
                keycode(f.display, "Control_L"), shift, equal, equal, shift, keycode(f.display, "Control_L"),
            ])
        try #require(keys.count == 6)
        #expect(modifierBits(keys[2].state) == controlMask | shiftMask)
        #expect(keysDown(f.display).isEmpty)
    }

    /// A keysym on a key's second level is typed with Shift only when Shift selects that
    /// level (the key's XKB type): KP_1 (KEYPAD, Num Lock off), Sys_Req (Alt on Print),
    /// Break (Control on Pause) arrived as KP_End, Print and Pause with Shift. They arrive
    /// as themselves now, without Shift, from a spare keycode when no key types them.
    @Test(arguments: ["KP_1", "Sys_Req", "Break"])
    func aSecondLevelThatShiftDoesNotSelectIsNotTypedWithShift(_ name: String) throws {
        var options = X11ActionExecutor.Options()
        options.keymapRestore = .whenAsked
        let f = try Fixture(options: options)
        #expect(f.key(name) == .done)
        let keys = try f.window.receivedEvents().keys
        #expect(!keys.contains { $0.keycode == keycode(f.display, "Shift_L") })
        let press = try #require(keys.first { $0.isPress })
        #expect(typedKeysym(f.display, keycode: press.keycode, state: press.state) == XStringToKeysym(name))
        #expect(modifierBits(press.state) & shiftMask == 0)
        #expect(keysDown(f.display).isEmpty)
    }

    /// With Num Lock on, a keypad key types its digit without Shift and its other keysym
    /// with it: `key KP_1` arrived as KP_End and `key KP_End` as KP_1.
    @Test func keypadKeysymsArriveAsThemselvesWithNumLockOn() throws {
        let f = try Fixture()
        let numLock = keycode(f.display, "Num_Lock")
        try f.server.keyboard.press(keycode: numLock)
        try f.server.keyboard.release(keycode: numLock)
        try f.server.keyboard.sync()
        _ = try f.window.receivedEvents()
        for name in ["KP_1", "KP_End"] {
            #expect(f.key(name) == .done)
            let keys = try f.window.receivedEvents().keys
            let press = try #require(keys.first { $0.isPress && $0.keycode != keycode(f.display, "Shift_L") })
            #expect(
                typedKeysym(f.display, keycode: press.keycode, state: press.state) == XStringToKeysym(name), "\(name)")
        }
        #expect(keysDown(f.display).isEmpty)
    }

    /// A modifier keysym on a key's second level (Meta_L beside Alt_L, Hyper_L alone on
    /// its key's second level) needs Shift to be pressed, but Shift must not join the combo:
    /// `Hyper_L+x` arrived as Shift+Super+X. Shift is let go once the key is down (its key
    /// keeps the modifier until it is released), and x arrives with the modifier alone.
    @Test(arguments: [("Meta_L", UInt32(Mod1Mask)), ("Hyper_L", UInt32(Mod4Mask))])
    func aModifierOnASecondLevelSetsItsModifierWithoutShift(_ name: String, _ mask: UInt32) throws {
        let f = try Fixture()
        #expect(f.key(name, "x") == .done)
        let keys = try f.window.receivedEvents().keys
        let modifier = try #require(keys.first { $0.isPress && $0.keycode != keycode(f.display, "Shift_L") })
        #expect(typedKeysym(f.display, keycode: modifier.keycode, state: modifier.state) == XStringToKeysym(name))
        let x = try #require(keys.first { $0.isPress && $0.keycode == keycode(f.display, "x") })
        #expect(modifierBits(x.state) == mask)
        #expect(keysDown(f.display).isEmpty)
    }

    @Test(arguments: ["XF86Launch5", "U2603"])
    func keysymMissingFromTheKeymapIsMappedTemporarilyAndRestored(_ name: String) throws {
        let f = try Fixture()
        let before = coreKeymap(f.display)
        // Neither is on the keyboard layout the test server loads.
        #expect(keycode(f.display, name) == 0)
        #expect(f.key("Control_L", name) == .done)
        let keys = try f.window.receivedEvents().keys
        let ctrl = keycode(f.display, "Control_L")
        try #require(keys.count == 4)
        let bound = keys[1].keycode
        #expect(keys.map(\.keycode) == [ctrl, bound, bound, ctrl])
        #expect(keys.map(\.isPress) == [true, true, false, false])
        #expect(modifierBits(keys[1].state) == controlMask)
        // A keycode that had no keysym before, so no real key was borrowed, and it has
        // none again now.
        #expect(keysyms(f.display, on: bound).allSatisfy { $0 == KeySym(NoSymbol) })
        #expect(coreKeymap(f.display) == before)
        #expect(!f.executor.hasTemporaryKeymap)
        #expect(keysDown(f.display).isEmpty)
    }

    /// A letter mapped onto a spare keycode is typed in the case asked for, with Shift in
    /// the combo or not: the server made the one-keysym row a lowercase and uppercase pair,
    /// so `Adiaeresis` arrived as adiaeresis, and `shift+adiaeresis` then found adiaeresis
    /// beside it and arrived as Adiaeresis.
    @Test func aLetterOnASpareKeycodeArrivesInTheCaseAskedFor() throws {
        var options = X11ActionExecutor.Options()
        options.keymapRestore = .whenAsked
        let f = try Fixture(options: options)
        let shift = keycode(f.display, "Shift_L")
        for combo in [["Adiaeresis"], ["Shift_L", "adiaeresis"]] {
            #expect(f.executor.execute(invocation(.key(KeyCombo(keysyms: combo)))) == .done)
            let keys = try f.window.receivedEvents().keys
            let press = try #require(keys.first { $0.isPress && $0.keycode != shift })
            let name = try #require(combo.last)
            #expect(
                typedKeysym(f.display, keycode: press.keycode, state: press.state) == XStringToKeysym(name), "\(combo)")
        }
        #expect(keysDown(f.display).isEmpty)
    }

    @Test func deferredRestoreKeepsTheTemporaryKeysymUntilAsked() throws {
        var options = X11ActionExecutor.Options()
        options.keymapRestore = .whenAsked
        let f = try Fixture(options: options)
        let before = coreKeymap(f.display)
        #expect(keycode(f.display, "U2603") == 0)
        #expect(f.key("U2603") == .done)
        #expect(f.key("U2603") == .done)
        let snowmanPresses = try f.window.receivedEvents().keys
        try #require(snowmanPresses.count == 4)
        // The second combo reused the binding the first made.
        #expect(Set(snowmanPresses.map(\.keycode)).count == 1)
        #expect(f.executor.keycodesMapped == 1)
        let bound = snowmanPresses[snowmanPresses.startIndex].keycode
        #expect(keysyms(f.display, on: bound).first == XStringToKeysym("U2603"))
        #expect(f.executor.hasTemporaryKeymap)
        f.executor.restoreKeymap()
        #expect(!f.executor.hasTemporaryKeymap)
        #expect(coreKeymap(f.display) == before)
    }

    /// A keymap loaded while a keysym stays mapped (within the second before the restore)
    /// takes the spare keycode back: the next combo pressed it anyway and the application
    /// got NoSymbol, or the new keymap's key; the restore then wrote the old, empty row
    /// over the new keymap's. A replaced binding is now forgotten: the keysym is mapped
    /// again, and the new keymap's row is left alone.
    @Test func aKeymapLoadedMeanwhileTakesTheSpareKeycodeBack() throws {
        var options = X11ActionExecutor.Options()
        options.keymapRestore = .whenAsked
        let f = try Fixture(options: options)
        let f24 = XStringToKeysym("F24")
        #expect(keycode(f.display, "F24") == 0)
        func typedF24() throws -> UInt32 {
            #expect(f.key("F24") == .done)
            let press = try #require(try f.window.receivedEvents().keys.first { $0.isPress })
            #expect(typedKeysym(f.display, keycode: press.keycode, state: press.state) == f24)
            return press.keycode
        }
        // setxkbmap: the whole keymap is loaded again, the spare keycode empty.
        _ = try typedF24()
        #expect(try runOnDisplay(f.server, "/usr/bin/setxkbmap", ["us"]) == 0)
        let afterLoad = try typedF24()
        // xmodmap: another client gives the spare keycode a key of its own.
        let launch1 = XStringToKeysym("XF86Launch1")
        try withExtendedLifetime(f) {
            let other = try XDisplay(name: f.server.displayName)
            var row = [KeySym](repeating: launch1, count: keysyms(f.display, on: afterLoad).count)
            XChangeKeyboardMapping(other.handle, Int32(afterLoad), Int32(row.count), &row, 1)
            other.sync()
        }
        let afterXmodmap = try typedF24()
        #expect(afterXmodmap != afterLoad)
        f.executor.restoreKeymap()
        #expect(keysyms(f.display, on: afterLoad).first == launch1)
        #expect(keysyms(f.display, on: afterXmodmap).allSatisfy { $0 == KeySym(NoSymbol) })
        #expect(keysDown(f.display).isEmpty)
    }

    /// A shortcut's letter the active layout lacks is pressed as a real keyboard presses it,
    /// on the key that has it in another layout: with `us,ru` switched to Russian, `ctrl+c`
    /// arrived on a spare keycode, which applications matching the physical key (a web
    /// page's `code`) took for no key at all. It arrives on the c key now (keycode 54,
    /// Cyrillic_es in Russian) with Control, in the Russian group, and nothing is mapped.
    @Test(arguments: [["Control_L", "c"], ["Alt_L", "c"], ["Super_L", "c"]])
    func aShortcutsLetterTheActiveLayoutLacksIsPressedOnItsKeyInAnotherLayout(_ combo: [String]) throws {
        let f = try Fixture()
        #expect(try runOnDisplay(f.server, "/usr/bin/setxkbmap", ["-layout", "us,ru"]) == 0)
        #expect(XkbLockGroup(f.display.handle, UInt32(XkbUseCoreKbd), 1) != 0)
        f.display.sync()
        #expect(f.executor.execute(invocation(.key(KeyCombo(keysyms: combo)))) == .done)
        #expect(f.executor.keycodesMapped == 0)
        let keys = try f.window.receivedEvents().keys
        try #require(keys.count == 4)
        let letter = keys[1]
        #expect(letter.isPress && letter.keycode == 54)
        #expect(modifierBits(letter.state) != 0)
        #expect(typedKeysym(f.display, keycode: letter.keycode, state: letter.state) == XStringToKeysym("Cyrillic_es"))
        #expect(keysDown(f.display).isEmpty)
    }

    /// With a layout of its own on the user's keyboard (`setxkbmap -device`, an InputClass
    /// XkbLayout), the core keyboard has the map of the keyboard used last: `key z` was
    /// looked up in the user's German map (keycode 29) and typed y on the XTest keyboard,
    /// whose US map the master takes at xgest's press. It is looked up in the XTest
    /// keyboard's map now and types z.
    @Test func aComboIsLookedUpInTheXTestKeyboardsMapAfterTheUserTypedOnAnotherLayout() throws {
        let f = try Fixture()
        let user = try f.server.deviceID(.keyboard)
        #expect(try runOnDisplay(f.server, "/usr/bin/setxkbmap", ["-device", String(user), "-layout", "de"]) == 0)
        let shift = keycode(f.display, "Shift_L")
        try f.server.keyboard.tap(keycode: shift)
        try f.server.keyboard.sync()
        _ = try f.window.receivedEvents()
        for _ in 0..<2 {
            #expect(f.key("z") == .done)
            let press = try #require(try f.window.receivedEvents().keys.first { $0.isPress })
            #expect(press.keycode == 52)
            #expect(typedKeysym(f.display, keycode: press.keycode, state: press.state) == XStringToKeysym("z"))
        }
        #expect(keysDown(f.display).isEmpty)
    }

    /// The failure names the keysym that found no spare keycode: "a keysym" left the user of
    /// `key ctrl+EuroSign`, or of a combo of several missing keysyms, to guess which.
    @Test(arguments: [false, true])
    func runningOutOfSpareKeycodesFailsWithNothingPressedAndTheKeymapRestored(held: Bool) throws {
        let f = try Fixture()
        let before = coreKeymap(f.display)
        let perKeycode = keysyms(f.display, on: 8).count
        let spares = stride(from: 0, to: before.count, by: perKeycode).filter { start in
            before[start..<start + perKeycode].allSatisfy { $0 == KeySym(NoSymbol) }
        }.count
        // More CJK ideographs than the keymap has empty rows (about a hundred).
        let names = ["Control_L"] + (0..<300).map { "U" + String(0x4E00 + $0, radix: 16).uppercased() }
        let combo = KeyCombo(keysyms: names)
        let outcome = f.executor.execute(invocation(held ? .keyDown(combo) : .key(combo)))
        guard case .failed(let reason) = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(reason == "no spare keycode to map \(names[spares + 1]) onto")
        #expect(try f.window.receivedEvents().keys.isEmpty)
        #expect(coreKeymap(f.display) == before)
        #expect(keysDown(f.display).isEmpty)
    }

    @Test func heldControlDoesNotLeakIntoTheCombo() throws {
        let f = try Fixture()
        let ctrl = keycode(f.display, "Control_L")
        let right = keycode(f.display, "Right")
        try f.server.keyboard.press(keycode: ctrl)
        try f.server.keyboard.sync()
        _ = try f.window.receivedEvents()

        #expect(f.key("Right") == .done)
        let keys = try f.window.receivedEvents().keys
        let press = keys.first { $0.isPress && $0.keycode == right }
        #expect(press.map { modifierBits($0.state) & controlMask } == 0)
        // Control is let go for the combo and pressed again after it.
        #expect(keys.map(\.keycode) == [ctrl, right, right, ctrl])
        #expect(keys.map(\.isPress) == [false, true, false, true])
        // Still held, as the user holds it; nothing else is down.
        #expect(keysDown(f.display) == [ctrl])

        try f.server.keyboard.release(keycode: ctrl)
        try f.server.keyboard.sync()
        let release = try f.window.receivedEvents().keys
        #expect(release.map(\.keycode) == [ctrl])
        #expect(release.map(\.isPress) == [false])
        #expect(keysDown(f.display).isEmpty)

        // Every keyboard's state is consistent afterwards: a combo with Control still
        // carries it (a release faked on the XTest keyboard instead would leave that
        // keyboard believing Control is down, and this press would be dropped).
        #expect(f.key("Control_L", "a") == .done)
        let next = try f.window.receivedEvents().keys
        #expect(next.map(\.keycode) == [ctrl, keycode(f.display, "a"), keycode(f.display, "a"), ctrl])
        try #require(next.count == 4)
        #expect(modifierBits(next[1].state) == controlMask)
        #expect(keysDown(f.display).isEmpty)
    }

    /// A modifier key the core modifier map does not list leaked into the combo: AltGr on
    /// a stock German keymap (keycode 108 sets Mod5 through its XKB action; the map lists
    /// keycode 92 for Mod5) made `key ctrl+t` arrive as Ctrl+AltGr+t (tslash), and so did
    /// the left Windows key with `caps:super` (Mod4). Such keys are let go too now.
    @Test(arguments: [
        (["-rules", "evdev", "-model", "pc105", "-layout", "de"], UInt32(108), UInt32(Mod5Mask)),
        (
            ["-rules", "evdev", "-model", "pc105", "-layout", "us", "-option", "caps:super"], UInt32(133),
            UInt32(Mod4Mask)
        ),
    ])
    func aModifierKeyOutsideTheCoreModifierMapDoesNotLeakIntoTheCombo(
        _ setxkbmap: [String], _ key: UInt32, _ mask: UInt32
    ) throws {
        let f = try Fixture()
        #expect(try runOnDisplay(f.server, "/usr/bin/setxkbmap", setxkbmap) == 0)
        try f.server.keyboard.press(keycode: key)
        try f.server.keyboard.sync()
        let held = try #require(try f.window.receivedEvents().keys.last)
        // What the user holds does set the modifier: a key pressed now would carry it.
        #expect(held.isPress && held.keycode == key)

        #expect(f.key("Control_L", "t") == .done)
        let keys = try f.window.receivedEvents().keys
        let t = keycode(f.display, "t")
        let press = try #require(keys.first { $0.isPress && $0.keycode == t })
        #expect(modifierBits(press.state) == controlMask)
        #expect(modifierBits(press.state) & mask == 0)
        // Let go before the combo and pressed again after it, on the user's keyboard.
        #expect(keys.first.map { !$0.isPress && $0.keycode == key } == true)
        #expect(keys.last.map { $0.isPress && $0.keycode == key } == true)
        #expect(keysDown(f.display) == [key])
        try f.server.keyboard.release(keycode: key)
        try f.server.keyboard.sync()
        #expect(keysDown(f.display).isEmpty)
    }

    /// A key of the combo that the user holds (t, while `key ctrl+t` runs) lost the combo:
    /// the server dropped xgest's press of a key the master had down, so the application got
    /// Ctrl and a release of t, never Ctrl+T. The user's key is let go on its keyboard first
    /// now, and not pressed again after the combo, which would type it a second time.
    @Test func aKeyOfTheComboTheUserHoldsIsLetGoAndTheComboArrivesWhole() throws {
        let f = try Fixture()
        // No autorepeat of the held key between the events the test reads.
        XAutoRepeatOff(f.display.handle)
        f.display.sync()
        let ctrl = keycode(f.display, "Control_L")
        let t = keycode(f.display, "t")
        try f.server.keyboard.press(keycode: t)
        try f.server.keyboard.sync()
        _ = try f.window.receivedEvents()

        #expect(f.key("Control_L", "t") == .done)
        let keys = try f.window.receivedEvents().keys
        #expect(keys.map(\.keycode) == [t, ctrl, t, t, ctrl])
        #expect(keys.map(\.isPress) == [false, true, true, false, false])
        try #require(keys.count == 5)
        #expect(modifierBits(keys[2].state) == controlMask)
        #expect(keysDown(f.display).isEmpty)

        // The user's release comes to nothing, and the key types as before afterwards.
        try f.server.keyboard.release(keycode: t)
        try f.server.keyboard.tap(keycode: t)
        try f.server.keyboard.sync()
        let after = try f.window.receivedEvents().keys
        #expect(after.map(\.keycode) == [t, t])
        #expect(after.map(\.isPress) == [true, false])
        #expect(keysDown(f.display).isEmpty)
    }

    @Test func modifierHeldThroughXTestByAnotherClientIsLetGoToo() throws {
        let f = try Fixture()
        let ctrl = keycode(f.display, "Control_L")
        let right = keycode(f.display, "Right")
        // The other connection must close before the server stops: it lives inside the
        // closure, the fixture at least until the closure ends.
        try withExtendedLifetime(f) {
            // Another client (xdotool keydown ctrl, say) holds Control on the XTest keyboard.
            let other = try XDisplay(name: f.server.displayName)
            XTestFakeKeyEvent(other.handle, ctrl, True, 0)
            other.sync()
            _ = try f.window.receivedEvents()

            #expect(f.key("Right") == .done)
            let keys = try f.window.receivedEvents().keys
            #expect(keys.map(\.keycode) == [ctrl, right, right, ctrl])
            #expect(keys.map(\.isPress) == [false, true, false, true])
            #expect(keys.count == 4 && modifierBits(keys[1].state) & controlMask == 0)
            #expect(keysDown(f.display) == [ctrl])

            XTestFakeKeyEvent(other.handle, ctrl, False, 0)
            other.sync()
            #expect(keysDown(f.display).isEmpty)
        }
    }

    @Test func heldShiftAndSuperAreBothLetGo() throws {
        let f = try Fixture()
        let shift = keycode(f.display, "Shift_L")
        let superKey = keycode(f.display, "Super_L")
        try f.server.keyboard.press(keycode: shift)
        try f.server.keyboard.press(keycode: superKey)
        try f.server.keyboard.sync()
        _ = try f.window.receivedEvents()

        #expect(f.key("Control_L", "Page_Down") == .done)
        let keys = try f.window.receivedEvents().keys
        let pageDown = keycode(f.display, "Page_Down")
        let press = try #require(keys.first { $0.isPress && $0.keycode == pageDown })
        #expect(modifierBits(press.state) == controlMask)
        #expect(keysDown(f.display) == [shift, superKey])
        try f.server.keyboard.release(keycode: superKey)
        try f.server.keyboard.release(keycode: shift)
        try f.server.keyboard.sync()
        #expect(keysDown(f.display).isEmpty)
    }

    @Test func unknownKeysymFailsWithoutPressingAnything() throws {
        let f = try Fixture()
        #expect(f.key("Control_L", "NoSuchKeysym") == .failed(reason: "unknown keysym \"NoSuchKeysym\""))
        #expect(f.key() == .failed(reason: "empty key combo"))
        #expect(try f.window.receivedEvents().keys.isEmpty)
        #expect(keysDown(f.display).isEmpty)
    }

    @Test func knownKeysymsNeedNoDisplay() {
        #expect(isKnownKeysym("Right"))
        #expect(isKnownKeysym("Control_L"))
        #expect(isKnownKeysym("XF86AudioMute"))
        #expect(isKnownKeysym("a"))
        #expect(isKnownKeysym("U20AC"))
        #expect(isKnownKeysym("0x1008ff13"))
        #expect(!isKnownKeysym("right"))
        #expect(!isKnownKeysym("ctrl"))
        #expect(!isKnownKeysym(""))
    }

    /// `xgest check`'s spelling hint: a name that differs from a keysym's only in case. Only
    /// Capitalized, lower and UPPER were tried, which misses names of several words.
    @Test func aKeysymSpelledInAnotherCaseIsFound() {
        #expect(keysymName(ignoringCase: "XF86audioplay") == "XF86AudioPlay")
        #expect(keysymName(ignoringCase: "xf86audioplay") == "XF86AudioPlay")
        #expect(keysymName(ignoringCase: "page_down") == "Page_Down")
        #expect(keysymName(ignoringCase: "Page_down") == "Page_Down")
        #expect(keysymName(ignoringCase: "kp_enter") == "KP_Enter")
        #expect(keysymName(ignoringCase: "Kp_add") == "KP_Add")
        #expect(keysymName(ignoringCase: "nosuchkey") == nil)
    }

    /// Dispatch latency: from the executor call to the window having the KeyPress (the
    /// window's read adds one round trip on its own connection).
    @Test func dispatchLatency() throws {
        let f = try Fixture()
        var dispatch: [UInt64] = []
        var delivered: [UInt64] = []
        for _ in 0..<50 {
            let start = monotonicMicroseconds()
            #expect(f.key("Control_L", "Alt_L", "Right") == .done)
            let sent = monotonicMicroseconds()
            let keys = try f.window.receivedEvents().keys
            let seen = monotonicMicroseconds()
            #expect(keys.count == 6)
            dispatch.append(sent - start)
            delivered.append(seen - start)
        }
        dispatch.sort()
        delivered.sort()
        print(
            "key combo latency, median of 50: execute() \(dispatch[25]) µs (p90 \(dispatch[45])),"
                + " execute() to KeyPress read by the window \(delivered[25]) µs (p90 \(delivered[45]))")
        #expect(dispatch[25] < 50_000)
    }
}
