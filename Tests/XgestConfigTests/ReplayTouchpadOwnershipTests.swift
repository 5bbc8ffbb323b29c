import Foundation
import Testing

/// `xgest replay` says what the daemon decides at each touchpad gesture's begin: kept for
/// a binding that can take it (no application gets any of it), or the application's,
/// and why; the summary counts those decisions, and the engine gets none of a gesture the
/// daemon would leave to its application.
@Suite struct ReplayTouchpadOwnershipTests {
    /// A pinch binding in Zoomer windows only, a 3-finger swipe nowhere.
    static let config = """
        [[app]]
        class = "Zoomer"
        [[app.gesture]]
        name = "zoom"
        kind = "pinch"
        device = "touchpad"
        direction = "out"
        action = "key ctrl+plus"
        """

    /// Zoomer on the left half, Other on the right; a pinch out over each, then a 3-finger
    /// swipe over Zoomer.
    static let trace =
        [
            #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":8,"name":"pad","kind":"touchpad"}]}"#,
            #"{"t":0,"type":"window","id":1,"x":0,"y":0,"width":960,"height":1080,"class":"Zoomer","instance":"z","title":"Z"}"#,
            #"{"t":0,"type":"window","id":2,"x":960,"y":0,"width":960,"height":1080,"class":"Other","instance":"o","title":"O"}"#,
        ] + pinch(at: 0.1, x: 400) + pinch(at: 1.1, x: 1400) + swipe(at: 2.1, x: 400)

