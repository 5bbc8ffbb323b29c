import Testing
import XgestConfig
import XgestCore

/// `xgest replay` drops the steps of a repeating binding whose events come faster than the
/// daemon runs them (one event's steps per 8 ms), on the trace's own clock, and says how many.
@Suite struct ReplayRateLimitTests {
    @Test func stepsFasterThanTheDaemonRunsThemAreDroppedAndCounted() throws {
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
        // Ten steps of 100 px: five 2 ms apart, then five 10 ms apart.
        var lines = [#"{"t":0,"dev":8,"type":"swipe-begin","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#]
        var t = 0.0
        for k in 0..<10 {
            t += k < 5 ? 0.002 : 0.010
            lines.append(#"{"t":\#(t),"dev":8,"type":"swipe-update","fingers":3,"dx":100,"dy":0,"x":500,"y":500}"#)
        }
        lines.append(#"{"t":\#(t + 0.01),"dev":8,"type":"swipe-end","fingers":3,"dx":0,"dy":0,"x":500,"y":500}"#)
        let trace = try TraceDecoder.read(traceText(lines))
        let (records, summary) = try DryRun.report(trace, bindings: config.bindingSet())
        let actions = records.compactMap { r -> String? in
            if case .action(let a) = r { return a.text }
            return nil
        }
        // The swipe begins at the first update (2 ms: Alt down and a Tab); the steps at 4, 6
        // and 8 ms come within 8 ms of it and are dropped, the one at 10 ms runs; the five
        // slower ones run; Alt goes up at the end, which a limit never drops.
        #expect(actions == ["key-down alt"] + Array(repeating: "key Tab", count: 7) + ["key-up alt"], "\(actions)")
        #expect(summary.droppedSteps == 3)
        // Each dropped step is a line, as the daemon's trace has it.
        let dropped = records.compactMap { r -> String? in
            if case .skipped(let a, let reason) = r { return "\(a.invocation.time) \(a.text) \(reason)" }
            return nil
        }
        #expect(
            dropped
                == [0.004, 0.006, 0.008].map {
                    "\(EventTime(seconds: $0)) key Tab dropped: the binding ran the steps of an event less than 8 ms ago"
                }, "\(dropped)")
        #expect(
            summary.description.hasSuffix("(3 steps dropped: their events came faster than one per 8 ms)"), "\(summary)"
        )
    }
}
