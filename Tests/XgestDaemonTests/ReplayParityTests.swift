import Foundation
import Testing
import XgestConfig
import XgestCore
import XgestDaemon
import XgestX11

/// `xgest replay` is the daemon minus X: the same trace through ``TraceReplay`` with the
/// dispatcher (what replay runs) and through ``DaemonCore`` with a recording input side
/// and executor (what the daemon runs) gives the same ownership decisions, applied the
/// same way, and the same actions, in the same order.
@Suite struct ReplayParityTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = repository.appendingPathComponent("Tests/XgestCoreTests/Fixtures/traces")
    static let traces = ["taps", "swipe-and-pan", "pinch-rotate", "touchpad", "stroke-and-click", "pattern-and-scrub"]

    static func bindings(_ configFile: URL) throws -> BindingSet {
        let text = try String(contentsOf: configFile, encoding: .utf8)
        let result = XgestConfiguration.load(source: text, file: configFile.path, isKnownKeysym: isKnownKeysym)
        let config = try #require(result.configuration, "\(result.renderedDiagnostics())")
        return config.bindingSet()
    }

    static func trace(_ name: String) throws -> Trace {
        try TraceDecoder.read(String(contentsOf: fixtures.appendingPathComponent("\(name).trace"), encoding: .utf8))
    }

    /// What replay decides and runs, in the daemon's engine settings.
    static func replayed(_ trace: Trace, _ bindings: BindingSet) throws -> (effects: [String], actions: [String]) {
        let outputs = try TraceReplay.run(
            trace, registrations: bindings.registrations(),
            settings: DaemonCore.engineSettings(bindings, tracing: false))
        var dispatcher = ActionDispatcher(bindings: bindings)
        var effects: [String] = []
        var actions: [String] = []
        for o in outputs {
            switch o {
            case .ownership(let d):
                if let line = RecordingEffects.line(d) { effects.append(line) }
            case .gesture(let g):
                actions += dispatcher.handle(g).map {
                    "\($0.invocation.binding) \($0.invocation.state): \(DaemonRun.text($0.invocation.action))"
                }
            case .transition, .handedBack:
                break
            }
        }
        return (effects, actions)
    }

    /// The fixtures' own config, and the shipped one.
    static let configs = [
        fixtures.appendingPathComponent("fixtures.toml"), repository.appendingPathComponent("config/xgest.toml"),
    ]

    @Test(arguments: traces, configs)
    func replayAndDaemonDecideAndActAlike(name: String, config: URL) throws {
        let bindings = try Self.bindings(config)
        let trace = try Self.trace(name)
        let replay = try Self.replayed(trace, bindings)
        let daemon = try DaemonRun(trace, bindings: bindings)
        #expect(daemon.effects.lines == replay.effects)
        #expect(daemon.actionLines == replay.actions)
    }

    /// What `xgest replay` itself runs (``DryRun``, not the engine with the daemon's
    /// settings as above) on two fingers spreading apart, each frame two updates at one
    /// time: judged finger by finger, as replay did, the centroid moved half a step after
    /// the first finger's update and a two-finger pan began, which the daemon, judging the
    /// whole frame, never began.
    @Test func replayJudgesSameTimeUpdatesAsTheDaemonDoes() throws {
        let config = """
            [[gesture]]
            name = "pan2"
            kind = "pan"
            device = "touchscreen"
            fingers = 2
            action = "key p"
            """
        let result = XgestConfiguration.load(source: config, file: "pan2.toml", isKnownKeysym: isKnownKeysym)
        let bindings = try #require(result.configuration, "\(result.renderedDiagnostics())").bindingSet()
        func touch(_ type: String, _ id: Int, _ x: Double, _ t: Double) -> String {
            #"{"t":\#(t),"dev":6,"type":"touch-\#(type)","id":\#(id),"x":\#(x),"y":500}"#
        }
        var lines = [
            #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":6,"name":"Touchscreen","kind":"touchscreen"}]}"#,
            touch("begin", 1, 900, 0), touch("begin", 2, 1000, 0),
        ]
        for step in 1...6 {
            let t = Double(step) * 0.016
            lines += [touch("update", 1, 900 - Double(step) * 40, t), touch("update", 2, 1000 + Double(step) * 40, t)]
        }
        lines += [touch("end", 1, 660, 0.2), touch("end", 2, 1240, 0.2)]
        let trace = try TraceDecoder.read(lines.joined(separator: "\n"))
        let replayed = try DryRun.run(trace, bindings: bindings).compactMap {
            if case .action(let a) = $0 { return DaemonRun.text(a.invocation.action) } else { return nil }
        }
        let daemon = try DaemonRun(trace, bindings: bindings)
        #expect(daemon.actionLines.isEmpty, "\(daemon.actionLines)")
        #expect(replayed.isEmpty, "\(replayed)")
    }

    /// Each fixture produces something to compare: the comparison above is not empty.
    @Test func theFixturesDecideAndActAtAll() throws {
        let bindings = try Self.bindings(Self.configs[0])
        for name in Self.traces {
            let run = try DaemonRun(try Self.trace(name), bindings: bindings)
            #expect(!run.actionLines.isEmpty, "\(name)")
            // Touchpad gestures are decided at their begin by the X layer, not the engine.
            #expect(!run.effects.lines.isEmpty || name == "touchpad", "\(name)")
        }
    }
}
