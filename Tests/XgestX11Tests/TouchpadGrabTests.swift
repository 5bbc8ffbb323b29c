import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// Touchpad gestures are grabbed only for the gesture types some binding uses, and each
/// grabbed gesture is kept or handed back, whole, when it begins.
@Suite struct TouchpadGrabTests {
    static func binding(
        _ name: String, _ kind: GestureKind, fingers: Int? = nil, direction: GestureDirection? = nil, app: Int? = nil
    ) -> GestureBinding {
        GestureBinding(
            name: name, app: app, kind: kind, devices: [.touchpad], fingers: fingers, direction: direction,
            action: BoundAction(.click(button: 1), text: "click 1"))
    }

    /// A two-finger pinch out over (x, y): begin, three updates, end.
    static func pinch(_ server: XorgServer, x: Double, y: Double) throws {
        try server.pointer.move(x: x, y: y)
        try server.pointer.sync()
        let pad = server.touchpad
        try pad.pinch(.begin, fingers: 2, scale: 1)
        for s in [1.1, 1.2, 1.3] { try pad.pinch(.update, fingers: 2, dx: 1, scale: s, angleDelta: 1) }
        try pad.pinch(.end, fingers: 2, scale: 1.3)
        try pad.sync()
    }

    /// A swipe of `fingers` to the left over (x, y): begin, three updates, end.
    static func swipe(_ server: XorgServer, fingers: Int, x: Double, y: Double) throws {
        try server.pointer.move(x: x, y: y)
        try server.pointer.sync()
        let pad = server.touchpad
        try pad.swipe(.begin, fingers: fingers)
        for _ in 0..<3 { try pad.swipe(.update, fingers: fingers, dx: -30) }
        try pad.swipe(.end, fingers: fingers)
        try pad.sync()
    }

    static func gestures(_ events: [TestWindowEvent]) -> [ReceivedGesture] {
        events.compactMap { if case .gesture(let g) = $0 { return g } else { return nil } }
    }

    static func touchpadInputs(_ captured: [CapturedEvent]) -> [InputEvent] {
        captured.inputs.filter { $0.deviceKind == .touchpad }
    }