    static func pinch(at t: Double, x: Int) -> [String] {
        [#"{"t":\#(t),"dev":8,"type":"pinch-begin","fingers":2,"scale":1.0,"angle":0,"x":\#(x),"y":500}"#]
            + [1.1, 1.2, 1.3].enumerated().map { i, s in
                #"{"t":\#(t + Double(i + 1) / 100),"dev":8,"type":"pinch-update","fingers":2,"scale":\#(s),"angle":0,"x":\#(x),"y":500}"#
            }
            + [
                #"{"t":\#(t + 0.05),"dev":8,"type":"pinch-end","fingers":2,"scale":1.3,"angle":0,"x":\#(x),"y":500,"cancelled":false}"#
            ]
    }

    static func swipe(at t: Double, x: Int) -> [String] {
        [#"{"t":\#(t),"dev":8,"type":"swipe-begin","fingers":3,"dx":0,"dy":0,"x":\#(x),"y":500}"#]
            + (1...3).map { i in
                #"{"t":\#(t + Double(i) / 100),"dev":8,"type":"swipe-update","fingers":3,"dx":-30,"dy":0,"x":\#(x),"y":500}"#
            }
            + [
                #"{"t":\#(t + 0.05),"dev":8,"type":"swipe-end","fingers":3,"dx":0,"dy":0,"x":\#(x),"y":500,"cancelled":false}"#
            ]
    }

    /// A gesture handed back because of the modifiers held says which binding wanted
    /// which: "no binding there takes it" alone left a user holding Ctrl with a
    /// `modifiers = ["super"]` swipe to guess.
    @Test func aGestureHandedBackForItsModifiersSaysWhichTheBindingWants() throws {
        let config = """
            [[gesture]]
            name = "desk"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            modifiers = ["super"]
            action = "desktop next"
            """
        let trace =
            [
                #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":8,"name":"pad","kind":"touchpad"}]}"#,
                #"{"t":0.01,"type":"modifiers","mods":["ctrl"]}"#,
            ] + Self.swipe(at: 0.1, x: 400) + [#"{"t":0.5,"type":"modifiers","mods":["super"]}"#]
            + Self.swipe(at: 1.1, x: 400)
        let lines = try replay(["--explain", "--json"], config: config, trace: trace).standardOutput.split(
            separator: "\n"
        ).map(String.init).filter { $0.contains(#""kind":"ownership""#) }
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.first?.hasSuffix(
                #""reason":"no binding there","detail":"wrong modifiers for \"desk\": held ctrl, bound super"}"#)
                == true, "\(lines)")
        #expect(lines.last?.contains(#""reason":"kept","binding":"desk""#) == true, "\(lines)")
        let text = try replay(["--explain"], config: config, trace: trace).standardOutput
        #expect(
            text.contains(
                #"handed back: no binding there takes it (wrong modifiers for "desk": held ctrl, bound super)"#),
            "\(text)")
    }

    func replay(_ options: [String], config: String = config, trace: [String] = trace) throws -> XgestRun {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xgest-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try config.write(to: directory.appendingPathComponent("c.toml"), atomically: true, encoding: .utf8)
        try (trace.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("t.trace"), atomically: true, encoding: .utf8)
        let run = try XgestRun(["replay", "t.trace", "--config", "c.toml"] + options, in: directory)
        #expect(run.status == 0, "\(run.standardError)")
        return run
    }

    @Test func explainSaysWhichGesturesAreKeptAndWhichTheApplicationsGet() throws {
        let lines = try replay(["--explain"]).standardOutput.split(separator: "\n").map(String.init)
        let ownership = lines.filter { $0.contains(" ownership accept ") || $0.contains(" ownership reject ") }
        #expect(
            ownership == [
                #"0.100000 ownership accept touchpad device=8: touchpad pinch (2 fingers) on window Zoomer"#
                    + #" (0x1 class=Zoomer instance=z title="Z") kept: "zoom" can take it, so no application gets it"#,
                #"1.100000 ownership reject touchpad device=8: touchpad pinch (2 fingers) on window Other"#
                    + #" (0x2 class=Other instance=o title="O") handed back: no binding there takes it"#,
                #"2.100000 ownership reject touchpad device=8: touchpad swipe (3 fingers) on window Zoomer"#
                    + #" (0x1 class=Zoomer instance=z title="Z") not grabbed: no binding takes touchpad swipes,"#
                    + " so it is the application's",
            ], "\(lines)")
        // The pinch over Other is the application's: the engine gets none of it, so no
        // recognizer is said to see it.
        #expect(!lines.contains { $0.hasPrefix("1.1") && $0.contains("transition") }, "\(lines)")
        #expect(
            lines.last
                == "summary: 3 input sequences, 3 ownership decisions (1 accepted, 2 handed back),"
                + " 1 gesture recognized, 1 action")
    }

    @Test func withoutExplainOnlyTheSummaryCountsThem() throws {
        let lines = try replay([]).standardOutput.split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.contains(" ownership accept ") || $0.contains(" ownership reject ") }, "\(lines)")
        #expect(
            lines.last?.hasPrefix("summary: 3 input sequences, 3 ownership decisions (1 accepted, 2 handed back)")
                == true)
    }

    @Test func jsonGivesEachDecisionWithItsReason() throws {
        let lines = try replay(["--explain", "--json"]).standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.filter { $0.contains(#""kind":"ownership""#) } == [
                #"{"t":0.1,"kind":"ownership","verdict":"accept","device":"touchpad","device_id":8,"gesture":"pinch","#
                    + #""fingers":2,"app":"Zoomer","window":{"id":1,"class":"Zoomer","instance":"z","title":"Z"},"#
                    + #""reason":"kept","binding":"zoom"}"#,
                #"{"t":1.1,"kind":"ownership","verdict":"reject","device":"touchpad","device_id":8,"gesture":"pinch","#
                    + #""fingers":2,"app":"Other","window":{"id":2,"class":"Other","instance":"o","title":"O"},"#
                    + #""reason":"no binding there"}"#,
                #"{"t":2.1,"kind":"ownership","verdict":"reject","device":"touchpad","device_id":8,"gesture":"swipe","#
                    + #""fingers":3,"app":"Zoomer","window":{"id":1,"class":"Zoomer","instance":"z","title":"Z"},"#
                    + #""reason":"not grabbed"}"#,
            ], "\(lines)")
    }
}
