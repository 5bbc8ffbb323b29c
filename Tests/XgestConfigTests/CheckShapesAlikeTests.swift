import Foundation
import Testing

/// `xgest check` on a config binding a recorded shape beside another that takes its
/// drawings: a `tick` recorded as check marks, bound beside `check`, ran one binding or the
/// other at random, and check said `ok`.
@Suite struct CheckShapesAlikeTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-alike-\(UUID().uuidString)")

    func write(_ text: String, _ relative: String) throws {
        let url = home.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A stroke template file of `drawings`, each a list of (x, y).
    static func template(_ drawings: [[(Double, Double)]]) -> String {
        "xgest-stroke 1\n" + drawings.map { "sample\n" + $0.map { "\($0.0) \($0.1)\n" }.joined() }.joined()
    }

    /// A check mark with the built-in's proportions from `(x, y)`: down to the right, then a
    /// long way up to the right.
    static func checkMark(_ x: Double, _ y: Double) -> [(Double, Double)] {
        var points: [(Double, Double)] = []
        for k in 0...6 { points.append((x + Double(k) * 15, y + Double(k) * 17.5)) }
        for k in 1...14 { points.append((x + 90 + Double(k) * 15, y + 105 - Double(k) * 270 / 14)) }
        return points
    }

    /// An L: straight down, then right.
    static func ell(_ x: Double, _ y: Double) -> [(Double, Double)] {
        var points: [(Double, Double)] = []
        for k in 0...10 { points.append((x, y + Double(k) * 24)) }
        for k in 1...8 { points.append((x + Double(k) * 22, y + 240)) }
        return points
    }

    static func binding(_ name: String, _ shape: String) -> String {
        "[[gesture]]\nname = \"\(name)\"\nkind = \"stroke\"\ndevice = \"pointer\"\nshape = \"\(shape)\"\n"
            + "action = \"key F5\"\n"
    }

    @Test func aRecordedShapeThatTheBuiltInCheckTakesIsWarnedOf() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write(Self.template([Self.checkMark(0, 0), Self.checkMark(40, 10)]), "xgest/strokes/tick.stroke")
        try write(Self.binding("chk", "check") + Self.binding("tk", "tick"), "c.toml")
        let run = try XgestRun(["check", "c.toml"], in: home, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("c.toml: ok, 2 bindings, 1 warning, 1 stroke template\n"))
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "\(run.standardError)")
        let line = try #require(lines.first)
        #expect(
            line.hasPrefix(
                "c.toml: warning: 2 of 2 drawings of \"tick\" would be taken as the built-in \"check\""
                    + " without them (check "), "\(line)")
        #expect(
            line.hasSuffix(
                "a stroke of either shape may run the other's binding (bindings \"tk\" and \"chk\"); draw \"tick\""
                    + " differently (xgest record-stroke tick --force), or bind only one of the two"), "\(line)")
        // With check not bound, nothing to say.
        try write(Self.binding("tk", "tick"), "c.toml")
        let alone = try XgestRun(["check", "c.toml"], in: home, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(alone.standardOutput == "c.toml: ok, 1 binding, 1 stroke template\n")
        #expect(alone.standardError.isEmpty, "\(alone.standardError)")
    }

    /// The binding of the shape that takes the drawings is held to its own
    /// `stroke-threshold`, as the daemon holds it: `[settings]`'s alone left a lenient
    /// check binding's confusion unsaid, and said one of a check binding too strict for it.
    @Test func theTakingBindingsOwnThresholdCounts() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write(Self.template([Self.checkMark(0, 0), Self.checkMark(40, 10)]), "xgest/strokes/tick.stroke")
        let lenient =
            "[settings]\nstroke-threshold = 0.99\n\n" + Self.binding("chk", "check")
            + "stroke-threshold = 0.72\n\n" + Self.binding("tk", "tick")
        try write(lenient, "c.toml")
        let said = try XgestRun(["check", "c.toml"], in: home, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(said.status == 0, "\(said.standardError)")
        #expect(said.standardOutput.hasPrefix("c.toml: ok, 2 bindings, 1 warning, 1 stroke template\n"))
        #expect(
            said.standardError.hasPrefix(
                "c.toml: warning: 2 of 2 drawings of \"tick\" would be taken as the built-in \"check\""),
            "\(said.standardError)")
        let strict = Self.binding("chk", "check") + "stroke-threshold = 0.99\n\n" + Self.binding("tk", "tick")
        try write(strict, "c.toml")
        let unsaid = try XgestRun(["check", "c.toml"], in: home, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(unsaid.standardOutput == "c.toml: ok, 2 bindings, 1 stroke template\n")
        #expect(unsaid.standardError.isEmpty, "\(unsaid.standardError)")
    }

    /// An L recorded beside check and v: they do not take its drawings, and nothing is said.
    @Test func anLBesideCheckAndVIsNotWarnedOf() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try write(Self.template([Self.ell(0, 0), Self.ell(30, 5), Self.ell(10, 20)]), "xgest/strokes/hook.stroke")
        try write(Self.binding("chk", "check") + Self.binding("vee", "v") + Self.binding("l", "hook"), "c.toml")
        let run = try XgestRun(["check", "c.toml"], in: home, environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.status == 0)
        #expect(run.standardOutput == "c.toml: ok, 3 bindings, 1 stroke template\n")
        #expect(run.standardError.isEmpty, "\(run.standardError)")
    }
}
