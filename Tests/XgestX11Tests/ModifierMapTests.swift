import CXgest
import Testing
import XgestCore
import XgestTestServer

/// Modifiers read from the keymap's modifier map, not from fixed bits: Super moved to Mod3
/// (`xmodmap -e 'remove mod4 = Super_L' -e 'add mod3 = Super_L'`), before the daemon
/// starts or while it runs, still makes Super bindings match and Super+button strokes
/// grabbed; a bit with no modifier xgest can name is named after the bit.
@Suite struct ModifierMapTests {
    static let config = """
        [[gesture]]
        name = "super-swipe"
        kind = "swipe"
        device = "touchpad"
        fingers = 3
        direction = "down"
        modifiers = ["super"]
        action = "key F6"

        [[gesture]]
        name = "super-back"
        kind = "stroke"
        device = "pointer"
        button = 3
        modifiers = ["super"]
        direction = "left"
        action = "key F5"
        """

    /// Super moved to Mod3 before the daemon starts: both bindings fire with Super held,
    /// and the stroke's buttons do not reach the window.
    @Test func superOnMod3BeforeTheStartIsSuper() throws {
        let s = try DaemonTests.Session(
            config: Self.config,
            beforeStart: { try Self.moveKeys(["Super_L"], from: Mod4MapIndex, to: Mod3MapIndex, $0) })
        #expect(s.daemon.waitForLine(containing: "modifier map: alt mod1, super mod3+mod4") != nil)
        try Self.superBindingsFire(s)
    }

    /// Super moved to Mod3 while the daemon runs: the grab follows it.
    @Test func superMovedToMod3WhileRunningIsFollowed() throws {
        let s = try DaemonTests.Session(config: Self.config)
        // Hyper_L is on Mod4 with Super in this keymap: the bit is Super's.
        #expect(s.daemon.waitForLine(containing: "modifier map: alt mod1, super mod4, num lock mod2") != nil)
        try Self.moveKeys(["Super_L"], from: Mod4MapIndex, to: Mod3MapIndex, s.server)
        #expect(s.daemon.waitForLine(containing: "modifier map: alt mod1, super mod3+mod4") != nil)
        try Self.superBindingsFire(s)
    }

    /// Hyper on Mod3 with no Super there (and the Menu key, which the test keyboard has,
    /// where Hyper_L's keycode is not one of its keys): held, the bit is named `mod3`, and
    /// a Super binding is not matched with it, as the stroke grab, made for Super's bit,
    /// does not take the press.
    @Test func aBitWithNoNameIsHeldAsItsBit() throws {
        let s = try DaemonTests.Session(
            config: Self.config,
            beforeStart: { try Self.moveKeys(["Hyper_L", "Menu"], from: Mod4MapIndex, to: Mod3MapIndex, $0) })
        #expect(
            s.daemon.waitForLine(
                containing: "modifier map: alt mod1, super mod4, hyper mod3 (held as mod3), num lock mod2")
                != nil)
        let hyper = s.keycode("Menu")
        try s.server.keyboard.press(keycode: hyper)
        try s.server.keyboard.sync()
        try s.server.drawWithPointer(StartModifiersTests.leftStroke)
        #expect(s.daemon.waitForLine(containing: "wrong modifiers: held mod3, bound super") != nil)
        try s.server.keyboard.release(keycode: hyper)
        try s.server.keyboard.sync()
    }

    /// Super on no bit: said in the debug trace, once, and its bindings never match.
    @Test func aModifierOnNoBitIsSaid() throws {
        let s = try DaemonTests.Session(
            config: Self.config,
            beforeStart: { try Self.moveKeys(["Super_L", "Super_R"], from: Mod4MapIndex, to: nil, $0) })
        #expect(
            s.daemon.waitForLine(
                containing: "super is on no modifier bit: bindings with it in their modifiers never match") != nil)
        try s.server.drawWithPointer(StartModifiersTests.leftStroke)
        #expect(s.daemon.waitForLine(containing: "wrong modifiers: held none, bound super") != nil)
        // The touchpad swipe is handed back at its begin, saying which binding wanted what.
        try Self.swipeDown(s.server)
        #expect(
            s.daemon.waitForLine(
                containing:
                    #"handed back: no binding there takes it (wrong modifiers for "super-swipe": held none, bound super)"#
            )
                != nil)
        #expect(s.daemon.stderrLines.filter { $0.contains("on no modifier bit") }.count == 1)
    }

    private static func superBindingsFire(_ s: DaemonTests.Session) throws {
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        let superKey = s.keycode("Super_L")
        try s.server.keyboard.press(keycode: superKey)
        try s.server.keyboard.sync()
        try Self.swipeDown(s.server)
        #expect(s.daemon.waitForLine(containing: "action         super-swipe") != nil)
        try s.server.drawWithPointer(StartModifiersTests.leftStroke)
        #expect(s.daemon.waitForLine(containing: "action         super-back") != nil)
        try s.server.keyboard.release(keycode: superKey)
        try s.server.keyboard.sync()
        #expect(!s.daemon.stderrLines.contains { $0.contains("wrong modifiers") })
        let f5 = s.keycode("F5")
        let events = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f5 } }
        #expect(events.buttons.isEmpty, "the stroke's button events reached the application")
    }

    private static func swipeDown(_ server: XorgServer) throws {
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 3)
        for _ in 0..<5 { try pad.swipe(.update, fingers: 3, dx: 0, dy: 30) }
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
    }

    /// xmodmap's `remove` and `add`: every key with one of `keysyms` taken off modifier row
    /// `from` and put on row `to` (nil: none).
    static func moveKeys(_ keysyms: [String], from: Int32, to: Int32?, _ server: XorgServer) throws {
        let d = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(d) }
        var low: Int32 = 0
        var high: Int32 = 0
        XDisplayKeycodes(d, &low, &high)
        let wanted = Set(keysyms.map { XStringToKeysym($0) })
        let keycodes = (low...high).map { UInt8($0) }.filter { code in
            (0..<4).contains { wanted.contains(XkbKeycodeToKeysym(d, code, 0, $0)) }
        }
        var map = try #require(XGetModifierMapping(d))
        for code in keycodes {
            map = XDeleteModifiermapEntry(map, code, from)
            if let to { map = XInsertModifiermapEntry(map, code, to) }
        }
        defer { XFreeModifiermap(map) }
        #expect(XSetModifierMapping(d, map) == MappingSuccess)
        XSync(d, False)
    }
}
