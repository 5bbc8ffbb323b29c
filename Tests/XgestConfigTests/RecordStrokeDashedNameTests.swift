import Foundation
import Testing

/// `xgest record-stroke -zigzag`: the parser took the name for an option and said only
/// `Missing expected argument '<name>'`. It is told how to give such a name. No display is
/// given, so a command line that parses stops for want of one.
@Suite struct RecordStrokeDashedNameTests {
    static let said =
        "xgest: record-stroke: '-zigzag' was read as an option, and no name was left: a name starting with '-' goes"
        + " after '--', the options before it (xgest record-stroke [OPTIONS] -- -zigzag)\n"

    func record(_ arguments: [String]) throws -> XgestRun {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("xgest-dashed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        return try XgestRun(
            ["record-stroke"] + arguments, in: FileManager.default.temporaryDirectory,
            environment: ["XDG_CONFIG_HOME": home.path, "DISPLAY": "", "WAYLAND_DISPLAY": ""])
    }

    @Test(arguments: [["-zigzag"], ["-zigzag", "--force"], ["--samples", "3", "-zigzag"]])
    func aNameStartingWithADashIsSaidHowToGive(_ arguments: [String]) throws {
        let run = try record(arguments)
        #expect(run.status == 64)
        #expect(run.standardError == Self.said, "\(run.standardError)")
    }

    /// After `--` it is the name; an option's own word, a mistyped option and a missing
    /// name get the parser's messages.
    @Test func afterTheDashesItIsTheNameAndOptionsAreLeftToTheParser() throws {
        let given = try record(["--force", "--", "-zigzag"])
        #expect(given.status == 1)
        #expect(given.standardError.hasPrefix("xgest: no X display"), "\(given.standardError)")
        let missing = try record(["--force"])
        #expect(missing.status == 64)
        #expect(missing.standardError.hasPrefix("Error: Missing expected argument '<name>'"))
        let typo = try record(["zed", "-samples", "3"])
        #expect(typo.standardError.hasPrefix("Error: Unknown option '-samples'. Did you mean '--samples'?"))
        let help = try record(["-h"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: Record a stroke gesture"))
    }
}
