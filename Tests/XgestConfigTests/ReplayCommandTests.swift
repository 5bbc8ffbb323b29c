import Foundation
import Testing

/// `xgest replay` on traces whose numbers no conversion can take, and on a trace path that
/// is no file: each is one clean error (these crashed replay: 619 of 20,000 fuzzed traces).
@Suite struct ReplayCommandTests {
    static let header =
        #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":6,"name":"ts","kind":"touchscreen"}]}"#

    func replay(_ trace: String) throws -> XgestRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "".write(to: directory.appendingPathComponent("empty.toml"), atomically: true, encoding: .utf8)
        try trace.write(to: directory.appendingPathComponent("bad.trace"), atomically: true, encoding: .utf8)
        return try XgestRun(["replay", "bad.trace", "--config", "empty.toml"], in: directory)
    }

    @Test(arguments: [
        (
            header + "\n" + #"{"t":1e15,"dev":6,"type":"touch-begin","id":1,"x":1,"y":2}"#,
            "bad.trace:2:6: error: field \"t\" must be from 0 to 1000000000, found 1000000000000000\n"
        ),
        (
            #"{"xgest-trace":1e19,"screen":{"width":1920,"height":1080},"devices":[]}"#,
            "bad.trace:1:16: error: trace version 1e+19 is newer than this xgest reads (1); upgrade xgest\n"
        ),
        (
            header + "\n" + #"{"t":0,"type":"window","id":5,"x":0,"y":0,"width":9,"height":9,"pid":1e300}"#,
            "bad.trace:2:70: error: field \"pid\" must be an integer from 0 to 2147483647, found 1e+300\n"
        ),
    ])
    func numbersOutOfRangeAreCleanErrors(trace: String, message: String) throws {
        let run = try replay(trace + "\n")
        #expect(run.status == 1)
        #expect(run.standardError == message)
        #expect(run.standardOutput.isEmpty)
    }

    /// A one-finger drag right at 249 px/s: 20 mm/s on the 14-inch 4K panel it was recorded
    /// on, too slow for a swipe there; 66 mm/s at 96 dpi, a swipe. Replay converts the
    /// config's millimetres (the swipe speeds) at the density the trace says, as the daemon
    /// did on that screen.
    @Test func replayConvertsMillimetresAtTheRecordedDensity() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        [[gesture]]
        name = "swipe-right"
        kind = "swipe"
        device = "touchscreen"
        direction = "right"
        action = "click 1"
        """.write(to: directory.appendingPathComponent("swipe.toml"), atomically: true, encoding: .utf8)
        var drag = [#"{"t":0,"dev":6,"type":"touch-begin","id":1,"x":200,"y":500}"#]
        for k in 1...50 {
            let type = k == 50 ? "touch-end" : "touch-update"
            drag.append(
                #"{"t":\#(Double(k) * 0.01),"dev":6,"type":"\#(type)","id":1,"x":\#(200 + 2.49 * Double(k)),"y":500}"#)
        }
        let dense = Self.header.replacingOccurrences(of: #""height":1080}"#, with: #""height":1080,"px_per_mm":12.43}"#)
        #expect(dense != Self.header)
        var actions: [String: Int] = [:]
        for (name, header) in [("dense", dense), ("unsaid", Self.header)] {
            try ([header] + drag).joined(separator: "\n").write(
                to: directory.appendingPathComponent("\(name).trace"), atomically: true, encoding: .utf8)
            let run = try XgestRun(["replay", "\(name).trace", "--config", "swipe.toml", "--json"], in: directory)
            #expect(run.status == 0, "\(run.standardError)")
            actions[name] = run.standardOutput.split(separator: "\n").filter { $0.contains(#""kind":"action""#) }.count
        }
        #expect(actions == ["dense": 0, "unsaid": 1])
    }

    /// A swipe of 100 px, summed from finger moves of 25/3 px, is 100 in the JSON as in the
    /// command's XGEST_TRANSLATION_Y, not 99.99999999999996.
    @Test func gestureValuesAreGivenToTheHundredth() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
        [[gesture]]
        name = "down"
        kind = "swipe"
        device = "touchscreen"
        fingers = 3
        direction = "down"
        action = "click 1"
        """.write(to: directory.appendingPathComponent("swipe.toml"), atomically: true, encoding: .utf8)
        let xs = [400, 450, 500]
        var trace = [Self.header]
        for (i, x) in xs.enumerated() {
            trace.append(#"{"t":0,"dev":6,"type":"touch-begin","id":\#(i + 1),"x":\#(x),"y":300}"#)
        }
        for k in 1...4 {
            for (i, x) in xs.enumerated() {
                trace.append(
                    #"{"t":\#(Double(k) * 0.02),"dev":6,"type":"touch-update","id":\#(i + 1),"x":\#(x),"y":\#(300 + 25 * k)}"#
                )
            }
        }
        for (i, x) in xs.enumerated() {
            trace.append(#"{"t":0.1,"dev":6,"type":"touch-end","id":\#(i + 1),"x":\#(x),"y":400}"#)
        }
        try trace.joined(separator: "\n").write(
            to: directory.appendingPathComponent("swipe.trace"), atomically: true, encoding: .utf8)
        let run = try XgestRun(["replay", "swipe.trace", "--config", "swipe.toml", "--json"], in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        let gesture = run.standardOutput.split(separator: "\n").first { $0.contains(#""kind":"gesture""#) }
        #expect(gesture?.contains(#""translation_x":0.0,"translation_y":100.0,"#) == true, "\(run.standardOutput)")
    }

    /// An action's text is printed as the config has it, as `check -v` shows it: its
    /// backslashes were doubled, so an exec's quoting looked like something it was not.
    @Test func anActionIsPrintedWithItsBackslashesAsWritten() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"""
        [[gesture]]
        name = "tap-it"
        kind = "tap"
        device = "touchscreen"
        action = 'exec true e\ f "g\\h"'
        """#.write(to: directory.appendingPathComponent("tap.toml"), atomically: true, encoding: .utf8)
        try [
            Self.header, #"{"t":0,"dev":6,"type":"touch-begin","id":1,"x":200,"y":500}"#,
            #"{"t":0.05,"dev":6,"type":"touch-end","id":1,"x":200,"y":500}"#,
        ].joined(separator: "\n").write(
            to: directory.appendingPathComponent("tap.trace"), atomically: true, encoding: .utf8)
        let run = try XgestRun(["replay", "tap.trace", "--config", "tap.toml"], in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        let action = run.standardOutput.split(separator: "\n").first { $0.contains(" action ") }
        #expect(
            action?.hasSuffix(#"action tap-it app=desktop: exec true e\ f "g\\h""#) == true, "\(run.standardOutput)")
    }

    /// A trace and a config that binds a recorded shape replay the same with the strokes
    /// directory given (`--strokes`), whoever runs it; without it, the unknown shape says
    /// where its template was looked for. `xgest check` takes the directory too.
    @Test func theStrokesDirectoryIsGivenWithStrokes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let strokes = directory.appendingPathComponent("bug/strokes")
        try FileManager.default.createDirectory(at: strokes, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("home"), withIntermediateDirectories: true)
        let zed = [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)]
        try ("xgest-stroke 1\nsample\n" + zed.map { "\($0.0) \($0.1)" }.joined(separator: "\n") + "\n").write(
            to: strokes.appendingPathComponent("zed.stroke"), atomically: true, encoding: .utf8)
        try """
        [[gesture]]
        name = "zed-it"
        kind = "stroke"
        device = "touchscreen"
        shape = "zed"
        action = "key F5"
        """.write(to: directory.appendingPathComponent("zed.toml"), atomically: true, encoding: .utf8)
        // The Z drawn three times as large, 20 points a side, an event every 10 ms.
        var points: [(Double, Double)] = []
        for (a, b) in zip(zed, zed.dropFirst()) {
            for k in 0..<20 {
                let u = Double(k) / 20
                points.append((300 + 3 * (a.0 + (b.0 - a.0) * u), 300 + 3 * (a.1 + (b.1 - a.1) * u)))
            }
        }
        points.append((600, 600))
        var trace = [Self.header]
        for (k, p) in points.enumerated() {
            let type = k == 0 ? "touch-begin" : k == points.count - 1 ? "touch-end" : "touch-update"
            trace.append(#"{"t":\#(Double(k) / 100),"dev":6,"type":"\#(type)","id":1,"x":\#(p.0),"y":\#(p.1)}"#)
        }
        try trace.joined(separator: "\n").write(
            to: directory.appendingPathComponent("zed.trace"), atomically: true, encoding: .utf8)
        let elsewhere = ["XDG_CONFIG_HOME": directory.appendingPathComponent("home").path]

        let given = try XgestRun(
            ["replay", "zed.trace", "--config", "zed.toml", "--strokes", "bug/strokes"], in: directory,
            environment: elsewhere)
        #expect(given.status == 0, "\(given.standardError)")
        #expect(given.standardOutput.contains(" action zed-it "), "\(given.standardOutput)")

        let mine = try XgestRun(["replay", "zed.trace", "--config", "zed.toml"], in: directory, environment: elsewhere)
        #expect(mine.status == 1)
        let home = directory.appendingPathComponent("home").path
        #expect(
            mine.standardError.contains(
                "error: unknown shape \"zed\"; expected a built-in shape or a template of the strokes directory"
                    + " (there is no \(home)/xgest/strokes/zed.stroke)"), "\(mine.standardError)")

        let check = try XgestRun(
            ["check", "zed.toml", "--strokes", "bug/strokes"], in: directory, environment: elsewhere)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.hasPrefix("zed.toml: ok, 1 binding, 1 stroke template"), "\(check.standardOutput)")

        let typo = try XgestRun(
            ["replay", "zed.trace", "--config", "zed.toml", "--strokes", "bug/strokez"], in: directory,
            environment: elsewhere)
        #expect(typo.status == 1)
        #expect(
            typo.standardError.contains("--strokes bug/strokez: no such file or directory"), "\(typo.standardError)")
    }

    /// A record earlier than one before it is replayed at the time reached, as the daemon
    /// takes late input, and said once, with the first such line: a trace written by hand out of
    /// order replays as something it does not say.
    @Test func recordsOutOfTimeOrderAreReplayedAndSaidOnce() throws {
        let lines = [
            #"{"t":5,"dev":6,"type":"touch-begin","id":1,"x":10,"y":10}"#,
            #"{"t":1,"dev":6,"type":"touch-end","id":1,"x":10,"y":10}"#,
            #"{"t":0.5,"dev":6,"type":"touch-begin","id":2,"x":10,"y":10}"#,
            #"{"t":6,"dev":6,"type":"touch-end","id":2,"x":10,"y":10}"#,
        ]
        let run = try replay(([Self.header] + lines).joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        #expect(
            run.standardError
                == "bad.trace:3: warning: time 1.000000 s is earlier than 5.000000 s on a line before (and 1 more "
                + "record); each such record is taken at the time already reached, as xgest run takes input that "
                + "arrives late\n")
        #expect(run.standardOutput.hasPrefix("summary: 2 input sequences, 2 ownership decisions"))
        // In order, nothing is said.
        let end = #"{"t":6,"dev":6,"type":"touch-end","id":1,"x":10,"y":10}"#
        let ordered = try replay(([Self.header] + [lines[0], end]).joined(separator: "\n") + "\n")
        #expect(ordered.standardError.isEmpty, "\(ordered.standardError)")
    }

    /// A trace edited by hand with a touch's end deleted, or a touch begun twice, replayed
    /// without a word: the summary had fewer input sequences and nothing said why.
    @Test func unbalancedTouchesAreReplayedAndSaid() throws {
        let lines = [
            #"{"t":0,"dev":6,"type":"touch-begin","id":1,"x":10,"y":10}"#,
            #"{"t":0.1,"dev":6,"type":"touch-begin","id":1,"x":10,"y":10}"#,
            #"{"t":0.2,"dev":6,"type":"touch-end","id":1,"x":10,"y":10}"#,
            #"{"t":0.3,"dev":6,"type":"touch-update","id":2,"x":10,"y":10}"#,
            #"{"t":0.4,"dev":6,"type":"touch-end","id":3,"x":10,"y":10}"#,
            #"{"t":1,"dev":6,"type":"touch-begin","id":4,"x":10,"y":10}"#,
            #"{"t":1,"dev":6,"type":"touch-begin","id":5,"x":50,"y":10}"#,
        ]
        let run = try replay(([Self.header] + lines).joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        let ignored = "; ignored, as xgest run ignores one"
        let said: [String] = [
            "bad.trace:3: warning: touch 1 of device 6 begins again while it is down (since line 2)" + ignored,
            "bad.trace:5: warning: touch-update of touch 2 of device 6, which is not down (and 1 more record)"
                + ignored,
            "bad.trace:7: warning: touch 4 of device 6 never ends (and 1 more touch): the trace stops while it is "
                + "down, so the gesture it belongs to is not decided and fires nothing",
        ]
        let warnings = run.standardError.split(separator: "\n").map(String.init)
        #expect(warnings == said, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("summary: 2 input sequences"), "\(run.standardOutput)")
    }

    /// A recording stopped in the middle of writing a record (a full disk, `xgest record`
    /// killed) ends in half a line with no newline: the whole trace was refused, though
    /// everything before it is whole.
    @Test func aLastLineCutShortIsSaidAndTheRestReplayed() throws {
        let lines = [
            #"{"t":0,"dev":6,"type":"touch-begin","id":1,"x":10,"y":10}"#,
            #"{"t":0.1,"dev":6,"type":"touch-end","id":1,"x":10,"y":10}"#,
            #"{"t":1,"dev":6,"type":"touch-begin","id":2,"x":10,"y":10}"#,
        ]
        let cut = #"{"t":1.1,"dev":6,"type":"touch-upd"#
        let run = try replay(([Self.header] + lines + [cut]).joined(separator: "\n"))
        #expect(run.status == 0)
        let said = [
            "bad.trace:4: warning: touch 2 of device 6 never ends: the trace stops while it is down, so the gesture "
                + "it belongs to is not decided and fires nothing",
            "bad.trace:5: warning: the last line is cut short (no newline ends it) and is no record (malformed JSON: "
                + "unterminated string): the recording was cut there; the records before it are replayed",
        ]
        #expect(run.standardError.split(separator: "\n").map(String.init) == said, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("summary: 2 input sequences"), "\(run.standardOutput)")
        // Ended by a newline, the line was written whole: an error, as is one cut before the last.
        let whole = try replay(([Self.header] + lines + [cut]).joined(separator: "\n") + "\n")
        #expect(whole.status == 1)
        #expect(whole.standardError == "bad.trace:5:35: error: malformed JSON: unterminated string\n")
        let inside = try replay(([Self.header, cut] + lines).joined(separator: "\n"))
        #expect(inside.status == 1)
        #expect(inside.standardError.hasPrefix("bad.trace:2:35: error: malformed JSON"), "\(inside.standardError)")
    }

    @Test func aFIFOGivenAsTheTraceIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(mkfifo(directory.appendingPathComponent("live.trace").path, 0o600) == 0)
        let run = try XgestRun(["replay", "live.trace"], in: directory)
        #expect(run.status == 1)
        #expect(run.standardError == "xgest: live.trace: not a regular file (a FIFO)\n")
    }

    @Test func textFromTheTraceIsEscapedInTextLinesAndJSON() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "[[gesture]]\nname = \"t\"\nkind = \"tap\"\ndevice = \"touchscreen\"\naction = \"click 1\"\n".write(
            to: directory.appendingPathComponent("tap.toml"), atomically: true, encoding: .utf8)
        // A class with a newline, a forged line and ESC, as JSON escapes write them.
        let forged = #"evil\n0.100000 action t app=desktop: exec rm -rf /\u001b[2J"#
        let trace = [
            Self.header,
            #"{"t":0,"type":"window","id":5,"x":0,"y":0,"width":500,"height":500,"class":""# + forged
                + #"","title":"w"}"#,
            #"{"t":0.01,"dev":6,"type":"touch-begin","id":1,"x":100,"y":100}"#,
            #"{"t":0.05,"dev":6,"type":"touch-end","id":1,"x":100,"y":100}"#,
        ]
        try (trace.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("forged.trace"), atomically: true, encoding: .utf8)
        let text = try XgestRun(["replay", "forged.trace", "--config", "tap.toml"], in: directory)
        #expect(text.status == 0, "\(text.standardError)")
        // The gesture and its action, then the summary.
        let lines = text.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().dropLast()
        #expect(lines.count == 2, "\(text.standardOutput)")
        // Quoted too: its spaces and `=` would otherwise read as fields of the line.
        #expect(lines.allSatisfy { $0.contains(#"app="evil\n0.100000 action t app=desktop: exec rm -rf /\x1b[2J""#) })
        #expect(!text.standardOutput.unicodeScalars.contains { $0.value == 0x1B })
        let json = try XgestRun(["replay", "forged.trace", "--config", "tap.toml", "--json"], in: directory)
        #expect(json.standardOutput.split(separator: "\n").count == 2)
        #expect(json.standardOutput.contains(#""app":"evil\n0.100000 action t app=desktop: exec rm -rf /\u001b[2J""#))
    }
}
