import XgestCore
import XgestDaemon
import XgestX11

/// An input side that applies nothing: it keeps each ownership effect the daemon asks
/// for, as a line, in order.
final class RecordingEffects: OwnershipEffects {
    private(set) var lines: [String] = []
    var isScreenLocked = false
    var holdsTouchVerdicts = false

    func accept(device: Int, touches: [UInt32]) { lines.append("accept \(device) \(touches)") }
    func handBack(device: Int, touches: [UInt32]) { lines.append("hand back \(device) \(touches)") }
    func share(device: Int, touches: [UInt32]) { lines.append("share \(device) \(touches)") }
    func keep(pressOf button: Int, device: Int) { lines.append("keep press \(button)") }

    func handBack(pressOf button: Int, device: Int) -> PressHandBack {
        lines.append("hand back press \(button)")
        return .nothingHeld
    }

    /// The line a decision stands for, as the daemon applies it.
    static func line(_ d: OwnershipDecision) -> String? {
        switch d.deviceKind {
        case .touchscreen:
            let verb = d.verdict == .accept ? "accept" : d.shared ? "share" : "hand back"
            return "\(verb) \(d.device) \(d.touchIDs)"
        case .pointer:
            guard let button = d.button else { return nil }
            return d.verdict == .accept ? "keep press \(button)" : "hand back press \(button)"
        case .touchpad, .keyboard:
            return nil
        }
    }
}

/// A trace run through ``DaemonCore`` as the daemon runs its input: the same engine
/// settings, each event processed as it comes, window changes applied between events,
/// the last frame flushed and the timers fired at the end; the monotonic clock the rate
/// limit reads follows the events' own time.
struct DaemonRun {
    let effects = RecordingEffects()
    let core: DaemonCore
    private let clock: ManualClock

    final class ManualClock: @unchecked Sendable {
        var microseconds: UInt64 = 0
    }

    /// `registrations` and `perDevice`: a config made at several densities
    /// (``PreparedConfig``); by default `bindings`' own, at one.
    init(
        _ trace: Trace, bindings: BindingSet, registrations: [RecognizerRegistration]? = nil,
        perDevice: [Int: BindingSet] = [:], locked: Bool = false
    ) throws {
        let clock = ManualClock()
        self.clock = clock
        effects.isScreenLocked = locked
        let screen = Rect(
            x: 0, y: 0, width: Double(trace.header.screenWidth), height: Double(trace.header.screenHeight))
        var engine = try GestureEngine(
            registrations: registrations ?? bindings.registrations(), hitTesting: WindowStack(), screen: screen,
            settings: DaemonCore.engineSettings(bindings, tracing: false))
        engine.setLayout(trace.header.layout)
        core = DaemonCore(
            engine: engine, bindings: bindings, perDevice: perDevice, effects: effects, executor: RecordingExecutor(),
            trace: nil,
            monotonicMicroseconds: { clock.microseconds })
        var stack = WindowStack()
        for r in trace.records {
            switch r {
            case .input(let e):
                clock.microseconds = e.time.microseconds
                core.process(e, startTarget: nil)
            case .window(let t, let w):
                stack.place(w)
                core.windowsChanged(at: t, hitTesting: stack)
            case .windowClosed(let t, let id):
                stack.close(id: id)
                core.windowsChanged(at: t, hitTesting: stack)
            case .device:
                break
            case .screen(let t, let screen):
                core.setLayout(screen.layout, at: t)
            case .lock(let t, let event):
                // As GestureDaemon does with the source's lock events.
                core.advance(to: t)
                switch event {
                case .locked:
                    effects.isScreenLocked = true
                    core.screenLockChanged()
                case .unlocked:
                    effects.isScreenLocked = false
                    core.screenLockChanged()
                case .covered:
                    for device in core.engine.busyDevices(of: .pointer) {
                        core.cancelSequence(device: device, at: t, reason: .screenLocked)
                    }
                case .handedBack: break
                }
            }
        }
        core.flush()
        var fired = 0
        while let d = core.nextDeadline, fired < TraceReplay.maximumTrailingTimers {
            clock.microseconds = d.microseconds
            core.advance(to: d)
            fired += 1
        }
    }

    var recording: RecordingExecutor { core.executor as? RecordingExecutor ?? RecordingExecutor() }

    /// `binding state: action text` for each action the daemon ran.
    var actionLines: [String] {
        recording.invocations.map { "\($0.binding) \($0.state): \(Self.text($0.action))" }
    }

    static func text(_ a: Action) -> String { "\(a)" }
}
