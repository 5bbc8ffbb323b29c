import CXgest
import Foundation
import Glibc
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A client rewriting a root property xgest reads (xscreensaver's status, the X
/// resources) in a loop: each change cost a read, and the daemon fell seconds behind its
/// input. The changes of one pass are read once, after its events.
@Suite struct RootPropertyFloodTests {
    static let config = """
        [[gesture]]
        name = "swipe"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "left"
        action = "key F5"
        """

    static let changes = 50

    /// Writes `_SCREENSAVER_STATUS` (not locked) and RESOURCE_MANAGER `changes` times each.
    static func burst(on display: XDisplay) {
        let status = display.atom("_SCREENSAVER_STATUS")
        for i in 0..<changes {
            var values: [Int] = [0, i]
            values.withUnsafeMutableBytes { raw in
                _ = XChangeProperty(
                    display.handle, display.root, status, Atom(XA_INTEGER), 32, PropModeReplace,
                    raw.baseAddress?.assumingMemoryBound(to: UInt8.self), 2)
            }
            var text = Array("Xft.dpi:\t96\nxgest.flood:\t\(i)\n".utf8)
            _ = XChangeProperty(
                display.handle, display.root, Atom(XA_RESOURCE_MANAGER), Atom(XA_STRING), 8, PropModeReplace,
                &text, Int32(text.count))
        }
        display.sync()
    }

    /// The daemon is stopped while the changes and a touch are made, so that all of them
    /// wait for it together, as behind a flood: both properties are read once, and the
    /// touch (no binding takes one finger) reaches the window without waiting for a read
    /// per change.
    @Test func aBurstOfChangesIsReadOnceAndATouchAfterItIsNotHeldBehindIt() throws {
        let s = try DaemonTests.Session(config: Self.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Flooded")
        let writer = try XDisplay(name: s.server.displayName)
        let pid = s.daemon.process.processIdentifier
        kill(pid, SIGSTOP)
        defer { kill(pid, SIGCONT) }
        #expect(SuspensionTests.waitUntilStopped(pid), "the daemon did not stop")
        Self.burst(on: writer)
        try s.server.touchscreen.begin(id: 1, x: 400, y: 300)
        try s.server.touchscreen.sync()
        try s.server.touchscreen.end(id: 1, x: 400, y: 300)
        try s.server.touchscreen.sync()
        kill(pid, SIGCONT)

        let touches = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(touches.map(\.phase) == [.begin, .end])
        let status = "_SCREENSAVER_STATUS read once for its"
        let resources = "RESOURCE_MANAGER read once for its"
        #expect(
            s.daemon.waitForLines { lines in
                lines.contains { $0.contains(status) } && lines.contains { $0.contains(resources) }
            })
        let lines = s.daemon.stderrLines
        #expect(lines.filter { $0.contains(status) }.count == 1, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("\(status) \(Self.changes) changes") })
        #expect(lines.filter { $0.contains(resources) }.count == 1)
        #expect(lines.contains { $0.contains("\(resources) \(Self.changes) changes") })
        // The touch came after the changes, and was not held behind a read per change.
        let touchLine = try #require(lines.firstIndex { $0.contains("touch-begin") })
        let readsBefore = lines[..<touchLine].filter { $0.contains(status) || $0.contains(resources) }
        #expect(readsBefore.count <= 2, "\(readsBefore.count) reads before the touch")
    }
}
