import CXgest
import Testing
import XgestTestServer
import XgestX11

/// What a real GTK 3 application (Tests/Probes/gtk3_probe.py) makes of the keys xgest types.
@Suite struct GTK3KeyTests {
    /// A keysym the keyboard lacks is mapped onto a spare keycode for the combo. Unmapped
    /// in the combo's own batch of requests, it was gone when GDK looked the KeyPress up
    /// (it reads the new keymap only then): the application got VoidSymbol. The mapping now
    /// stays a second, and then the keymap is as it was.
    @Test func aKeysymTheKeyboardLacksReachesTheApplicationAsItself() throws {
        let config = """
            [[gesture]]
            name = "snowman"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "key U2603"
            """
        let s = try DaemonTests.Session(config: config)
        let display = try XDisplay(name: s.server.displayName)
        let before = coreKeymap(display)
        #expect(keycode(display, "U2603") == 0)
        let probe = try GTK3Probe(display: s.server.displayName, x: 100, y: 100, width: 600, height: 400)
        defer { probe.stop() }
        // The keyboard focus follows the pointer (no window manager): into the probe.
        #expect(try probe.syncThroughMotion(s.server, x: 300, y: 300), "\(probe.output)")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 1200, y: 700)
        try ts.begin(id: 2, x: 1300, y: 700)
        try ts.sync()
        try ts.end(id: 1, x: 1200, y: 700)
        try ts.end(id: 2, x: 1300, y: 700)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         snowman") != nil)
        #expect(probe.waitFor { $0.contains { $0.hasPrefix("key ") } }, "\(probe.output)")
        #expect(probe.events("key") == ["key U+2603 2603"])
        #expect(s.daemon.waitForLine(containing: "keymap: the keysyms combos mapped are unmapped again") != nil)
        #expect(coreKeymap(display) == before)
    }

    /// With a second layout active (`us,ru` switched to Russian), the key that types `a` in
    /// the first types a Cyrillic letter: `key a` arrived as Cyrillic_ef. The keysym is
    /// looked up in the active group, and one found only in another is mapped onto a spare
    /// keycode, which types it whatever the group.
    @Test func aLetterArrivesAsItselfWhileASecondLayoutIsActive() throws {
        let config = """
            [[gesture]]
            name = "letter"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "key a"
            """
        let s = try DaemonTests.Session(config: config)
        #expect(try runOnDisplay(s.server, "/usr/bin/setxkbmap", ["-layout", "us,ru"]) == 0)
        let display = try XDisplay(name: s.server.displayName)
        #expect(XkbLockGroup(display.handle, UInt32(XkbUseCoreKbd), 1) != 0)
        display.sync()
        var state = XkbStateRec()
        #expect(XkbGetState(display.handle, UInt32(XkbUseCoreKbd), &state) == Success && state.group == 1)
        let probe = try GTK3Probe(display: s.server.displayName, x: 100, y: 100, width: 600, height: 400)
        defer { probe.stop() }
        #expect(try probe.syncThroughMotion(s.server, x: 300, y: 300), "\(probe.output)")
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 1200, y: 700)
        try ts.begin(id: 2, x: 1300, y: 700)
        try ts.sync()
        try ts.end(id: 1, x: 1200, y: 700)
        try ts.end(id: 2, x: 1300, y: 700)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         letter") != nil)
        #expect(probe.waitFor { $0.contains { $0.hasPrefix("key ") } }, "\(probe.output)")
        #expect(probe.events("key") == ["key a 61"])
    }
}
