import SystemPackage
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
        #expect(notice.saysRemoval(nowMicroseconds: 1_000 + Self.grace - 1) { nil } == nil)
        #expect(notice.saysRemoval(nowMicroseconds: 1_000 + Self.grace) { nil } == .gone)
        #expect(notice.millisecondsLeft(nowMicroseconds: 1_000 + Self.grace) == nil)
        // Removed again (a directory's other events) before it is back: said once.
        notice.removed(nowMicroseconds: 2 * Self.grace)
        #expect(notice.saysRemoval(nowMicroseconds: 4 * Self.grace) { nil } == nil)
        // Written again and read: a later removal is said anew.
        notice.read()
        notice.removed(nowMicroseconds: 5 * Self.grace)
        #expect(notice.saysRemoval(nowMicroseconds: 6 * Self.grace) { nil } == .gone)
    }

    @Test func aFileBackWithinTheGraceSaysNothing() {
        var notice = ConfigRemovalNotice()
        notice.removed(nowMicroseconds: 0)
        #expect(notice.saysRemoval(nowMicroseconds: Self.grace) { .regular } == nil)
        #expect(notice.millisecondsLeft(nowMicroseconds: Self.grace) == nil)
        // Nothing was said: the next removal is.
        notice.removed(nowMicroseconds: 2 * Self.grace)
        #expect(notice.saysRemoval(nowMicroseconds: 3 * Self.grace) { nil } == .gone)
    }

    @Test func theLineSaysWhatTheNextStartReads() {
        #expect(
            ConfigRemovalNotice.line("/h/.config/xgest/xgest.toml", .gone, isTheUsersConfig: true)
                == "/h/.config/xgest/xgest.toml is gone (removed or moved away); the running config stays, but xgest"
                + " started again would run the shipped one (a config written there is read)")
    }

    /// A directory made where the config was (removed, then `mkdir` under its name): the
    /// watcher reads no directory, and the next start would refuse it, so it is said, once.
    @Test func somethingThatIsNoFileInItsPlaceIsSaid() {
        var notice = ConfigRemovalNotice()
        notice.removed(nowMicroseconds: 0)
        #expect(notice.saysRemoval(nowMicroseconds: Self.grace) { .directory } == .notAFile("a directory"))
        notice.removed(nowMicroseconds: 2 * Self.grace)
        #expect(notice.saysRemoval(nowMicroseconds: 3 * Self.grace) { .directory } == nil)
        #expect(
            ConfigRemovalNotice.line("/h/x.toml", .notAFile("a directory"), isTheUsersConfig: true)
                == "/h/x.toml is now a directory, not a file: the running config stays, but xgest started again"
                + " would refuse it (not a regular file); a config file written in its place is read")
    }
}
