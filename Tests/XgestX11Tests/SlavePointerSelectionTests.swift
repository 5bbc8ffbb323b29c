import Testing
import XgestCore
import XgestTestServer

/// A window whose client selects the touchscreen's own pointer events (XI 2 ButtonPress,
/// ButtonRelease and Motion for the slave device, touches for the master devices: Qt 5 with
/// QT_XCB_NO_XI2_MOUSE) gets a held touch handed back at rest, and loses one handed back after
/// it moved: the server accepts the master's touch for xgest when that client's emulated
/// pointer takes the slave's (docs/x11-notes.md, "A client selecting the touchscreen's pointer
/// events"). Nothing xgest sends changes it; this pins what the notes say.
@Suite struct SlavePointerSelectionTests {
    @Test func aTouchHandedBackAfterItMovedIsLostToAWindowSelectingTheTouchscreensPointerEvents() throws {
        let s = try HandbackTests.session()
        var options = TestWindow.Options(x: 100, y: 100, width: 1600, height: 800)
        options.className = "Editor"
        let touchscreen = try s.server.deviceID(.touchscreen)
        options.pointerEventsOfDevice = touchscreen
        let window = try TestWindow(server: s.server, options: options)
        let ts = s.server.touchscreen

        // At rest: handed back when the landing window ends, before the slave's emulated
        // pointer has had anything past its press. The window gets all of it.
        try ts.begin(id: 1, x: 700, y: 500)
        try ts.sync()
        #expect(
            s.daemon.waitForLine(containing: "ownership reject touchscreen device=\(touchscreen) sequence=1") != nil)
        #expect(
            try window.collectEvents { $0.touches.contains { $0.phase == .begin } }.touches.map(\.phase) == [.begin])
        try ts.end(id: 1, x: 700, y: 500)
        try ts.sync()
        let still = try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches
        #expect(still.map(\.phase) == [.end])

        // Moved past the landing slop: handed back at that motion, which the slave's emulated
        // pointer had already taken, and its acceptance was the master's too.
        try ts.begin(id: 2, x: 700, y: 500)
        try ts.sync()
        try ts.update(id: 2, x: 710, y: 500)
        try ts.sync()
        #expect(
            s.daemon.waitForLine(containing: "ownership reject touchscreen device=\(touchscreen) sequence=2") != nil)
        for step in 2...4 {
            try ts.update(id: 2, x: 700 + 10 * Double(step), y: 500)
            try ts.sync()
        }
        try ts.end(id: 2, x: 740, y: 500)
        try ts.sync()

        // A touch at rest after it still arrives, once handed back (its end fed after the
        // window has its begin, as a lift that late would be); the moved one never came.
        try ts.begin(id: 3, x: 900, y: 500)
        try ts.sync()
        #expect(
            s.daemon.waitForLine(containing: "ownership reject touchscreen device=\(touchscreen) sequence=3") != nil)
        let down = try window.collectEvents { $0.touches.contains { $0.phase == .begin } }.touches
        try ts.end(id: 3, x: 900, y: 500)
        try ts.sync()
        let after = down + (try window.collectEvents { $0.touches.contains { $0.phase == .end } }.touches)
        #expect(after.map(\.phase) == [.begin, .end], "\(after)")
        #expect(after.allSatisfy { $0.root == Point(x: 900, y: 500) }, "\(after)")
    }
}
