import Testing
import XgestX11

@testable import XgestCore

/// A label is put up when a gesture is recognized, before its action runs: an action not
/// run (its gesture too old, the screen locked) or failed left the binding's name up, as if
/// it had acted. It now says `not run: NAME` or `failed: NAME`, or, with only recognized
/// labels wanted, the name goes.
@Suite struct FeedbackMissedActionTests {
    typealias T = FeedbackTrackerTests

    static func stroke(_ t: inout FeedbackTracker) -> GestureEvent {
        t.observe(T.press(3, T.path[0]))
        for p in T.path.dropFirst() { t.observe(T.move(p)) }
        let output = T.drawn("check-f5", .stroke, device: T.mouse, .pointer)
        t.observe(output)
        guard case .gesture(let g) = output else { preconditionFailure("a stroke is a gesture") }
        return g
    }

    static func swipe(_ state: GestureState) -> GestureEvent {
        guard case .gesture(let g) = T.swipe(state) else { preconditionFailure("a swipe is a gesture") }
        return g
    }

    @Test func aStrokeWhoseActionFailedIsLabelledSo() {
        var t = T.tracker()
        let g = Self.stroke(&t)
        #expect(t.scene.label?.text == "check-f5")
        _ = t.takeHoldRequest()
        t.actionMissed(g, .failed)
        #expect(t.scene.label?.text == "failed: check-f5")
        #expect(t.scene.label?.recognized == false)
        #expect(t.scene.label?.anchor == T.path[10])
        #expect(t.scene.trails == [T.path])
        #expect(t.labelsPut == 2)
        let held = t.takeHoldRequest()
        #expect(held)

        var stale = T.tracker()
        stale.actionMissed(Self.stroke(&stale), .notRun)
        #expect(stale.scene.label?.text == "not run: check-f5")
    }

    @Test func withOnlyRecognizedLabelsTheNameGoes() {
        var t = T.tracker { $0.labels = .recognizedOnly }
        t.actionMissed(Self.stroke(&t), .notRun)
        #expect(t.scene.label == nil)
        #expect(t.scene.trails == [T.path])

        var quiet = T.tracker {
            $0.gestures = true
            $0.labels = .recognizedOnly
        }
        quiet.observe(T.swipe(.began))
        quiet.actionMissed(Self.swipe(.began), .failed)
        #expect(quiet.scene.isEmpty)
        #expect(!quiet.isHolding)
    }

    /// A continuous gesture is named as it begins and often acts at its end: an end whose
    /// action failed is said, the name still up or gone.
    @Test func aContinuousGestureWhoseEndFailedIsLabelledSo() {
        var t = T.tracker { $0.gestures = true }
        t.observe(T.swipe(.began))
        t.observe(T.swipe(.ended))
        t.actionMissed(Self.swipe(.ended), .failed)
        #expect(t.scene.label?.text == "failed: tpswipe3")

        var gone = T.tracker { $0.gestures = true }
        gone.observe(T.swipe(.began))
        gone.expire()
        gone.observe(T.swipe(.ended))
        gone.actionMissed(Self.swipe(.ended), .notRun)
        #expect(gone.scene.label?.text == "not run: tpswipe3")
        #expect(gone.scene.label?.anchor == Point(x: 400, y: 700))
        // Its steps failing one after another put one label.
        let put = gone.labelsPut
        gone.actionMissed(Self.swipe(.changed), .notRun)
        #expect(gone.labelsPut == put)
    }

    /// Without `gestures = true` a gesture that is no stroke gets no label, failed or not.
    @Test func aGestureNotLabelledGetsNoLabelForItsFailure() {
        var t = T.tracker()
        t.observe(T.swipe(.began))
        t.actionMissed(Self.swipe(.ended), .failed)
        #expect(t.scene.isEmpty)
    }
}
