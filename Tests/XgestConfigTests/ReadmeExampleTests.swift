import Foundation
import Testing

@testable import XgestConfig

/// The config example in README.md is what newcomers copy: it must stay valid.
@Suite struct ReadmeExampleTests {
    @Test func readmeConfigExampleIsValid() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let readme = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(readme.range(of: "```toml\n"))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let example = String(readme[start.upperBound..<end.lowerBound])
        let result = XgestConfiguration.load(source: example, file: "README.md", isKnownKeysym: isTestKeysym)
        #expect(result.diagnostics.isEmpty, "\(result.renderedDiagnostics())")
        #expect(result.configuration?.bindings.count == 4)
    }
}
