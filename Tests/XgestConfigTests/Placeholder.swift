import Testing
@testable import XgestConfig

@Suite struct ConfigPlaceholder {
    @Test func placeholder() { #expect(Bool(true)) }
}