    @Test func noTouchpadBindingGrabsNothing() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600)
        let set = BindingSet(bindings: [], apps: [])
        let capture = try Capture(server: server, touchpadClaims: TouchpadClaims(set))
        #expect(capture.source.grabbedTouchpadGestures.isEmpty)
        try Self.pinch(server, x: 400, y: 400)
        try Self.swipe(server, fingers: 3, x: 400, y: 400)
        let captured = capture.collect()
        #expect(Self.touchpadInputs(captured).isEmpty)
        let seen = Self.gestures(try window.receivedEvents())
        #expect(seen.map(\.kind) == Array(repeating: .pinch, count: 5) + Array(repeating: .swipe, count: 5))
    }

    @Test func pinchOverAnotherAppsWindowIsHandedBackWhole() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let zoomer = try TestWindow(
            server: server, x: 0, y: 0, width: 800, height: 800, instanceName: "zoomer", className: "Zoomer")
        let other = try TestWindow(server: server, x: 1000, y: 0, width: 800, height: 800)
        let apps = [AppScope(windowClass: try GlobPattern("Zoomer"))]
        let set = BindingSet(bindings: [Self.binding("zoom", .pinch, direction: .out, app: 0)], apps: apps)
        let capture = try Capture(server: server, touchpadClaims: TouchpadClaims(set))
        #expect(capture.source.grabbedTouchpadGestures == [.pinch])

        // Over the other window: it gets the whole pinch, xgest none of it.
        try Self.pinch(server, x: 1400, y: 400)
        var captured = capture.collect()
        #expect(Self.touchpadInputs(captured).isEmpty)
        #expect(captured.contains { if case .touchpadGestureHandedBack = $0 { true } else { false } })
        let handedBack = Self.gestures(try other.receivedEvents())
        #expect(handedBack.map(\.phase) == [.begin, .update, .update, .update, .end])
        #expect(handedBack.allSatisfy { $0.kind == .pinch && $0.fingers == 2 && $0.window == other.window })
        #expect(abs((handedBack.last?.scale ?? 0) - 1.3) < 1e-3)

        // Over the app's window: xgest takes it whole, the window sees none of it.
        try Self.pinch(server, x: 400, y: 400)
        captured = capture.collect()
        let kept = Self.touchpadInputs(captured)
        #expect(kept.count == 5)
        #expect(captured.startTargets.map(\.window?.className) == ["Zoomer"])
        #expect(Self.gestures(try zoomer.receivedEvents()).isEmpty)
        #expect(Self.gestures(try other.receivedEvents()).isEmpty)
    }

    /// The pointer moves just before a pinch begins, the motion still unprocessed when the
    /// driver makes the begin, which then carries the old position: the pinch is judged on
    /// the window the motion took the pointer to, the one the server gives the pinch to.
    @Test func aPinchRightAfterMotionIsJudgedWhereThePointerWent() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let other = try TestWindow(server: server, x: 0, y: 0, width: 800, height: 800)
        let zoomer = try TestWindow(
            server: server, x: 800, y: 0, width: 1000, height: 800, instanceName: "zoomer", className: "Zoomer")
        let apps = [AppScope(windowClass: try GlobPattern("Zoomer"))]
        let set = BindingSet(bindings: [Self.binding("zoom", .pinch, app: 0)], apps: apps)
        let capture = try Capture(server: server, touchpadClaims: TouchpadClaims(set))
        try server.pointer.move(x: 700, y: 400)
        try server.pointer.sync()
        let pad = server.touchpad
        try pad.moveAndBeginPinch(dx: 300, dy: 0, fingers: 2)
        try pad.sync()
        capture.collect()
        for s in [1.1, 1.2, 1.3] { try pad.pinch(.update, fingers: 2, dx: 1, scale: s, angleDelta: 1) }
        try pad.pinch(.end, fingers: 2, scale: 1.3)
        try pad.sync()
        capture.collect()

        #expect(capture.events.startTargets.map(\.window?.className) == ["Zoomer"])
        let kept = Self.touchpadInputs(capture.events)
        #expect(kept.count == 5)
        if case .touchpadPinch(let begin)? = kept.first?.payload {
            #expect(begin.location.x > 800 && begin.location.y == 400, "\(begin.location)")
        } else {
            Issue.record("no pinch begin: \(kept)")
        }
        #expect(Self.gestures(try zoomer.receivedEvents()).isEmpty)
        #expect(Self.gestures(try other.receivedEvents()).isEmpty)
    }

    @Test func swipeWithAnUnboundFingerCountIsHandedBack() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600)
        let set = BindingSet(bindings: [Self.binding("three", .swipe, fingers: 3, direction: .left)], apps: [])
        let capture = try Capture(server: server, touchpadClaims: TouchpadClaims(set))
        #expect(capture.source.grabbedTouchpadGestures == [.swipe])
        try Self.swipe(server, fingers: 4, x: 400, y: 400)
        #expect(Self.touchpadInputs(capture.collect()).isEmpty)
        #expect(Self.gestures(try window.receivedEvents()).count == 5)
        try Self.swipe(server, fingers: 3, x: 400, y: 400)
        #expect(Self.touchpadInputs(capture.collect()).count == 5)
        #expect(Self.gestures(try window.receivedEvents()).isEmpty)
        // Pinches are not grabbed: the window gets them without xgest answering anything.
        try Self.pinch(server, x: 400, y: 400)
        #expect(Self.gestures(try window.receivedEvents()).count == 5)
    }

    @Test func claimsFollowAReload() throws {
        let server = try XorgServer()
        defer { server.stop() }
        let window = try TestWindow(server: server, x: 100, y: 100, width: 800, height: 600)
        let capture = try Capture(server: server, touchpadClaims: .nothing)
        #expect(capture.source.grabbedTouchpadGestures.isEmpty)
        let pinching = BindingSet(bindings: [Self.binding("zoom", .rotate)], apps: [])
        try capture.source.setTouchpadClaims(TouchpadClaims(pinching))
        #expect(capture.source.grabbedTouchpadGestures == [.pinch])
        try Self.pinch(server, x: 400, y: 400)
        #expect(Self.touchpadInputs(capture.collect()).count == 5)
        #expect(Self.gestures(try window.receivedEvents()).isEmpty)
        try capture.source.setTouchpadClaims(TouchpadClaims(BindingSet(bindings: [], apps: [])))
        #expect(capture.source.grabbedTouchpadGestures.isEmpty)
        try Self.pinch(server, x: 400, y: 400)
        #expect(Self.touchpadInputs(capture.collect()).isEmpty)
        #expect(Self.gestures(try window.receivedEvents()).count == 5)
    }
}
