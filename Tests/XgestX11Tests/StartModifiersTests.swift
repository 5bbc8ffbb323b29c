import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A modifier already held when the capture opens: XKB reports only changes, so the state
/// is read at the start and reported before the first input.
@Suite struct StartModifiersTests {
    static let config = """
        [[gesture]]
        name = "super-back"
        kind = "stroke"
        device = "pointer"
        button = 3
        modifiers = ["super"]
        direction = "left"
        action = "key F5"
        """

    static let leftStroke = (0...8).map { Point(x: 800 - Double($0 * 40), y: 400 + Double($0)) }

    /// Super held while the daemon starts: the first Super+button-3 stroke fires, its press
    /// is traced once, and the window gets none of its buttons.
    @Test func aModifierHeldAtTheDaemonsStartCountsForTheFirstStroke() throws {
        let s = try DaemonTests.Session(
            config: Self.config,
            beforeStart: { server in
                try server.keyboard.press(keycode: try server.keycode("Super_L"))
                try server.keyboard.sync()
            })
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        try window.focus()
        try s.server.drawWithPointer(Self.leftStroke)
        #expect(s.daemon.waitForLine(containing: "action         super-back") != nil)
        let lines = s.daemon.stderrLines
        #expect(!lines.contains { $0.contains("wrong modifiers") })
        #expect(lines.filter { $0.contains("button-press") }.count == 1)
        let modifiers = try #require(lines.firstIndex { $0.contains("] modifiers      super") }, "\(lines)")
        let press = try #require(lines.firstIndex { $0.contains("button-press") })
        #expect(modifiers < press)
        let f5 = s.keycode("F5")
        let events = try window.collectEvents { $0.keys.contains { !$0.isPress && $0.keycode == f5 } }
        #expect(events.buttons.isEmpty, "the stroke's button events reached the application")
    }

    /// What `xgest record` captures: the held modifiers come first, at the first event's
    /// time, and a stroke grab's press comes once.
    @Test func theCaptureReportsTheModifiersHeldAtItsStartFirst() throws {
        let server = try XorgServer()
        defer { server.stop() }
        try server.keyboard.press(keycode: try server.keycode("Super_L"))
        try server.keyboard.sync()
        let capture = try Capture(server: server)
        capture.source.setStrokeTriggers([StrokeTrigger(button: 3, modifiers: .super)])
        capture.display.sync()
        #expect(capture.source.modifiers == .super)
        let p = server.pointer
        try p.move(x: 800, y: 400)
        try p.press(button: 3)
        try p.sync()
        capture.collect()
        for q in Self.leftStroke.dropFirst() { try p.move(x: q.x, y: q.y) }
        try p.release(button: 3)
        try p.sync()
        capture.collect()
        let inputs = capture.events.inputs
        #expect(inputs.first?.payload == .modifiers(.super))
        #expect(inputs.first?.time == inputs.dropFirst().first?.time)
        let presses = inputs.filter {
            if case .button(let b) = $0.payload { return b.isPress }
            return false
        }
        #expect(presses.count == 1)
    }
}
