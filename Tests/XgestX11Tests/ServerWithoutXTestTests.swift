import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A server without XTEST (Xorg's `-extension XTEST`): xgest could not give a held press
/// back, so it takes none.
@Suite struct ServerWithoutXTestTests {
    /// The stroke button is not grabbed: a drag with it that would be a stroke reaches the
    /// application whole, fires nothing, and one line says why; Xlib's own "extension
    /// missing" lines are not printed.
    @Test func strokeButtonPressesReachTheApplicationAndOneLineSaysWhy() throws {
        var options = XorgServer.Options()
        options.extraArguments = ["-extension", "XTEST"]
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config, serverOptions: options)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Clicked")
        let p = s.server.pointer
        try p.move(x: 800, y: 400)
        try p.sync()
        try p.press(button: 3)
        for x in stride(from: 760.0, through: 400, by: -40) { try p.move(x: x, y: 400) }
        try p.release(button: 3)
        try p.sync()
        let buttons = try window.collectEvents { $0.buttons.count >= 2 }.buttons
        #expect(buttons.map(\.button) == [3, 3], "\(buttons)")
        #expect(buttons.map(\.isPress) == [true, false], "\(buttons)")
        #expect(buttons.first?.root == Point(x: 800, y: 400), "\(buttons)")
        #expect(buttons.last?.root == Point(x: 400, y: 400), "\(buttons)")
        #expect(s.daemon.waitForLine(containing: "button-release") != nil)
        let lines = s.daemon.stderrLines
        #expect(lines.allSatisfy { !$0.contains("action ") && !$0.contains("handed back") }, "\(lines)")
        let said = lines.filter { $0.contains("no XTEST extension") }
        #expect(said.count == 1, "\(lines)")
        #expect(said.first?.contains("pointer strokes are off") == true, "\(said)")
        #expect(lines.allSatisfy { !$0.hasPrefix("Xlib") }, "\(lines)")
    }
}
