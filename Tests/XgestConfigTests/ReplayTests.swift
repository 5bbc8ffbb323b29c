import Testing
import XgestCore

@testable import XgestConfig

/// `xgest replay`'s dry run: a trace through the engine with a config's bindings.
@Suite struct ReplayTests {
    static let config = """
        [[gesture]]
        name = "ws-next"
        kind = "swipe"
        device = "touchpad"
        direction = "left"
        action = "desktop next"

        [[gesture]]
        kind = "pinch"
        device = "touchpad"
        direction = "out"
        action = "key ctrl+plus"
        repeat = true
        reverse-action = "key ctrl+minus"

        [[app]]
        class = "XTerm"
        [[app.gesture]]
        name = "term-next"
        kind = "swipe"
        device = "touchpad"
        direction = "left"
        action = "exec notify-send 'swiped left'"
        """

    static let trace = [
        #"{"t":0.0,"type":"window","id":7,"x":960,"y":0,"width":960,"height":1080,"class":"XTerm","instance":"xterm","title":"xterm"}"#,
        #"{"t":0.100,"dev":8,"type":"swipe-begin","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#,
        #"{"t":0.110,"dev":8,"type":"swipe-update","fingers":3,"dx":-50,"dy":2,"x":500,"y":500}"#,
        #"{"t":0.120,"dev":8,"type":"swipe-end","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#,
        #"{"t":1.000,"dev":8,"type":"swipe-begin","fingers":3,"dx":0,"dy":0,"x":1500,"y":500}"#,
        #"{"t":1.010,"dev":8,"type":"swipe-update","fingers":3,"dx":-50,"dy":2,"x":1500,"y":500}"#,
        #"{"t":1.020,"dev":8,"type":"swipe-end","fingers":3,"dx":0,"dy":0,"x":1500,"y":500,"cancelled":true}"#,
        #"{"t":2.000,"dev":8,"type":"pinch-begin","fingers":2,"scale":1.0,"angle":0,"x":100,"y":100}"#,
        #"{"t":2.010,"dev":8,"type":"pinch-update","fingers":2,"scale":1.2,"angle":0,"x":100,"y":100}"#,
        #"{"t":2.020,"dev":8,"type":"pinch-update","fingers":2,"scale":1.6,"angle":0,"x":100,"y":100}"#,
        #"{"t":2.030,"dev":8,"type":"pinch-update","fingers":2,"scale":1.2,"angle":0,"x":100,"y":100}"#,
        #"{"t":2.040,"dev":8,"type":"pinch-end","fingers":2,"scale":1.2,"angle":0,"x":100,"y":100}"#,
    ]

    static func records() throws -> [DryRunRecord] {
        let result = XgestConfiguration.load(source: config, file: "test.toml", isKnownKeysym: isTestKeysym)
        let c = try #require(result.configuration, "\(result.renderedDiagnostics())")
        return try DryRun.run(try TraceDecoder.read(traceText(trace)), bindings: c.bindingSet())
    }

    @Test func jsonLines() throws {
        #expect(
            try Self.records().map(\.jsonLine) == [
                #"{"t":0.11,"kind":"gesture","gesture":"swipe","state":"began","device":"touchpad","fingers":3,"direction":"left","binding":"ws-next","app":"desktop","window":null,"translation_x":-50.0,"translation_y":2.0}"#,
                #"{"t":0.12,"kind":"gesture","gesture":"swipe","state":"ended","device":"touchpad","fingers":3,"direction":"left","binding":"ws-next","app":"desktop","window":null,"translation_x":-50.0,"translation_y":2.0}"#,
                #"{"t":0.12,"kind":"action","action":"desktop next","binding":"ws-next","app":"desktop","window":null}"#,
                #"{"t":1.01,"kind":"gesture","gesture":"swipe","state":"began","device":"touchpad","fingers":3,"direction":"left","binding":"term-next","app":"XTerm","window":{"id":7,"class":"XTerm","instance":"xterm","title":"xterm"},"translation_x":-50.0,"translation_y":2.0}"#,
                #"{"t":1.02,"kind":"gesture","gesture":"swipe","state":"cancelled","device":"touchpad","fingers":3,"direction":"left","binding":"term-next","app":"XTerm","window":{"id":7,"class":"XTerm","instance":"xterm","title":"xterm"},"translation_x":-50.0,"translation_y":2.0}"#,
                #"{"t":2.01,"kind":"gesture","gesture":"pinch","state":"began","device":"touchpad","fingers":2,"direction":"out","binding":"gesture-2","app":"desktop","window":null,"scale":1.2}"#,
                #"{"t":2.01,"kind":"action","action":"key ctrl+plus","binding":"gesture-2","app":"desktop","window":null}"#,
                #"{"t":2.02,"kind":"gesture","gesture":"pinch","state":"changed","device":"touchpad","fingers":2,"direction":"out","binding":"gesture-2","app":"desktop","window":null,"scale":1.6}"#,
                #"{"t":2.02,"kind":"action","action":"key ctrl+plus","binding":"gesture-2","app":"desktop","window":null}"#,
                #"{"t":2.03,"kind":"gesture","gesture":"pinch","state":"changed","device":"touchpad","fingers":2,"direction":"out","binding":"gesture-2","app":"desktop","window":null,"scale":1.2}"#,
                #"{"t":2.03,"kind":"action","action":"key ctrl+minus","binding":"gesture-2","app":"desktop","window":null,"reverse":true}"#,
                #"{"t":2.04,"kind":"gesture","gesture":"pinch","state":"ended","device":"touchpad","fingers":2,"direction":"out","binding":"gesture-2","app":"desktop","window":null,"scale":1.2}"#,
            ])
    }

    @Test func textLines() throws {
        let lines = try Self.records().map(\.textLine)
        #expect(
            lines.first == "0.110000 gesture ws-next swipe began device=touchpad fingers=3 direction=left app=desktop")
        #expect(lines[2] == "0.120000 action ws-next app=desktop: desktop next")
        #expect(lines[10] == "2.030000 action gesture-2 app=desktop reverse: key ctrl+minus")
    }

    @Test func replayIsDeterministic() throws {
        #expect(try Self.records() == Self.records())
    }

    @Test func malformedTraceNamesItsLine() {
        #expect(throws: TraceError(line: 3, message: "unknown event type \"swipe-start\"")) {
            _ = try TraceDecoder.read(
                traceText([Self.trace[1], #"{"t":0.2,"dev":8,"type":"swipe-start","fingers":3}"#]))
        }
    }
}
