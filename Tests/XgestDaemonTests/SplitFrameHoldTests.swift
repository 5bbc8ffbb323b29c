import Testing
import XgestCore

@testable import XgestDaemon

/// A same-time frame whose updates are not all in when the X queue runs dry is held open
/// for the rest, on a manual clock.
@Suite struct SplitFrameHoldTests {
    static func frame(time: UInt64, updated: Int, down: Int, device: Int = 11) -> PendingTouchFrame {
        PendingTouchFrame(
            device: device, time: EventTime(microseconds: time * 1000), updatedFingers: updated, expectedFingers: down)
    }

    @Test func aFrameWithEveryFingerIsJudgedAtOnceAndNothingPendingIsNothingToDo() {
        var hold = SplitFrameHold()
        let none = hold.evaluatesNow(nil, nowMicroseconds: 0)
        #expect(!none)
        let whole = hold.evaluatesNow(Self.frame(time: 20, updated: 2, down: 2), nowMicroseconds: 0)
        #expect(whole)
        let oneFinger = hold.evaluatesNow(Self.frame(time: 28, updated: 1, down: 1), nowMicroseconds: 0)
        #expect(oneFinger)
        #expect(hold.timeoutMilliseconds(nowMicroseconds: 0) == nil)
    }

    @Test func aFrameLackingAFingerWaitsUntilTheHoldRunsOut() {
        var hold = SplitFrameHold()
        let half = Self.frame(time: 20, updated: 1, down: 2)
        let first = hold.evaluatesNow(half, nowMicroseconds: 1_000)
        #expect(!first)
        #expect(hold.timeoutMilliseconds(nowMicroseconds: 1_000) == 5)
        // Asked again before the end (another drained pass): still held, not restarted.
        let early = hold.evaluatesNow(half, nowMicroseconds: 5_999)
        #expect(!early)
        #expect(hold.timeoutMilliseconds(nowMicroseconds: 5_500) == 1)
        let due = hold.evaluatesNow(half, nowMicroseconds: 6_000)
        #expect(due)
        #expect(hold.held == nil)
    }

    @Test func theRestOfTheFrameOrANewFrameEndsTheHold() {
        var hold = SplitFrameHold()
        let waiting = hold.evaluatesNow(Self.frame(time: 20, updated: 1, down: 2), nowMicroseconds: 0)
        #expect(!waiting)
        // The second finger's update came: whole, judged at once.
        let completed = hold.evaluatesNow(Self.frame(time: 20, updated: 2, down: 2), nowMicroseconds: 1_000)
        #expect(completed)
        #expect(hold.held == nil)
        // A frame of a later time (the engine judged the held one when it came) is held
        // from its own start, not the earlier frame's; likewise another device's.
        _ = hold.evaluatesNow(Self.frame(time: 40, updated: 1, down: 3), nowMicroseconds: 10_000)
        let later = hold.evaluatesNow(Self.frame(time: 48, updated: 1, down: 3), nowMicroseconds: 14_000)
        #expect(!later)
        #expect(hold.timeoutMilliseconds(nowMicroseconds: 14_000) == 5)
        let other = hold.evaluatesNow(Self.frame(time: 48, updated: 1, down: 3, device: 12), nowMicroseconds: 18_000)
        #expect(!other)
        #expect(hold.timeoutMilliseconds(nowMicroseconds: 18_000) == 5)
        // Nothing pending any more: nothing held.
        let gone = hold.evaluatesNow(nil, nowMicroseconds: 19_000)
        #expect(!gone)
        #expect(hold.timeoutMilliseconds(nowMicroseconds: 19_000) == nil)
    }
}
