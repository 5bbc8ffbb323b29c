import Testing

@testable import XgestDaemon

/// The keysyms combos map onto spare keycodes stay a second, on a manual clock.
@Suite struct KeymapRestoreTimerTests {
    @Test func dueASecondAfterTheFirstComboThatLeftAMappingAndNotWhileAKeyIsHeld() {
        var timer = KeymapRestoreTimer()
        timer.afterActions(hasTemporaryKeymap: false, keycodesMapped: 0, holdsKeys: false, nowMicroseconds: 0)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 0) == nil)
        // A key-down holds a key pressed as the mapped keysym: nothing starts.
        timer.afterActions(hasTemporaryKeymap: true, keycodesMapped: 1, holdsKeys: true, nowMicroseconds: 1_000)
        #expect(timer.dueMicroseconds == nil)
        timer.afterActions(hasTemporaryKeymap: true, keycodesMapped: 1, holdsKeys: false, nowMicroseconds: 2_000)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 2_000) == 1_000)
        // A later combo that reuses the mapping does not push it back; a part of a
        // millisecond rounds up.
        timer.afterActions(hasTemporaryKeymap: true, keycodesMapped: 1, holdsKeys: false, nowMicroseconds: 500_000)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 500_500) == 502)
        let early = timer.isDue(nowMicroseconds: 1_001_999)
        #expect(!early)
        let due = timer.isDue(nowMicroseconds: 1_002_000)
        #expect(due)
        #expect(timer.dueMicroseconds == nil)
        let again = timer.isDue(nowMicroseconds: 2_000_000)
        #expect(!again)
        // Past due and not yet serviced: no wait.
        timer.afterActions(hasTemporaryKeymap: true, keycodesMapped: 1, holdsKeys: false, nowMicroseconds: 3_000_000)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 9_000_000) == 0)
    }

    /// A keysym mapped 970 ms into the second was unmapped 30 ms after its combo: a client
    /// busy for longer lost the key. A combo that maps a keycode anew starts the second again.
    @Test func aComboThatMapsAKeycodeAnewStartsTheSecondAgain() {
        var timer = KeymapRestoreTimer()
        timer.afterActions(hasTemporaryKeymap: true, keycodesMapped: 1, holdsKeys: false, nowMicroseconds: 0)
        timer.afterActions(hasTemporaryKeymap: true, keycodesMapped: 2, holdsKeys: false, nowMicroseconds: 970_000)
        let early = timer.isDue(nowMicroseconds: 1_000_000)
        #expect(!early)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 1_000_000) == 970)
        let due = timer.isDue(nowMicroseconds: 1_970_000)
        #expect(due)
    }
}
