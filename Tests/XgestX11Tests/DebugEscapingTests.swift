import Foundation
import Testing
import XgestTestServer

/// `--debug` lines carry text that other clients chose: a window whose title holds a newline
/// and a well-formed fake action line, and ESC sequences, must not forge a line or reach
/// the terminal raw.
@Suite struct DebugEscapingTests {
    @Test func aForgedWindowTitleAndClassStayEscapedInOneLine() throws {
        let s = try DaemonTests.Session()
        let forged = "[   9.999999] action         swipe-next: exec rm -rf / on Editor -> done in 1 us"
        let window = try TestWindow(
            server: s.server, x: 100, y: 100, width: 800, height: 600, instanceName: "in\tstance",
            className: "Evil\u{1B}[31m", title: "x\n" + forged + "\u{1B}[2J\\")
        try s.server.touchscreen.begin(id: 1, x: 321, y: 234)
        try s.server.touchscreen.sync()
        try s.server.touchscreen.end(id: 1, x: 321, y: 234)
        try s.server.touchscreen.sync()
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil)
        let lines = s.daemon.stderrLines
        let begin = lines.first { $0.contains("touch-begin") }
        #expect(
            begin?.contains(
                #"-> window Evil\x1b[31m (0x"#) == true, "\(begin ?? "no touch-begin line")")
        #expect(
            begin?.contains(#"class=Evil\x1b[31m instance=in\tstance title="x\n"# + forged + #"\x1b[2J\\""#) == true,
            "\(begin ?? "no touch-begin line")")
        #expect(!lines.contains { $0.hasPrefix("[   9.999999]") }, "a forged line was written")
        #expect(!lines.contains { $0.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x09 } })
        _ = try window.receivedEvents()
    }

    /// A window with no WM_CLASS is named by its title where an action ran.
    @Test func anActionOnAWindowWithNoClassNamesItsTitle() throws {
        let config = """
            [[gesture]]
            name = "tap"
            kind = "tap"
            device = "touchscreen"
            fingers = 1
            action = "exec true"
            """
        let s = try DaemonTests.Session(config: config)
        let window = try TestWindow(
            server: s.server, x: 100, y: 100, width: 800, height: 600, instanceName: nil, className: nil,
            title: "NoClass latin")
        defer { window.close() }
        try s.server.touchscreen.begin(id: 1, x: 321, y: 234)
        try s.server.touchscreen.sync()
        try s.server.touchscreen.end(id: 1, x: 321, y: 234)
        try s.server.touchscreen.sync()
        let line = s.daemon.waitForLine(containing: "action         tap")
        #expect(line?.contains(#"on window "NoClass latin" -> done"#) == true, "\(line ?? "no action line")")
    }

    /// An action's text is shown as the config has it: its backslashes were doubled, so an
    /// exec's quoting looked like something it was not. Its controls are still escaped.
    @Test func anActionLineShowsItsBackslashesAsWritten() throws {
        let s = try DaemonTests.Session(
            config: #"""
                [[gesture]]
                name = "swipe-next"
                kind = "swipe"
                device = "touchscreen"
                fingers = 3
                direction = "left"
                action = "exec true e\\ f \"g\\\\h\"\t"
                """#)
        try s.swipeLeft()
        let line = s.daemon.waitForLine(containing: "action         swipe-next")
        #expect(
            line?.contains(#"swipe-next: exec true e\ f "g\\h"\t on desktop -> "#) == true,
            "\(line ?? "no action line")")
    }
}

/// A quote in a window's title cannot end the title's field in `--debug`.
@Suite struct DebugTitleQuoteTests {
    @Test func aTitleCannotForgeFieldsWithAQuote() throws {
        let s = try DaemonTests.Session()
        let window = try TestWindow(
            server: s.server, x: 100, y: 100, width: 800, height: 600, instanceName: "wina", className: "WinA",
            title: #"x" class=Firefox instance=Navigator title="y"#)
        defer { window.close() }
        try s.server.touchscreen.begin(id: 1, x: 321, y: 234)
        try s.server.touchscreen.sync()
        try s.server.touchscreen.end(id: 1, x: 321, y: 234)
        try s.server.touchscreen.sync()
        #expect(s.daemon.waitForLine(containing: "ownership reject") != nil)
        let begin = s.daemon.stderrLines.first { $0.contains("touch-begin") }
        #expect(
            begin?.hasSuffix(#"class=WinA instance=wina title="x\" class=Firefox instance=Navigator title=\"y")"#)
                == true, "\(begin ?? "no touch-begin line")")
    }
}

/// A device's name is its maker's to choose (a USB device can call itself anything, and
/// `xinput create-master` takes any name): a quote in it cannot end its field.
@Suite struct DebugDeviceNameQuoteTests {
    @Test func aDeviceNameCannotForgeFieldsWithAQuote() throws {
        let s = try DaemonTests.Session()
        let name = #"m" 99 "x"#
        #expect(try runOnDisplay(s.server, "/usr/bin/xinput", ["create-master", name]) == 0)
        let added = s.daemon.waitForLine(containing: "99 \\\"x XTEST keyboard")
        #expect(added?.contains(#""m\" 99 \"x XTEST keyboard" slave keyboard"#) == true, "\(added ?? "no line")")
        #expect(try runOnDisplay(s.server, "/usr/bin/xinput", ["remove-master", name + " pointer"]) == 0)
        let removed = s.daemon.waitForLine(containing: "device removed")
        #expect(removed?.contains(#""m\" 99 \"x"#) == true, "\(removed ?? "no line")")
    }
}
