import Foundation
import Glibc
import Testing
import XgestCore
import XgestTestServer

/// The state of the keys a touchscreen binding types. The server holds button 1 down on
/// the master pointer for the finger it moves the pointer with, and left it down after a
/// tap until xgest's verdict on the touch (docs/x11-notes.md, "Button bits can stay in the
/// core state after touches"): a tap's keys, sent before the verdict, reached the
/// application with Button1Mask though every finger had lifted (GTK logged `key F6
/// state=0x100`), and an application reading the state took them for keys typed during a
/// drag.
@Suite struct TouchActionKeyStateTests {
    static let config = """
        [[gesture]]
        name = "two-tap"
        kind = "tap"
        device = "touchscreen"
        fingers = 2
        action = "key ctrl+shift+u"

        [[gesture]]
        name = "swipe-next"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "left"
        action = "key F6"
        """

    /// The buttons of a core state: Button1Mask to Button5Mask.
    static func buttonBits(_ state: UInt32) -> UInt32 { state & 0x1f00 }

    @Test func aTapsKeysCarryNoButtonAfterTheLift() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 800, height: 600, className: "Editor")
        try window.focus()
        for n in 1...3 {
            let ts = s.server.touchscreen
            try ts.begin(id: 1, x: 300, y: 300)
            try ts.begin(id: 2, x: 340, y: 300)
            try ts.sync()
            try ts.end(id: 1, x: 300, y: 300)
            try ts.end(id: 2, x: 340, y: 300)
            try ts.sync()
            let keys = try window.collectEvents { $0.keys.filter { !$0.isPress }.count >= 3 }.keys
            // ctrl, shift and u, each pressed and released.
            #expect(keys.count == 6, "tap \(n): \(keys)")
            #expect(
                keys.allSatisfy { Self.buttonBits($0.state) == 0 },
                "tap \(n): \(keys.map { String($0.state, radix: 16) }) \(s.daemon.stderrLines.suffix(8))")
        }
    }

    /// A touchscreen swipe acts when it is recognized, its fingers still down: the server
    /// holds button 1 for the finger that moves the pointer, and the keys say so, as
    /// XQueryPointer does then (docs/actions.md, "key").
    @Test func aSwipesKeysWhileItsFingersAreDownCarryTheFingersButton() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 1600, height: 800, className: "Editor")
        try window.focus()
        let ts = s.server.touchscreen
        let xs = [900.0, 960, 1020]
        for (i, x) in xs.enumerated() { try ts.begin(id: UInt32(i + 1), x: x, y: 500) }
        try ts.sync()
        for step in 1...6 {
            for (i, x) in xs.enumerated() { try ts.update(id: UInt32(i + 1), x: x - Double(step * 50), y: 500) }
            try ts.sync()
        }
        let keys = try window.collectEvents { $0.keys.contains { !$0.isPress } }.keys
        #expect(keys.map(\.isPress) == [true, false], "\(keys)")
        #expect(keys.allSatisfy { Self.buttonBits($0.state) == button1Mask }, "\(keys)")
        for (i, x) in xs.enumerated() { try ts.end(id: UInt32(i + 1), x: x - 300, y: 500) }
        try ts.sync()
    }

    /// The tap read behind the press of a stroke button, all made while xgest was busy
    /// (stopped here): the press froze the pointer, and xgest holds the tap's accept until
    /// it has answered the press (docs/x11-notes.md, "A touch handed back while a stroke
    /// grab holds the pointer"). The server still held the lifted finger's button 1, and
    /// the stroke button, whose release waited behind the freeze: the tap's keys, sent
    /// before the answer, reached the window with Button1Mask and Button3Mask. They wait
    /// for the accept, and carry no button.
    @Test func aTapsKeysReadBehindAStrokeButtonsPressCarryNoButton() throws {
        let s = try DaemonTests.Session(config: Self.config + "\n" + DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 100, y: 100, width: 800, height: 600, className: "Editor")
        try window.focus()
        let pointer = s.server.pointer
        try pointer.move(x: 700, y: 500)
        try pointer.sync()
        #expect(s.daemon.waitForLine(containing: "motion         dev ") != nil, "\(s.daemon.stderrLines)")
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 300, y: 300)
        try ts.begin(id: 2, x: 340, y: 300)
        try ts.sync()
        try ts.end(id: 1, x: 300, y: 300)
        try ts.end(id: 2, x: 340, y: 300)
        try ts.sync()
        try pointer.press(button: 3)
        try pointer.sync()
        try pointer.release(button: 3)
        try pointer.sync()
        kill(pid, SIGCONT)
        let keys = try window.collectEvents { $0.keys.filter { !$0.isPress }.count >= 3 }.keys
        #expect(keys.count == 6, "\(keys)")
        #expect(
            keys.allSatisfy { Self.buttonBits($0.state) == 0 },
            "\(keys.map { String($0.state, radix: 16) }) \(s.daemon.stderrLines.suffix(12))")
        #expect(s.daemon.stderrLines.contains { $0.contains("two-tap: actions wait for its touches' accept") })
    }
}
