import Testing
import XgestCore
import XgestTestServer
import XgestX11

@Suite struct HotplugCaptureTests {
    @Test func disablingAndEnablingADeviceIsRemovalThenAddition() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let capture = try Capture(server: server)
        let id = try server.deviceID(.touchscreen)
        #expect(capture.source.devices[id]?.kind == .touchscreen)

        try server.setEnabled(false, device: .touchscreen)
        let removed = capture.collect()
        #expect(removed.contains { if case .deviceRemoved(id, _, false) = $0 { true } else { false } })
        #expect(capture.source.devices[id] == nil)

        try server.setEnabled(true, device: .touchscreen)
        let added = capture.collect()
        let addedDevices = added.compactMap { if case .deviceAdded(let d) = $0 { d } else { nil } }
        #expect(addedDevices.map(\.id) == [id])
        #expect(addedDevices.first?.kind == .touchscreen)
        #expect(addedDevices.first?.isUsed == true)

        // And it is captured again.
        try server.touchscreen.begin(id: 1, x: 10, y: 20)
        try server.touchscreen.end(id: 1, x: 10, y: 20)
        try server.touchscreen.sync()
        let policy = PassThroughPolicy(ownership: capture.source.ownership)
        let touches = capture.collect { _ = policy.decide($0) }.touchSamples
        #expect(touches.map(\.phase) == [.begin, .end])
        #expect(touches.first?.location == Point(x: 10, y: 20))
    }

    /// A touchscreen disabled (or unplugged) with fingers down cancels the gesture: the
    /// server ends its touches as if lifted before it says the device is gone, and they
    /// completed the two-finger tap the user never made.
    @Test func aTouchscreenDisabledWithFingersDownRunsNoTap() throws {
        let config = """
            [[gesture]]
            name = "tap2"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "exec true"
            """
        let s = try DaemonTests.Session(config: config)
        let ts = s.server.touchscreen
        try ts.begin(id: 1, x: 300, y: 300)
        try ts.begin(id: 2, x: 400, y: 300)
        try ts.sync()
        try s.server.setEnabled(false, device: .touchscreen)
        // The ends come before the hierarchy change: once it is read, so is any action they ran.
        #expect(s.daemon.waitForLine(containing: "device removed") != nil)
        #expect(!s.daemon.stderrLines.contains { $0.contains("action") && $0.contains("tap2") })

        // Enabled again, the device is used as before.
        try s.server.setEnabled(true, device: .touchscreen)
        #expect(s.daemon.waitForLine(containing: "device added") != nil)
        try ts.begin(id: 3, x: 300, y: 300)
        try ts.begin(id: 4, x: 400, y: 300)
        try ts.sync()
        try ts.end(id: 3, x: 300, y: 300)
        try ts.end(id: 4, x: 400, y: 300)
        try ts.sync()
        #expect(s.daemon.waitForLine(containing: "action         tap2") != nil)
    }

    /// A pan in progress on a touchscreen disabled is cancelled, not ended: the first of
    /// the ends the server makes up ended it as released, and its end action ran.
    @Test func aTouchscreenDisabledInAPanCancelsIt() throws {
        let config = """
            [[gesture]]
            name = "pan3"
            kind = "pan"
            device = "touchscreen"
            fingers = 3
            begin-action = "exec true begun"
            action = "exec true moved"
            end-action = "exec true ended"
            """
        let s = try DaemonTests.Session(config: config)
        let ts = s.server.touchscreen
        let xs = [300.0, 360, 420]
        for (i, x) in xs.enumerated() { try ts.begin(id: UInt32(i + 1), x: x, y: 300) }
        try ts.sync()
        for step in 1...3 {
            for (i, x) in xs.enumerated() { try ts.update(id: UInt32(i + 1), x: x + Double(step) * 30, y: 300) }
            try ts.sync()
        }
        #expect(s.daemon.waitForLine(containing: "exec true begun") != nil)
        try s.server.setEnabled(false, device: .touchscreen)
        #expect(s.daemon.waitForLine(containing: "device removed") != nil)
        #expect(!s.daemon.stderrLines.contains { $0.contains("exec true ended") })
    }

    /// A touch xgest still held when its touchscreen was disabled (or unplugged) was
    /// forgotten with no verdict: the server had ended it, but its record stayed on the
    /// master, owned by xgest's grab. Under a window manager whose click grab is the touch's
    /// next listener, every later touch of every touchscreen on that master then waited
    /// behind it for that grab, and no application got any until xgest exited. Accepted at
    /// the removal, it ends: the touchscreen enabled again, a tap reaches the window, and
    /// button 1, which the held touch left down on the master, is up after it.
    @Test func aTouchHeldWhenItsTouchscreenIsDisabledLeavesLaterTouchesToApplications() throws {
        let config = """
            [[gesture]]
            name = "menu"
            kind = "long-press"
            device = "touchscreen"
            long-press-duration = "10s"
            action = "exec true"
            """
        let s = try DaemonTests.Session(config: config)
        var options = WindowManagerProcess.Options()
        options.clickToFocus = true
        let wm = try WindowManagerProcess(server: s.server, options: options)
        defer { _ = wm.stop() }
        let window = try TestWindow(server: s.server, x: 0, y: 0, width: 600, height: 500, className: "Editor")
        let point = try ClickToFocusTests.rootPoint(s.server, window, x: 200, y: 200)
        let id = try s.server.deviceID(.touchscreen)
        // One finger down, which the long press waits on: xgest holds it.
        try s.server.touchscreen.begin(id: 1, at: point)
        try s.server.touchscreen.sync()
        #expect(s.daemon.waitForLine(containing: "touch-begin") != nil)
        try s.server.setEnabled(false, device: .touchscreen)
        #expect(s.daemon.waitForLine(containing: "device removed") != nil)
        #expect(
            s.daemon.waitForLine(
                containing: "touches 1 of device \(id) accepted by xgest itself: the device was disabled or unplugged")
                != nil)
        try s.server.setEnabled(true, device: .touchscreen)
        // Listed at the start, and again now.
        #expect(waitForLines(s.daemon, containing: "device added: \(id) ", count: 2))
        _ = try window.receivedEvents()
        let touches = try s.tap(x: point.x, y: point.y, id: 2, reaching: window)
        #expect(touches.map(\.phase) == [.begin, .end], "\(touches)")
        do {
            // Closed before the server stops: losing its connection would end the test process.
            let display = try XDisplay(name: s.server.displayName)
            #expect(buttonsGoUp(display, button1Mask))
        }
    }

    @Test func devicesAreClassified() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let display = try XDisplay(name: server.displayName)
        let devices = display.queryDevices()
        func kind(_ k: InputTestDeviceKind) -> DeviceKind? {
            devices.first { $0.name == k.xiName }?.info?.kind
        }
        #expect(kind(.touchscreen) == .touchscreen)
        #expect(kind(.touchpad) == .touchpad)
        #expect(kind(.pointer) == .pointer)
        #expect(kind(.keyboard) == .keyboard)
        #expect(devices.first { $0.name == InputTestDeviceKind.touchscreen.xiName }?.touchCount == 10)
        // Masters and XTest's virtual devices are listed but not used.
        #expect(devices.filter { $0.name.hasPrefix("Virtual core") }.allSatisfy { !$0.isUsed })
    }

    /// A second master pointer (`xinput create-master`) brings XTest devices of its own,
    /// which carry synthesized input as the core ones do: they were used as a pointer and a
    /// keyboard. Its removal deletes their properties, which is no mapping change.
    @Test func aSecondMastersXTestDevicesAreNotUsed() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let capture = try Capture(server: server)
        #expect(try runOnDisplay(server, "/usr/bin/xinput", ["create-master", "second"]) == 0)
        let added = capture.collect().compactMap { if case .deviceAdded(let d) = $0 { d } else { nil } }
        let xtest = added.filter { $0.name.hasPrefix("second XTEST") }
        #expect(
            xtest.map(\.name).sorted() == ["second XTEST keyboard", "second XTEST pointer"], "\(added.map(\.name))")
        #expect(xtest.allSatisfy { !$0.isUsed && $0.ignoredBecause == "XTest virtual device" })
        #expect(try runOnDisplay(server, "/usr/bin/xinput", ["remove-master", "second pointer"]) == 0)
        let removal = capture.collect()
        #expect(!removal.contains { if case .layoutMayHaveChanged = $0 { true } else { false } }, "\(removal)")
    }
}
