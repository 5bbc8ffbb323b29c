import Testing
import XgestCore

@testable import XgestX11

/// The X layer's book of whose each touch is, without a server.
@Suite struct TouchLedgerTests {
    static let a = TouchKey(device: 6, touch: 1)
    static let b = TouchKey(device: 6, touch: 2)
    static let mapping = RawTouchMapping(
        rangeX: 0...65535, rangeY: 0...65535, matrix: nil, rootWidth: 1920, rootHeight: 1080)

    @Test func aHandedBackTouchsLaterEventsAreDroppedUntilItsEnd() {
        var ledger = TouchLedger()
        let admitted1 = ledger.admits(Self.a, phase: .begin, at: Point(x: 1, y: 1))
        #expect(admitted1)
        ledger.began(Self.a)
        #expect(!ledger.isIdle(device: 6))
        ledger.handedBack(device: 6, touches: [1])
        #expect(ledger.isIdle(device: 6))
        let admitted2 = ledger.admits(Self.a, phase: .update, at: Point(x: 2, y: 2))
        #expect(!admitted2)
        let admitted3 = ledger.admits(Self.a, phase: .end, at: Point(x: 2, y: 2))
        #expect(!admitted3)
        // The id may come back for a new touch: it is xgest's again.
        let admitted4 = ledger.admits(Self.a, phase: .begin, at: Point(x: 3, y: 3))
        #expect(admitted4)
    }

    @Test func aSharedTouchIsFollowedThroughItsRawEventsOnly() {
        var ledger = TouchLedger()
        let admitted5 = ledger.admits(Self.a, phase: .begin, at: Point(x: 100, y: 200))
        #expect(admitted5)
        ledger.began(Self.a)
        let admitted6 = ledger.admits(Self.b, phase: .begin, at: Point(x: 300, y: 200))
        #expect(admitted6)
        ledger.began(Self.b)
        ledger.shared(device: 6, touches: [1], fallback: .zero)
        // Its touch events are the application's now; the other touch's are still xgest's.
        let admitted7 = ledger.admits(Self.a, phase: .update, at: Point(x: 110, y: 200))
        #expect(!admitted7)
        let admitted8 = ledger.admits(Self.b, phase: .update, at: Point(x: 310, y: 200))
        #expect(admitted8)
        // A raw end with no valuators: the touch ends where it last was.
        let end = ledger.sharedSample(Self.a, phase: .end, x: nil, y: nil, mapping: Self.mapping)
        #expect(end == TouchSample(id: 1, phase: .end, location: Point(x: 100, y: 200)))
        let other = ledger.sharedSample(Self.b, phase: .update, x: 0, y: 0, mapping: Self.mapping)
        #expect(other == nil)
        // The shared touch ended; the other is still down until the device goes.
        #expect(!ledger.isIdle(device: 6))
        ledger.forget(device: 6)
        #expect(ledger.isIdle(device: 6))
    }

    /// A handed-back touch's lift is where it last was: its updates queued before the
    /// reject move it, the end the server makes at the reject (where the pointer is) does not.
    @Test func aHandedBackTouchLiftsWhereItLastWas() {
        var ledger = TouchLedger()
        for (key, x) in [(Self.a, 100.0), (Self.b, 300)] {
            _ = ledger.admits(key, phase: .begin, at: Point(x: x, y: 200))
            ledger.began(key)
        }
        ledger.handedBack(device: 6, touches: [1, 2])
        _ = ledger.admits(Self.b, phase: .update, at: Point(x: 310, y: 210))
        _ = ledger.admits(Self.a, phase: .end, at: Point(x: 100, y: 200))
        _ = ledger.admits(Self.b, phase: .end, at: Point(x: 100, y: 200))
        #expect(ledger.liftAfterHandBack(Self.a) == Point(x: 100, y: 200))
        #expect(ledger.liftAfterHandBack(Self.b) == Point(x: 310, y: 210))
        #expect(ledger.liftAfterHandBack(Self.b) == nil)
    }

    /// Fingers lifted in one frame come as ends in a row with one time: one lift.
    @Test func endsInARowWithOneTimeAreOneLift() {
        var ledger = TouchLedger()
        let c = TouchKey(device: 6, touch: 3)
        for key in [Self.a, Self.b, c] { ledger.began(key) }
        let t = EventTime(microseconds: 5_000)
        let first = ledger.ended(Self.a, at: t)
        let second = ledger.ended(Self.b, at: t)
        #expect(first && !second)
        // A finger lifted after a move is another lift, with the same time or not.
        ledger.began(Self.a)
        ledger.moved(Self.a)
        let afterMove = ledger.ended(c, at: t)
        let later = ledger.ended(Self.a, at: EventTime(microseconds: 6_000))
        #expect(afterMove && later)
        #expect(ledger.isIdle(device: 6))
        // A device forgotten starts afresh.
        ledger.began(Self.a)
        ledger.ended(Self.a, at: t)
        ledger.forget(device: 6)
        let afresh = ledger.ended(Self.a, at: t)
        #expect(afresh)
    }
}
