import Glibc
import Testing
import XgestCore
import XgestTestServer

@Suite struct HotplugTests {
    @Test func touchscreenKeepsWorkingAfterDisableAndEnable() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 600)

        try server.touchscreen.begin(id: 1, x: 100, y: 100)
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.count == 2)

        for round in 1...3 {
            try server.setEnabled(false, device: .touchscreen)
            // The driver closed the feeder connection: input fails loudly, not silently.
            #expect(throws: TestServerError.self) { try server.touchscreen.begin(id: 2, x: 10, y: 10) }
            try server.setEnabled(true, device: .touchscreen)

            let x = Double(100 * round + 33)
            try server.touchscreen.begin(id: 2, x: x, y: 200)
            try server.touchscreen.update(id: 2, x: x + 1, y: 201)
            try server.touchscreen.end(id: 2)
            try server.touchscreen.sync()
            let touches = try window.receivedEvents().touches
            #expect(touches.map(\.phase) == [.begin, .update, .end], "round \(round)")
            #expect(touches.first?.root == Point(x: x, y: 200), "round \(round)")
        }
    }

    @Test func otherDevicesAreUnaffectedByTheTouchscreenCycle() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 600)
        try server.setEnabled(false, device: .touchscreen)
        try server.pointer.click(button: 1, x: 50, y: 60)
        try server.pointer.sync()
        #expect(try window.receivedEvents().buttons.count == 2)
        try server.setEnabled(true, device: .touchscreen)
        try server.pointer.click(button: 1, x: 70, y: 80)
        try server.pointer.sync()
        #expect(try window.receivedEvents().buttons.map(\.root) == [Point(x: 70, y: 80), Point(x: 70, y: 80)])
    }

    @Test func enablingAnEnabledDeviceKeepsItsConnection() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 600)
        try server.setEnabled(true, device: .touchscreen)
        try server.touchscreen.begin(id: 1, x: 10, y: 20)
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.count == 2)
    }

    @Test func reEnableSurvivesAStaleClientOnTheSocket() throws {
        let server = try XorgServer()
        let window = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 600)
        try server.setEnabled(false, device: .touchscreen)
        // Another client connects while the device is off and goes away: the driver will
        // accept that dead connection when the device comes back.
        let stale = try #require(connectUnixSocket(server.directory + "/sock/touchscreen.sock"))
        close(stale)
        try server.setEnabled(true, device: .touchscreen)
        try server.touchscreen.begin(id: 1, x: 123, y: 45)
        try server.touchscreen.end(id: 1)
        try server.touchscreen.sync()
        #expect(try window.receivedEvents().touches.map(\.root) == [Point(x: 123, y: 45), Point(x: 123, y: 45)])
    }

    @Test func deviceIDsAreDistinct() throws {
        var options = XorgServer.Options()
        options.secondTouchscreen = true
        let server = try XorgServer(options: options)
        #expect(server.deviceKinds.count == InputTestDeviceKind.allCases.count)
        let ids = try server.deviceKinds.map { try server.deviceID($0) }
        #expect(Set(ids).count == 5)
        #expect(ids.allSatisfy { $0 > 3 })  // 2 and 3 are the master pointer and keyboard
    }
}

/// A connected AF_UNIX stream socket, or nil.
private func connectUnixSocket(_ path: String) -> Int32? {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (i, b) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = b }
    }
    let rc = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    if rc != 0 {
        close(fd)
        return nil
    }
    return fd
}
