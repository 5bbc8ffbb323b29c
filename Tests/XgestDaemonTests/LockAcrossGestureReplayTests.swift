import Testing
import XgestConfig
import XgestCore
import XgestDaemon
import XgestX11

/// A trace of a gesture held across a lock and an unlock: `xgest replay` mutes it to its end
/// as the daemon does, and the next gesture acts in both.
@Suite struct LockAcrossGestureReplayTests {
    @Test func replayAndTheDaemonMuteAGestureHeldAcrossALockToItsEnd() throws {
        let config = """
            [[gesture]]
            name = "pan2"
            kind = "pan"
            device = "touchscreen"
            fingers = 2
            begin-action = "key b"
            action = "key p"
            end-action = "key e"
            """
        let result = XgestConfiguration.load(source: config, file: "pan2.toml", isKnownKeysym: isKnownKeysym)
        let bindings = try #require(result.configuration, "\(result.renderedDiagnostics())").bindingSet()
        func touch(_ type: String, _ id: Int, _ x: Double, _ t: Double) -> String {
            #"{"t":\#(t),"dev":6,"type":"touch-\#(type)","id":\#(id),"x":\#(x),"y":500}"#
        }
        /// Two fingers moving right together from `t`, one frame every 16 ms, lifted after six.
        func pan(from t: Double, lockedAfter frame: Int? = nil) -> [String] {
            var lines = [touch("begin", 1, 300, t), touch("begin", 2, 400, t)]
            for step in 1...6 {
                let at = t + Double(step) * 0.016
                lines += [
                    touch("update", 1, 300 + Double(step) * 40, at), touch("update", 2, 400 + Double(step) * 40, at),
                ]
                if step == frame {
                    lines += [
                        #"{"t":\#(at + 0.001),"type":"lock","state":"locked"}"#,
                        #"{"t":\#(at + 0.002),"type":"lock","state":"unlocked"}"#,
                    ]
                }
            }
            return lines + [touch("end", 1, 540, t + 0.2), touch("end", 2, 640, t + 0.2)]
        }
        let header =
            #"{"xgest-trace":1,"screen":{"width":1920,"height":1080},"devices":[{"id":6,"name":"Touchscreen","kind":"touchscreen"}]}"#
        let trace = try TraceDecoder.read(
            ([header] + pan(from: 0, lockedAfter: 3) + pan(from: 1)).joined(separator: "\n"))

        let daemon = try DaemonRun(trace, bindings: bindings)
        #expect(
            daemon.actionLines == [
                "pan2 began: key(b)", "pan2 began: key(b)", "pan2 ended: key(p)", "pan2 ended: key(e)",
            ])

        let replayed = try DryRun.run(trace, bindings: bindings)
        let ran = replayed.compactMap { if case .action(let a) = $0 { "\(a.invocation.action)" } else { nil } }
        #expect(ran == ["key(b)", "key(b)", "key(p)", "key(e)"])
        let muted = replayed.compactMap {
            if case .skipped(let a, let reason) = $0 { "\(a.invocation.action) \(reason)" } else { nil }
        }
        #expect(
            muted == ["key(p) \(ScreenLockEvent.actionMutedReason)", "key(e) \(ScreenLockEvent.actionMutedReason)"])
    }
}
