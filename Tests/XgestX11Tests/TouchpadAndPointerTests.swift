import Testing
import XgestCore
import XgestTestServer
import XgestX11

@Suite struct TouchpadAndPointerTests {
    @Test func touchpadSwipeAndPinchArriveWithTheirValues() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let capture = try Capture(server: server)
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: 3)
        try pad.swipe(.update, fingers: 3, dx: -20, dy: 5)
        try pad.swipe(.update, fingers: 3, dx: -30.5, dy: 0)
        try pad.swipe(.end, fingers: 3)
        try pad.sync()
        // xgest answers the swipe's begin (the gesture grab is synchronous) before the pinch
        // begins, as it does long before a hand could start another gesture: a begin the
        // server queued behind an unanswered one skips the grab (docs/x11-notes.md).
        var captured = capture.collect()
        try pad.pinch(.begin, fingers: 2, scale: 1)
        try pad.pinch(.update, fingers: 2, dx: 1, dy: -1, scale: 0.9, angleDelta: 5)
        try pad.pinch(.update, fingers: 2, scale: 1.25, angleDelta: -2.5)
        try pad.pinch(.end, fingers: 2, scale: 1.25, cancelled: true)
        try pad.sync()
        captured += capture.collect()
        let inputs = captured.inputs.filter { $0.deviceKind == .touchpad }
        #expect(inputs.count == 8)
        #expect(inputs.allSatisfy { $0.device == (try? server.deviceID(.touchpad)) })

        let swipes = inputs.compactMap { if case .touchpadSwipe(let s) = $0.payload { s } else { nil } }
        #expect(swipes.map(\.phase) == [.begin, .update, .update, .end])
        #expect(swipes.allSatisfy { $0.fingers == 3 && !$0.cancelled })
        #expect(swipes.map(\.delta) == [.zero, Point(x: -20, y: 5), Point(x: -30.5, y: 0), .zero])

        let pinches = inputs.compactMap { if case .touchpadPinch(let p) = $0.payload { p } else { nil } }
        #expect(pinches.map(\.phase) == [.begin, .update, .update, .end])
        #expect(pinches.allSatisfy { $0.fingers == 2 })
        // Scale travels as 16.16 fixed point (docs/x11-notes.md, "Touchpad pinch scale and
        // angle are 16.16 fixed point").
        let fp16Tolerance = 1.0 / 65536
        for (p, s) in zip(pinches, [1.0, 0.9, 1.25, 1.25]) { #expect(abs(p.scale - s) <= fp16Tolerance) }
        for (p, a) in zip(pinches, [0.0, 5, -2.5, 0]) { #expect(abs(p.angleDeltaDegrees - a) <= fp16Tolerance) }
        #expect(pinches[1].delta == Point(x: 1, y: -1))
        #expect(pinches.map(\.cancelled) == [false, false, false, true])
        // Each gesture's begin is hit-tested once.
        #expect(captured.startTargets == [.desktop, .desktop])
    }

    @Test func pointerMotionAndButtonsArriveAtThePointerPosition() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 400, y: 300, width: 400, height: 300, className: "Clicky")
        let capture = try Capture(server: server)
        // Read one at a time: raw motion read together is one motion, where the pointer is.
        try server.pointer.move(x: 500, y: 400)
        try server.pointer.sync()
        var captured = capture.collect()
        try server.pointer.move(x: 640, y: 480)
        try server.pointer.press(button: 3)
        try server.pointer.release(button: 3)
        try server.pointer.sync()
        captured += capture.collect()
        let pointerEvents = captured.inputs.filter { $0.deviceKind == .pointer }
        let expected: [InputEvent.Payload] = [
            .pointerMotion(Point(x: 500, y: 400)), .pointerMotion(Point(x: 640, y: 480)),
            .button(ButtonSample(button: 3, isPress: true, location: Point(x: 640, y: 480))),
            .button(ButtonSample(button: 3, isPress: false, location: Point(x: 640, y: 480))),
        ]
        #expect(pointerEvents.map(\.payload) == expected)
        // The press starts a sequence: hit-tested once, on the window.
        #expect(captured.startTargets.map(\.window?.className) == ["Clicky"])
        // Listening takes nothing away from the application.
        #expect(try window.receivedEvents().buttons.map(\.button) == [3, 3])
    }

    @Test func timeIsMonotonicAcrossDevices() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let capture = try Capture(server: server)
        let policy = PassThroughPolicy(ownership: capture.source.ownership)
        for i in 0..<20 {
            try server.touchscreen.begin(id: 1, x: Double(100 + i), y: 100)
            try server.touchscreen.end(id: 1, x: Double(100 + i), y: 100)
            try server.touchscreen.sync()
            try server.pointer.move(x: Double(200 + i), y: 200)
            try server.pointer.sync()
        }
        let times = capture.collect { _ = policy.decide($0) }.inputs.map(\.time)
        #expect(times.count >= 60)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }
}
