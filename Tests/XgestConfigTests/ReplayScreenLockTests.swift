import Testing
import XgestConfig
import XgestCore

/// A trace's `lock` records replay as the daemon acts behind a screen locker: a stroke
/// under way when windows cover the screen is cancelled, a gesture under way while locked
/// runs nothing but what lets go, and input handed back to the locker is said.
@Suite struct ReplayScreenLockTests {
    static let stroke = """
        [[gesture]]
        name = "check"
        kind = "stroke"
        device = "pointer"
        button = 3
        direction = "right"
        action = "exec true check"
        """

    static func texts(_ records: [DryRunRecord]) -> [String] { records.map(\.textLine) }

    @Test func aStrokeUnderWayWhenALockerCoversTheScreenIsCancelled() throws {
        let config = try loadValid(Self.stroke)
        var lines = [#"{"t":0,"dev":7,"type":"button-press","button":3,"x":100,"y":100}"#]
        for k in 1...5 { lines.append(#"{"t":0.0\#(k),"dev":7,"type":"motion","x":\#(100 + k * 40),"y":100}"#) }
        lines += [
            #"{"t":0.06,"type":"lock","state":"covered"}"#,
            #"{"t":0.06,"type":"lock","state":"locked"}"#,
            #"{"t":0.07,"dev":7,"type":"motion","x":400,"y":100}"#,
            #"{"t":0.08,"dev":7,"type":"button-release","button":3,"x":400,"y":100}"#,
            #"{"t":0.5,"type":"lock","state":"unlocked"}"#,
        ]
        let trace = try TraceDecoder.read(traceText(lines))
        let (records, summary) = try DryRun.report(trace, bindings: config.bindingSet(), explain: true)
        let text = Self.texts(records)
        #expect(summary.actions == 0, "\(text)")
        #expect(text.contains { $0.contains("transition check possible → failed (screen locked)") }, "\(text)")
        #expect(text.contains("0.060000 lock covered: windows cover the screen, a stroke under way is cancelled"))
        // The lock's line comes before what it cancels.
        let covered = try #require(text.firstIndex { $0.contains("lock covered") })
        let failed = try #require(text.firstIndex { $0.contains("(screen locked)") })
        #expect(covered < failed)
        #expect(text.contains("0.500000 lock unlocked: gestures resumed"))
    }

    /// Locked during a swipe: its steps are skipped, its key-up still runs; input handed
    /// back to the locker is said; after the unlock a swipe acts again.
    @Test func aGestureUnderWayWhileLockedRunsOnlyWhatLetsGo() throws {
        let config = try loadValid(
            """
            [[gesture]]
            name = "switch"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            direction = "right"
            repeat = true
            begin-action = "key-down alt"
            action = "key Tab"
            """)
        func swipe(from t: Double) -> [String] {
            var lines = [#"{"t":\#(t),"dev":8,"type":"swipe-begin","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#]
            for k in 1...3 {
                lines.append(
                    #"{"t":\#(t + Double(k) * 0.02),"dev":8,"type":"swipe-update","fingers":3,"dx":100,"dy":0,"x":500,"y":500}"#
                )
            }
            lines.append(#"{"t":\#(t + 0.1),"dev":8,"type":"swipe-end","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#)
            return lines
        }
        var lines = swipe(from: 0)
        lines.insert(#"{"t":0.03,"type":"lock","state":"locked"}"#, at: 2)
        lines += [
            #"{"t":0.2,"type":"lock","state":"handed-back","what":"touch 55 of device 6"}"#,
            #"{"t":0.3,"type":"lock","state":"unlocked"}"#,
        ]
        lines += swipe(from: 1)
        let trace = try TraceDecoder.read(traceText(lines))
        let records = try DryRun.run(trace, bindings: config.bindingSet())
        let ran = records.compactMap { r -> String? in
            if case .action(let a) = r { return "\(a.invocation.time) \(a.text)" }
            return nil
        }
        #expect(
            ran == [
                "0.020000 key-down alt", "0.020000 key Tab", "0.100000 key-up alt", "1.020000 key-down alt",
                "1.020000 key Tab", "1.040000 key Tab", "1.060000 key Tab", "1.100000 key-up alt",
            ], "\(ran)")
        let text = Self.texts(records)
        #expect(text.contains("0.040000 action switch app=desktop: key Tab -> skipped: not run: the screen is locked"))
        #expect(text.contains("0.200000 lock touch 55 of device 6 handed back: the screen is locked"), "\(text)")
        let json = records.map(\.jsonLine)
        #expect(json.contains(#"{"t":0.2,"kind":"lock","state":"handed-back","what":"touch 55 of device 6"}"#))
        #expect(json.contains(#"{"t":0.03,"kind":"lock","state":"locked"}"#))
        #expect(
            json.contains(
                #"{"t":0.04,"kind":"skipped","action":"key Tab","binding":"switch","app":"desktop","window":null,"reason":"not run: the screen is locked"}"#
            ), "\(json)")
    }

    @Test func lockRecordsRoundTripAndAnUnknownStateIsAnError() throws {
        for event in [ScreenLockEvent.locked, .unlocked, .covered, .handedBack("press of button 3")] {
            let line = TraceEncoder.line(.lock(time: EventTime(microseconds: 250_000), event))
            let trace = try TraceDecoder.read(traceText([line]))
            #expect(trace.records == [.lock(time: EventTime(microseconds: 250_000), event)], "\(line)")
        }
        #expect(
            TraceEncoder.line(.lock(time: EventTime(microseconds: 0), .handedBack("touch 5 of device 6")))
                == #"{"t":0.0,"type":"lock","state":"handed-back","what":"touch 5 of device 6"}"#)
        #expect(
            throws: TraceError(
                line: 2, column: 30,
                message:
                    #"field "state" names an unknown lock state "asleep" (locked, unlocked, covered or handed-back)"#)
        ) {
            try TraceDecoder.read(traceText([#"{"t":0,"type":"lock","state":"asleep"}"#]))
        }
    }
}
