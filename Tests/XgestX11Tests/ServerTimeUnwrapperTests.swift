import Testing
import XgestCore

@testable import XgestX11

@Suite struct ServerTimeUnwrapperTests {
    @Test func wrapsForwardAcrossThe32BitBoundary() {
        var u = ServerTimeUnwrapper()
        #expect(u.unwrap(UInt32.max - 10) == .milliseconds(UInt64(UInt32.max) - 10))
        #expect(u.unwrap(UInt32.max) == .milliseconds(UInt64(UInt32.max)))
        // 49.7 days later the 32-bit clock starts again at 0.
        #expect(u.unwrap(5) == .milliseconds(UInt64(UInt32.max) + 6))
        #expect(u.unwrap(1000) == .milliseconds(UInt64(UInt32.max) + 1001))
    }

    @Test func aSlightlyOlderStampDoesNotGoBackOrJumpAhead() {
        var u = ServerTimeUnwrapper()
        #expect(u.unwrap(1000) == .milliseconds(1000))
        // An event from another device stamped 3 ms earlier arrives late.
        #expect(u.unwrap(997) == .milliseconds(1000))
        #expect(u.unwrap(1002) == .milliseconds(1002))
    }
}
