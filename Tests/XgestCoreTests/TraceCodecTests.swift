import Testing
@testable import XgestCore

@Suite struct TraceCodecTests {
    @Test func placeholder() { #expect(Bool(true)) }
}
