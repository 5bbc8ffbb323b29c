import Testing
import XgestCore
import XgestTestServer

/// A mouse disabled or floated with the stroke button down cancels the stroke, as any
/// device leaving does in the middle of a gesture: the release the server sends as it
/// goes fires nothing and leaves nothing held, and the mouse strokes again once back.
@Suite struct StrokeDeviceLeavingTests {
    @Test(arguments: ["float", "disable"]) func aMouseLeavingMidStrokeFiresNothing(_ how: String) throws {
        let s = try DaemonTests.Session(config: DaemonPointerStrokeTests.config)
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 1200, height: 900, className: "Drawn")
        let mouse = try s.server.deviceID(.pointer)
        let left = (0...8).map { Point(x: 800 - Double($0 * 40), y: 400) }
        try s.server.drawWithPointer(left, release: false)
        if how == "float" {
            #expect(try runOnDisplay(s.server, "/usr/bin/xinput", ["float", "\(mouse)"]) == 0)
        } else {
            try s.server.setEnabled(false, device: .pointer)
        }
        #expect(s.daemon.waitForLine(containing: "xgest: device \(how == "float" ? "detached" : "removed")") != nil)
        #expect(!s.daemon.stderrLines.contains { $0.contains("action ") }, "\(s.daemon.stderrLines)")
        #expect(try window.receivedEvents().buttons.isEmpty)
        if how == "float" {
            try s.server.pointer.release(button: 3)
            try s.server.pointer.sync()
            #expect(
                try runOnDisplay(s.server, "/usr/bin/xinput", ["reattach", "\(mouse)", "Virtual core pointer"]) == 0)
        } else {
            try s.server.setEnabled(true, device: .pointer)
        }
        #expect(s.daemon.waitForLine(containing: "device added: \(mouse)") != nil, "\(s.daemon.stderrLines)")
        // Nothing left held: the next stroke fires.
        try s.server.drawWithPointer(left)
        #expect(s.daemon.waitForLine(containing: "action         back") != nil, "\(s.daemon.stderrLines)")
        #expect(try window.receivedEvents().buttons.isEmpty)
    }
}
