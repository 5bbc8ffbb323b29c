import Testing

@testable import XgestDaemon

/// The keysyms combos map onto spare keycodes stay a second, on a manual clock.
@Suite struct KeymapRestoreTimerTests {
    @Test func dueASecondAfterTheFirstComboThatLeftAMappingAndNotWhileAKeyIsHeld() {
        var timer = KeymapRestoreTimer()
        timer.afterActions(hasTemporaryKeymap: false, holdsKeys: false, nowMicroseconds: 0)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 0) == nil)
        // A key-down holds a key pressed as the mapped keysym: nothing starts.
        timer.afterActions(hasTemporaryKeymap: true, holdsKeys: true, nowMicroseconds: 1_000)
        #expect(timer.dueMicroseconds == nil)
        timer.afterActions(hasTemporaryKeymap: true, holdsKeys: false, nowMicroseconds: 2_000)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 2_000) == 1_000)
        // A later combo does not push it back; a part of a millisecond rounds up.
        timer.afterActions(hasTemporaryKeymap: true, holdsKeys: false, nowMicroseconds: 500_000)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 500_500) == 502)
        let early = timer.isDue(nowMicroseconds: 1_001_999)
        #expect(!early)
        let due = timer.isDue(nowMicroseconds: 1_002_000)
        #expect(due)
        #expect(timer.dueMicroseconds == nil)
        let again = timer.isDue(nowMicroseconds: 2_000_000)
        #expect(!again)
        // Past due and not yet serviced: no wait.
        timer.afterActions(hasTemporaryKeymap: true, holdsKeys: false, nowMicroseconds: 3_000_000)
        #expect(timer.timeoutMilliseconds(nowMicroseconds: 9_000_000) == 0)
    }
}
