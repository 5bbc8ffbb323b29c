import Testing
@testable import XgestTestServer

@Suite struct ServerPlaceholder {
    @Test func placeholder() { #expect(Bool(true)) }
}
