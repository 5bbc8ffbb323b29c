/// Runs a trace through an engine with no display: the trace's window records build the
/// ``WindowStack`` the engine hit-tests against, and timers still pending after the last
/// record fire at their deadlines. The same trace and registrations always give the same
/// outputs.
public enum TraceReplay {
    /// Bounds the timers fired after the last record, against a recognizer that re-arms forever.
    public static let maximumTrailingTimers = 10_000

    public static func run(
        _ trace: Trace, registrations: [RecognizerRegistration], settings: EngineSettings = EngineSettings()
    ) throws(EngineConfigurationError) -> [EngineOutput] {
        let screen = Rect(
            x: 0, y: 0, width: Double(trace.header.screenWidth), height: Double(trace.header.screenHeight))
        var stack = WindowStack()
        var engine = try GestureEngine(
            registrations: registrations, hitTesting: stack, screen: screen, settings: settings)
        engine.setLayout(trace.header.layout)
        var out: [EngineOutput] = []
        for r in trace.records {
            switch r {
            case .input(let e):
                engine.process(e, into: &out)
            case .window(let t, let w):
                // Timers due before the window changed fire against the old stack.
                engine.advance(to: t, into: &out)
                stack.place(w)
                engine.hitTesting = stack
            case .windowClosed(let t, let id):
                engine.advance(to: t, into: &out)
                stack.close(id: id)
                engine.hitTesting = stack
            }
        }
        // The trace is over: a frame still deferred is complete.
        engine.flush(into: &out)
        var fired = 0
        while let d = engine.nextDeadline, fired < maximumTrailingTimers {
            engine.advance(to: d, into: &out)
            fired += 1
        }
        return out
    }
}
