import Testing

@testable import XgestDaemon

/// A removed config is said once it has stayed away ``ConfigRemovalNotice/graceMilliseconds``,
/// once until it is read again; a save that moves the old file away and writes the new one
/// a moment later (vim's) says nothing.
@Suite struct ConfigRemovalNoticeTests {
    static let grace = ConfigRemovalNotice.graceMilliseconds * 1000

    @Test func saidOnceTheFileStaysAwayAndOnceUntilItIsRead() {
        var notice = ConfigRemovalNotice()
        notice.removed(nowMicroseconds: 1_000)
        #expect(notice.millisecondsLeft(nowMicroseconds: 1_000) == Int32(ConfigRemovalNotice.graceMilliseconds))
        #expect(!notice.saysRemoval(nowMicroseconds: 1_000 + Self.grace - 1) { false })
        #expect(notice.saysRemoval(nowMicroseconds: 1_000 + Self.grace) { false })
        #expect(notice.millisecondsLeft(nowMicroseconds: 1_000 + Self.grace) == nil)
        // Removed again (a directory's other events) before it is back: said once.
        notice.removed(nowMicroseconds: 2 * Self.grace)
        #expect(!notice.saysRemoval(nowMicroseconds: 4 * Self.grace) { false })
        // Written again and read: a later removal is said anew.
        notice.read()
        notice.removed(nowMicroseconds: 5 * Self.grace)
        #expect(notice.saysRemoval(nowMicroseconds: 6 * Self.grace) { false })
    }

    @Test func aFileBackWithinTheGraceSaysNothing() {
        var notice = ConfigRemovalNotice()
        notice.removed(nowMicroseconds: 0)
        #expect(!notice.saysRemoval(nowMicroseconds: Self.grace) { true })
        #expect(notice.millisecondsLeft(nowMicroseconds: Self.grace) == nil)
        // Nothing was said: the next removal is.
        notice.removed(nowMicroseconds: 2 * Self.grace)
        #expect(notice.saysRemoval(nowMicroseconds: 3 * Self.grace) { false })
    }

    @Test func theLineSaysWhatTheNextStartReads() {
        #expect(
            ConfigRemovalNotice.line("/h/.config/xgest/xgest.toml", isTheUsersConfig: true)
                == "/h/.config/xgest/xgest.toml is gone (removed or moved away); the running config stays, but xgest"
                + " started again would run the shipped one (a config written there is read)")
    }
}
