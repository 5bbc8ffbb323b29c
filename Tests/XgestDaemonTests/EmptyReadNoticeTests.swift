import Testing

@testable import XgestDaemon

/// A config read empty again and again (a burst of saves in place) is said once in a row
/// without `--debug`, and at each reload with it.
@Suite struct EmptyReadNoticeTests {
    @Test func saidOnceInARowUntilTheFileIsReadWithSomethingInIt() {
        var notice = EmptyReadNotice()
        let reads = [true, true, true, false, true].map { notice.says(empty: $0, sayingEach: false) }
        #expect(reads == [true, false, false, false, true])
    }

    @Test func saidAtEachReloadWhenEveryReloadIsTraced() {
        var notice = EmptyReadNotice()
        let reads = [true, true, false, true].map { notice.says(empty: $0, sayingEach: true) }
        #expect(reads == [true, true, false, true])
    }
}
