import Testing

@testable import XgestCore

/// A registration with its own recognizer for one device (a touchscreen on a monitor of
/// another density): each device's sequences run with their own, whichever ran before.
@Suite struct PerDeviceRecognizerTests {
    static let denseTouchscreen = 9

    /// One tap binding: 6 px of movement at the base density (1.6 mm at 96 dpi), 20 px
    /// on the dense touchscreen (1.6 mm at 12.4 px/mm).
    static func tapRegistration(denseReceives: Bool = true) -> RecognizerRegistration {
        func tap(_ px: Double) -> TapRecognizer {
            var s = TapSettings(tapsRequired: 1, touchesRequired: 1)
            s.maximumMovementPx = px
            return TapRecognizer(s)
        }
        var r = reg("tap", tap(6))
        let ignore: ShouldReceivePredicate = { _ in .ignore(reason: "not on this touchscreen") }
        r.perDevice[denseTouchscreen] = DeviceRecognizer(
            recognizer: tap(20), shouldReceive: denseReceives ? nil : ignore)
        return r
    }

    /// A tap moving 10 px on `device`, starting at `t` ms.
    static func tap(on device: Int, at t: Double) -> [InputEvent] {
        var h = Hand()
        h.device = device
        h.down(1, 500, 500, at: t)
        h.move(1, 510, 500, at: t + 20)
        h.up(1, at: t + 40)
        return h.events
    }

    @Test func theSameMovementTapsOnTheDenseTouchscreenAndFailsOnTheOther() {
        let events =
            Self.tap(on: touchscreenID, at: 0) + Self.tap(on: Self.denseTouchscreen, at: 1000)
            + Self.tap(on: touchscreenID, at: 2000) + Self.tap(on: Self.denseTouchscreen, at: 3000)
        let out = run([Self.tapRegistration()], events)
        let recognized = out.gestures.filter { $0.state == .recognized }.map(\.device)
        #expect(recognized == [Self.denseTouchscreen, Self.denseTouchscreen])
        let failed = out.transitions.filter { $0.name == "tap" && $0.to == .failed }
        #expect(failed.count == 2)
        #expect(failed.allSatisfy { $0.reason == .movedTooFar })
    }

    /// The device's own conditions come with its recognizer, and the base's come back.
    @Test func theDevicesOwnConditionsComeWithIt() {
        let events =
            Self.tap(on: Self.denseTouchscreen, at: 0) + Self.tap(on: touchscreenID, at: 1000)
        var small = Hand()
        small.down(1, 500, 500, at: 2000)
        small.up(1, at: 2040)
        let out = run([Self.tapRegistration(denseReceives: false)], events + small.events)
        #expect(out.failure(of: "tap") == .notReceiving)
        #expect(out.gestures.filter { $0.state == .recognized }.map(\.device) == [touchscreenID])
    }

    /// An alternative of another type cannot take the registration's place: it is left out.
    @Test func anAlternativeOfAnotherTypeIsLeftOut() {
        var r = Self.tapRegistration()
        r.perDevice[Self.denseTouchscreen] = DeviceRecognizer(
            recognizer: LongPressRecognizer(LongPressSettings(touchesRequired: 1, minimumPressDurationSeconds: 0.5)))
        let out = run([r], Self.tap(on: Self.denseTouchscreen, at: 0))
        #expect(out.failure(of: "tap") == .movedTooFar)
    }
}
