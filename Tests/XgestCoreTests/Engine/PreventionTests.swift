import Testing

@testable import XgestCore

/// One-way prevention (UIKit's `canPrevent` and `canBePrevented(by:)`): when a recognizer
/// begins or recognizes, it makes another on the same touches fail only when it can
/// prevent it and the other can be prevented by it.
@Suite struct PreventionTests {
    /// Two one-finger pans: "near" begins after 10 px, "far" after 40 px.
    static func pans(nearPrevents: [String]? = nil, farPreventedBy: [String]? = nil) -> [RecognizerRegistration] {
        var near = PanSettings(minimumTouches: 1, maximumTouches: 1)
        near.minimumTranslationPx = 10
        var far = PanSettings(minimumTouches: 1, maximumTouches: 1)
        far.minimumTranslationPx = 40
        return [
            RecognizerRegistration(name: "near", recognizer: PanRecognizer(near), prevents: nearPrevents),
            RecognizerRegistration(name: "far", recognizer: PanRecognizer(far), preventedBy: farPreventedBy),
        ]
    }

    static var drag: [InputEvent] {
        var h = Hand()
        h.down(1, 300, 300, at: 0)
        for k in 1...10 { h.move(1, 300 + Double(k * 8), 300, at: Double(k * 10)) }
        h.up(1, at: 120)
        return h.events
    }

    @Test func byDefaultTheFirstToBeginPreventsTheOther() {
        let out = run(Self.pans(), Self.drag)
        #expect(out.gestures.contains { $0.name == "near" && $0.state == .began })
        #expect(!out.gestures.contains { $0.name == "far" })
        #expect(out.failure(of: "far") == .failedByOtherRecognizer)
    }

    @Test func aRecognizerThatPreventsNothingLetsTheOtherBeginAndIsCancelledByIt() {
        let out = run(Self.pans(nearPrevents: []), Self.drag)
        #expect(out.gestures.contains { $0.name == "near" && $0.state == .began })
        #expect(out.gestures.contains { $0.name == "far" && $0.state == .began })
        // One way: "far" may still prevent "near", so its begin cancels it.
        #expect(out.gestures.contains { $0.name == "near" && $0.state == .cancelled })
    }

    @Test func aRecognizerPreventedByNoOneRunsBesideTheWinner() {
        let out = run(Self.pans(farPreventedBy: []), Self.drag)
        #expect(out.gestures.contains { $0.name == "far" && $0.state == .began })
        #expect(out.gestures.contains { $0.name == "near" && $0.state == .cancelled })
    }

    @Test func preventionNamesOnlyTheListedRecognizers() {
        // "near" may prevent "far" by name: the default outcome again.
        let out = run(Self.pans(nearPrevents: ["far"]), Self.drag)
        #expect(!out.gestures.contains { $0.name == "far" })
    }

    @Test func anUnknownNameIsAConfigurationError() {
        #expect(throws: EngineConfigurationError.unknownRecognizer(name: "nope", referencedBy: "near")) {
            _ = try GestureEngine(registrations: Self.pans(nearPrevents: ["nope"]), screen: testScreen)
        }
    }
}
