/// Runs a trace through an engine with no display: the trace's window records build the
/// ``WindowStack`` the engine hit-tests against, and timers still pending after the last
/// record fire at their deadlines. The same trace and registrations always give the same
/// outputs.
///
/// Records are fed one at a time, so that a trace read line by line never has to be held
/// whole (`xgest replay` of a 60 MB trace).
public struct TraceReplay {
    /// Bounds the timers fired after the last record, against a recognizer that re-arms forever.
    public static let maximumTrailingTimers = 10_000

    private var engine: GestureEngine
    private var stack = WindowStack()

    public init(
        header: TraceHeader, registrations: [RecognizerRegistration], settings: EngineSettings = EngineSettings()
    ) throws(EngineConfigurationError) {
        let screen = Rect(x: 0, y: 0, width: Double(header.screenWidth), height: Double(header.screenHeight))
        engine = try GestureEngine(registrations: registrations, hitTesting: stack, screen: screen, settings: settings)
        engine.setLayout(header.layout)
    }

    /// The engine's outputs for one record, appended to `out`.
    public mutating func feed(_ record: TraceRecord, into out: inout [EngineOutput]) {
        switch record {
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
        case .device:
            // The engine takes a device at its first event.
            break
        case .screen(let t, let screen):
            // As the daemon does: the sequences starting from here run on the new layout,
            // and a new root size cancels the touchscreen sequences in progress.
            engine.advance(to: t, into: &out)
            engine.setLayout(screen.layout, at: t, into: &out)
        case .lock(let t, .covered):
            // As the daemon does: it lets go of the stroke's button for the locker's grab.
            engine.advance(to: t, into: &out)
            for device in engine.busyDevices(of: .pointer) {
                engine.cancelSequence(device: device, at: t, reason: .screenLocked, into: &out)
            }
        case .lock(let t, _):
            // Input made while locked is not in the trace; what runs is the session's.
            engine.advance(to: t, into: &out)
        }
    }

    /// What the engine owes before `e`: a deferred frame `e` does not continue, the timers
    /// due by its time (``GestureEngine/catchUp(to:into:)``).
    public mutating func catchUp(to e: InputEvent, into out: inout [EngineOutput]) {
        engine.catchUp(to: e, into: &out)
    }

    /// The devices with a sequence under way.
    public var busyDevices: [Int] { engine.busyDevices }

    /// Whether `device` has a sequence under way.
    public func isBusy(device: Int) -> Bool { engine.isBusy(device: device) }

    /// Fires the timers due by `time`.
    public mutating func advance(to time: EventTime, into out: inout [EngineOutput]) {
        engine.advance(to: time, into: &out)
    }

    /// What the daemon knows when a touchpad gesture begins at `location`: the window the
    /// trace puts there, the modifiers its last modifiers record held, the monitor there.
    public func touchpadStart(
        _ type: TouchpadClaims.GestureType, fingers: Int, device: Int, at location: Point
    ) -> TouchpadClaims.Start {
        let area = engine.layout.area(device: device, kind: .touchpad, at: location)
        return TouchpadClaims.Start(
            type: type, fingers: fingers, target: stack.hitTest(location), location: location,
            modifiers: engine.modifiers, screen: area.rect, monitor: area.monitor, monitorIsPrimary: area.isPrimary)
    }

    /// The trace is over: a frame still deferred is complete, and the timers still pending
    /// fire at their deadlines (at most ``maximumTrailingTimers``).
    public mutating func finish(into out: inout [EngineOutput]) {
        engine.flush(into: &out)
        var fired = 0
        while let d = engine.nextDeadline, fired < Self.maximumTrailingTimers {
            engine.advance(to: d, into: &out)
            fired += 1
        }
    }

    /// A whole trace held in memory.
    public static func run(
        _ trace: Trace, registrations: [RecognizerRegistration], settings: EngineSettings = EngineSettings()
    ) throws(EngineConfigurationError) -> [EngineOutput] {
        var replay = try TraceReplay(header: trace.header, registrations: registrations, settings: settings)
        var out: [EngineOutput] = []
        for r in trace.records { replay.feed(r, into: &out) }
        replay.finish(into: &out)
        return out
    }
}
