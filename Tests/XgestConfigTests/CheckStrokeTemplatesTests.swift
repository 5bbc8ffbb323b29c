import Foundation
import Testing

/// `xgest check` with the user's stroke templates in `$XDG_CONFIG_HOME/xgest/strokes/`.
@Suite struct CheckStrokeTemplatesTests {
    static let config = """
        [[gesture]]
        kind = "stroke"
        device = "pointer"
        shape = "zed"
        action = "key F5"
        """

    let home = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-check-\(UUID().uuidString)")

    func write(_ text: String, _ relative: String) throws {
        let url = home.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func aTemplateNamedInTheConfigIsKnownAndABrokenOneIsReportedByLine() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write(Self.config, "xgest.toml")
        let env = ["XDG_CONFIG_HOME": home.path]

        // No template yet: the shape is unknown.
        let unknown = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("error: unknown shape \"zed\""))

        try write("xgest-stroke 1\nsample\n0 0\n100 0\n0 100\n100 100\n", "xgest/strokes/zed.stroke")
        let ok = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(ok.status == 0, "\(ok.standardError)")
        #expect(ok.standardOutput == "xgest.toml: ok, 1 binding, 1 stroke template\n")

        try write("# a comment\nxgest-stroke 1 name=wave\nsample\n0 0\n10\n", "xgest/strokes/wave.stroke")
        let broken = try XgestRun(["check", "xgest.toml"], in: home, environment: env)
        #expect(broken.status == 1)
        #expect(broken.standardOutput.isEmpty)
        let path = home.appendingPathComponent("xgest/strokes/wave.stroke").path
        #expect(
            broken.standardError
                == "\(path):5: error: expected a point `x y` (two numbers) or `sample`\n")
    }
}
