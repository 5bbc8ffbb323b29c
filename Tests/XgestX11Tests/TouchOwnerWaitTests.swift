import Testing
import XgestCore

@testable import XgestX11

/// Touch events wait for xgest to own their touches, without a server.
@Suite struct TouchOwnerWaitTests {
    static func touch(_ id: UInt32, _ phase: TouchPhase) -> XIEventDecoding.Touch {
        XIEventDecoding.Touch(
            key: TouchKey(device: 6, touch: id), phase: phase, location: Point(x: Double(id), y: 0), master: 2,
            serverTime: 1, modifiers: 0)
    }

    @Test func aBeginWaitsForItsOwnershipOnlyAndWhatFollowsGoesOn() {
        var wait = TouchOwnerWait()
        #expect(wait.receive(Self.touch(1, .begin)) == .held)
        #expect(wait.owned(TouchKey(device: 6, touch: 1)) == [Self.touch(1, .begin)])
        #expect(!wait.isHolding(device: 6))
        #expect(wait.receive(Self.touch(1, .update)) == .handle)
        #expect(wait.receive(Self.touch(1, .end)) == .handle)
    }

    @Test func eventsBehindATouchNotOwnedWaitWithItInTheirOrder() {
        var wait = TouchOwnerWait()
        _ = wait.receive(Self.touch(1, .begin))
        _ = wait.receive(Self.touch(2, .begin))
        // Touch 2 is owned first: it still waits behind touch 1's begin.
        #expect(wait.owned(TouchKey(device: 6, touch: 2)).isEmpty)
        #expect(wait.receive(Self.touch(2, .update)) == .held)
        let released = wait.owned(TouchKey(device: 6, touch: 1))
        #expect(released == [Self.touch(1, .begin), Self.touch(2, .begin), Self.touch(2, .update)])
        #expect(wait.receive(Self.touch(2, .update)) == .handle)
    }

    @Test func anEndOfATouchNeverOwnedIsTakenWithWhatWaitedBehindIt() {
        var wait = TouchOwnerWait()
        _ = wait.receive(Self.touch(1, .begin))
        _ = wait.receive(Self.touch(2, .begin))
        _ = wait.owned(TouchKey(device: 6, touch: 2))
        #expect(wait.receive(Self.touch(1, .end)) == .taken([Self.touch(1, .end), Self.touch(2, .begin)]))
        #expect(!wait.isHolding(device: 6))
        #expect(wait.receive(Self.touch(2, .end)) == .handle)
    }

    /// A touch whose end the server announced (XITouchPendingEnd) before xgest owned it was
    /// another client's grab's, passed on at its end: its events are given up whole, with
    /// those held behind it, and never handled. Owned before its end, it goes on as usual.
    @Test func aTouchOwnedOnlyAfterItsEndIsGivenUpWithWhatWaitedBehindIt() {
        var wait = TouchOwnerWait()
        var ended = Self.touch(1, .update)
        ended.pendingEnd = true
        _ = wait.receive(Self.touch(1, .begin))
        _ = wait.receive(Self.touch(2, .begin))
        #expect(wait.receive(ended) == .held)
        #expect(
            wait.ownedAfterItsEnd(TouchKey(device: 6, touch: 1)) == [
                Self.touch(1, .begin), Self.touch(2, .begin), ended,
            ])
        #expect(!wait.isHolding(device: 6))
        // Touch 2's own ownership, coming later, releases nothing.
        #expect(wait.owned(TouchKey(device: 6, touch: 2)).isEmpty)

        _ = wait.receive(Self.touch(3, .begin))
        #expect(wait.ownedAfterItsEnd(TouchKey(device: 6, touch: 3)) == nil)
        #expect(wait.owned(TouchKey(device: 6, touch: 3)) == [Self.touch(3, .begin)])
    }
}
