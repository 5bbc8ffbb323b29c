import CXgest
import Testing

@testable import XgestX11

/// Which rejects wait for an older touch emulating the pointer, and when they go (the
/// server's side: TwoTouchscreensHandBackTests).
@Suite struct OlderEmulationWaitTests {
    static func reject(device: Int, touch: UInt32, master: Int32 = 2, owned: Bool = true) -> TouchOwnership.Verdict {
        TouchOwnership.Verdict(
            key: TouchKey(device: device, touch: touch), master: master, mode: Int32(XIRejectTouch),
            emulation: TouchOwnership.EmulatingTouch(beganSerial: 0, owned: owned), endedFirst: false, topLevel: nil)
    }

    /// The server's touch ids count up across devices and wrap: the older is the one fewer
    /// than half the range before the other.
    @Test func touchIdsAreOlderAcrossTheWrap() {
        #expect(OlderEmulationWait.isOlder(5, than: 6))
        #expect(!OlderEmulationWait.isOlder(6, than: 5))
        #expect(!OlderEmulationWait.isOlder(5, than: 5))
        #expect(OlderEmulationWait.isOlder(UInt32.max, than: 1))
        #expect(!OlderEmulationWait.isOlder(1, than: UInt32.max))
    }

    /// A reject waits only for an older touch emulating the pointer through its own master,
    /// and only if it replays: a touch xgest does not own is only struck off its listeners.
    @Test func aRejectWaitsForAnOlderUndecidedTouchOfItsMasterOnly() {
        let olderOnTwo = [TouchKey(device: 6, touch: 10): Int32(2)]
        #expect(OlderEmulationWait.mustWait(Self.reject(device: 7, touch: 11), undecided: olderOnTwo))
        #expect(!OlderEmulationWait.mustWait(Self.reject(device: 7, touch: 9), undecided: olderOnTwo))
        #expect(!OlderEmulationWait.mustWait(Self.reject(device: 7, touch: 11, master: 13), undecided: olderOnTwo))
        #expect(!OlderEmulationWait.mustWait(Self.reject(device: 7, touch: 11, owned: false), undecided: olderOnTwo))
        var accept = Self.reject(device: 7, touch: 11)
        accept.mode = Int32(XIAcceptTouch)
        #expect(!OlderEmulationWait.mustWait(accept, undecided: olderOnTwo))
    }

    /// Rejects go oldest first once nothing older is undecided; one whose end was read
    /// goes as a verdict after its end.
    @Test func rejectsGoOldestFirstOnceTheOlderTouchIsDecided() {
        var wait = OlderEmulationWait()
        wait.add(Self.reject(device: 8, touch: 13))
        wait.add(Self.reject(device: 7, touch: 12))
        wait.ended(TouchKey(device: 7, touch: 12))
        let undecided = [TouchKey(device: 6, touch: 10): Int32(2)]
        #expect(wait.takeFreed(undecided: undecided).isEmpty)
        let freed = wait.takeFreed(undecided: [:])
        #expect(freed.map(\.key.touch) == [12, 13])
        #expect(freed.map(\.endedFirst) == [true, false])
        #expect(wait.isEmpty)
    }
}
