import Testing
import XgestSystem

/// JOURNAL_STREAM says which file systemd connected standard error to; only that file gets
/// the `<N>` priority prefixes, on every line.
@Suite struct JournalStreamTests {
    @Test func onlyTheDeviceAndInodeNamedMatch() {
        #expect(JournalStream.names("8:12345", device: 8, inode: 12345))
        #expect(!JournalStream.names("8:12345", device: 8, inode: 12346))
        #expect(!JournalStream.names("9:12345", device: 8, inode: 12345))
        #expect(!JournalStream.names("", device: 0, inode: 0))
        #expect(!JournalStream.names("8:12345:1", device: 8, inode: 12345))
        #expect(!JournalStream.names("8-12345", device: 8, inode: 12345))
    }

    /// journald reads the prefix line by line: a diagnostic's excerpt and caret lines
    /// carry it too.
    @Test func everyLineIsPrefixed() {
        #expect(JournalStream.prefixed("a", .error) == "<3>a")
        #expect(
            JournalStream.prefixed("a:1:2: warning: w\nline\n  ^", .warning) == "<4>a:1:2: warning: w\n<4>line\n<4>  ^")
        #expect(JournalStream.prefixed("t", .debug) == "<7>t")
        #expect(JournalStream.prefixed("i", .info) == "<6>i")
    }
}
