import Testing
import XgestX11

@testable import XgestCore

/// The label of a pointer press given up while held still, without X: the orders of
/// input and verdict the real server gives only by chance.
@Suite struct FeedbackGiveUpTrackerTests {
    typealias T = FeedbackTrackerTests

    static func heldStill(at microseconds: UInt64) -> EngineOutput {
        .transition(
            TransitionRecord(
                time: EventTime(microseconds: microseconds), name: "b", from: .possible, to: .failed,
                reason: .tooSlow))
    }

    static func reject(at microseconds: UInt64) -> EngineOutput {
        .ownership(
            OwnershipDecision(
                time: EventTime(microseconds: microseconds), verdict: .reject, device: T.mouse,
                deviceKind: .pointer, sequence: 1, touchIDs: [], button: 3))
    }

    /// The release read before the engine reached the start window's end: a slow click,
    /// which says nothing, however far the pointer then goes, and the next press is traced.
    @Test func aPressReleasedBeforeItsGiveUpIsReadSaysNothingAndTheNextPressIsTraced() {
        var t = T.tracker()
        t.observe(T.press(3, Point(x: 10, y: 10)))
        t.observe(T.press(3, Point(x: 10, y: 10), false))
        t.observe(Self.heldStill(at: 300_000))
        t.observe(Self.reject(at: 300_000))
        // The pointer moved on with no button down: nothing is drawn.
        for p in T.path { t.observe(T.move(p)) }
        #expect(t.labelsPut == 0)
        t.observe(T.press(3, T.path[0]))
        for p in T.path.dropFirst() { t.observe(T.move(p)) }
        #expect(t.scene.trails == [T.path])
        #expect(t.labelsPut == 0)
    }

    /// Another recognizer's give-up at another time is not the reason for this reject.
    @Test func aGiveUpOfAnotherTimeIsNotTheRejectsReason() {
        var t = T.tracker()
        t.observe(T.press(3, Point(x: 10, y: 10)))
        t.observe(Self.heldStill(at: 100_000))
        t.observe(Self.reject(at: 300_000))
        for p in T.path { t.observe(T.move(p)) }
        #expect(t.scene.isEmpty)
        #expect(t.labelsPut == 0)
    }

    /// Held still, then drawn: one label, where the pointer got 10 px from where it was
    /// at the give-up, and none with `label = "recognized"`.
    @Test func theLabelComesOnceThePointerGetsTheStartWindowsDistance() {
        for labels in [FeedbackOptions.Labels.all, .recognizedOnly] {
            var t = T.tracker { $0.labels = labels }
            t.observe(T.press(3, T.path[0]))
            t.observe(Self.heldStill(at: 300_000))
            t.observe(Self.reject(at: 300_000))
            t.observe(T.move(Point(x: 109, y: 100)))
            #expect(t.labelsPut == 0)
            for p in T.path.dropFirst() { t.observe(T.move(p)) }
            #expect(t.labelsPut == (labels == .all ? 1 : 0))
            #expect(t.scene.trails.isEmpty)
            if labels == .all {
                #expect(t.scene.label?.text == "not a stroke: held still")
                #expect(t.scene.label?.anchor == T.path[1])
            }
        }
    }

    /// With `pointer-stroke-start-distance` at 40 px, the label waits for the pointer to get
    /// 40 px from where it was at the give-up: 30 px is still a press held in place.
    @Test func theLabelWaitsForTheConfiguredStartDistance() {
        var t = T.tracker { $0.heldStillLabelAfterPx = 40 }
        t.observe(T.press(3, T.path[0]))
        t.observe(Self.heldStill(at: 300_000))
        t.observe(Self.reject(at: 300_000))
        for p in T.path[1...3] { t.observe(T.move(p)) }
        #expect(t.labelsPut == 0)
        t.observe(T.move(T.path[4]))
        #expect(t.labelsPut == 1)
        #expect(t.scene.label?.anchor == T.path[4])
    }
}
