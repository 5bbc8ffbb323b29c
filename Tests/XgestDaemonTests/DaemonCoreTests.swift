import Foundation
import Testing
import XgestConfig
import XgestCore
import XgestDaemon
import XgestX11

/// The daemon's own rules around the engine, in-process: what a locked screen lets
/// through, the rate limit on a binding's steps, and releasing what actions hold.
@Suite struct DaemonCoreTests {
    /// The documented window switcher (docs/examples/window-switcher.toml): Alt down when
    /// a three-finger swipe right begins, Tab at every 100 px, Shift+Tab at every step back.
    static let switcher = windowSwitcherExample()

    final class Clock: @unchecked Sendable {
        var microseconds: UInt64 = 0
    }

    struct Session {
        let effects = RecordingEffects()
        let clock = Clock()
        /// The X server's time now, as the daemon would learn it; 0 leaves no gesture stale.
        let serverClock = Clock()
        let core: DaemonCore

        init(_ source: String, trace: DebugTrace? = nil, executor: RecordingExecutor = RecordingExecutor()) throws {
            let result = XgestConfiguration.load(source: source, file: "test.toml", isKnownKeysym: isKnownKeysym)
            let bindings = try #require(result.configuration, "\(result.renderedDiagnostics())").bindingSet()
            let engine = try GestureEngine(
                registrations: bindings.registrations(), screen: Rect(x: 0, y: 0, width: 1920, height: 1080),
                settings: DaemonCore.engineSettings(bindings, tracing: trace != nil))
            let clock = clock
            core = DaemonCore(
                engine: engine, bindings: bindings, effects: effects, executor: executor, trace: trace,
                monotonicMicroseconds: { clock.microseconds })
            let serverClock = serverClock
            core.serverNow = { EventTime(microseconds: serverClock.microseconds) }
        }

        var recording: RecordingExecutor { core.executor as? RecordingExecutor ?? RecordingExecutor() }
        var actions: [String] { recording.invocations.map { "\($0.action)" } }

        /// A touchpad swipe event at `ms`, the clock at the same time.
        func swipe(_ phase: GesturePhase, dx: Double = 0, at ms: UInt64, cancelled: Bool = false) {
            clock.microseconds = ms * 1000
            let sample = TouchpadSwipe(
                phase: phase, fingers: 3, delta: Point(x: dx, y: 0), cancelled: cancelled,
                location: Point(x: 500, y: 500))
            core.process(
                InputEvent(
                    time: EventTime(microseconds: ms * 1000), device: 8, deviceKind: .touchpad,
                    payload: .touchpadSwipe(sample)), startTarget: .desktop)
        }

        /// A two-finger touchpad pinch event at `ms` with the scale since its begin, the clock at the same time.
        func pinch(_ phase: GesturePhase, scale: Double, at ms: UInt64) {
            clock.microseconds = ms * 1000
            let sample = TouchpadPinch(
                phase: phase, fingers: 2, delta: .zero, scale: scale, angleDeltaDegrees: 0,
                location: Point(x: 500, y: 500))
            core.process(
                InputEvent(
                    time: EventTime(microseconds: ms * 1000), device: 8, deviceKind: .touchpad,
                    payload: .touchpadPinch(sample)), startTarget: .desktop)
        }
    }

    @Test func behindALockerOnlyTheReleaseRuns() throws {
        let s = try Session(Self.switcher)
        s.swipe(.begin, at: 0)
        s.swipe(.update, dx: 60, at: 10)
        #expect(s.actions == ["keyDown(Alt_L)", "key(Tab)"])
        s.effects.isScreenLocked = true
        s.swipe(.update, dx: 100, at: 20)
        s.swipe(.end, at: 30)
        // The Tab step is not run behind the locker; Alt is still let go.
        #expect(s.actions == ["keyDown(Alt_L)", "key(Tab)", "keyUp(Alt_L)"])
        #expect(!s.recording.holdsInput)
    }

    @Test func stepsOfOneBindingCloserThan8msAreDroppedButTheReleaseIsNot() throws {
        let s = try Session(Self.switcher)
        s.swipe(.begin, at: 0)
        s.swipe(.update, dx: 60, at: 10)
        // Steps of two events 2 ms apart on the clock (200 and 300 px): the second is dropped.
        s.swipe(.update, dx: 140, at: 20)
        s.swipe(.update, dx: 100, at: 22)
        s.swipe(.end, at: 23)
        #expect(s.actions == ["keyDown(Alt_L)", "key(Tab)", "key(Tab)", "keyUp(Alt_L)"])
    }

    /// A repeating zoom (`repeat-scale` 1.25): a fast spread to 2.5 times the fingers'
    /// start crosses four steps, the pinch's begin included, and a close back to the start
    /// in one update four back, each event's steps all run. The begin zoomed in once, and
    /// of the close's four steps, in one event, one ran: "faster than one per 8 ms".
    @Test func aFastPinchRunsEveryStepOfEachEventAndClosingUndoesThemAll() throws {
        let out = try TracePipe()
        let s = try Session(
            """
            [[gesture]]
            name = "zoom"
            kind = "pinch"
            device = "touchpad"
            fingers = 2
            direction = "out"
            repeat = true
            action = "key ctrl+plus"
            reverse-action = "key ctrl+minus"
            """, trace: out.trace)
        s.pinch(.begin, scale: 1, at: 0)
        s.pinch(.update, scale: 2.5, at: 10)
        s.pinch(.update, scale: 1, at: 30)
        s.pinch(.end, scale: 1, at: 40)
        let plus = "key(Control_L+plus)"
        let minus = "key(Control_L+minus)"
        #expect(s.actions == Array(repeating: plus, count: 4) + Array(repeating: minus, count: 4), "\(s.actions)")
        #expect(!out.said().contains("dropped"))
    }

    /// A repeating binding with nothing to run when its gesture ends: the count of the
    /// steps dropped is said at that end, not at the binding's next gesture (or never).
    @Test func theDroppedStepsAreCountedWhenTheGestureEnds() throws {
        let out = try TracePipe()
        let s = try Session(
            """
            [[gesture]]
            name = "next"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            direction = "right"
            repeat = true
            action = "key Tab"
            """, trace: out.trace)
        s.swipe(.begin, at: 0)
        s.swipe(.update, dx: 120, at: 10)
        s.swipe(.update, dx: 120, at: 12)
        s.swipe(.update, dx: 120, at: 13)
        #expect(s.actions == ["key(Tab)"])
        let lines = out.said()
        #expect(
            lines.contains(
                "next: its gesture's events come faster than one per 8 ms; dropping the steps of the extra ones"))
        // With --debug, each dropped step has its action line, named by its binding.
        let dropped = lines.split(separator: "\n").filter {
            $0.contains("action") && $0.contains("next: key Tab")
                && $0.contains("skipped: dropped: the binding ran the steps of an event less than 8 ms ago")
        }
        #expect(dropped.count == 2)
        s.swipe(.end, at: 14)
        #expect(out.said().contains("next: 2 steps dropped"))
    }

    /// Commands dropped because too many run: one line for the burst without --debug, and
    /// with it every dropped `exec` traced under its binding.
    @Test func eachExecDroppedForTooManyCommandsIsTracedWithItsBinding() throws {
        let out = try TracePipe()
        let s = try Session(
            """
            [[gesture]]
            name = "terminal"
            kind = "swipe"
            device = "touchpad"
            fingers = 3
            direction = "right"
            action = "exec xterm"
            """, trace: out.trace,
            executor: RecordingExecutor(outcome: .failed(reason: X11ActionExecutor.tooManyChildrenReason)))
        for start: UInt64 in [0, 100] {
            s.swipe(.begin, at: start)
            s.swipe(.update, dx: 200, at: start + 10)
            s.swipe(.end, at: start + 20)
        }
        let lines = out.said().split(separator: "\n")
        // Execs start again once a command counted exits or has run longer than the window.
        let dropping = lines.filter { $0.contains("dropping exec actions") }
        #expect(dropping.count == 1)
        #expect(
            dropping.allSatisfy {
                $0.hasSuffix(
                    "terminal: \(X11ActionExecutor.tooManyChildrenReason); dropping exec actions until one of them"
                        + " exits or has run for 10 s")
            }, "\(dropping)")
        let traced = lines.filter {
            $0.contains("action") && $0.contains("terminal: exec xterm")
                && $0.contains("failed: \(X11ActionExecutor.tooManyChildrenReason)")
        }
        #expect(traced.count == 2)
    }

    /// A pointer action's line names the pixel it puts the pointer on: a pan's end line has
    /// its remaining fingers' centroid (1650.5,800 with one of two lifted), where the drag
    /// is not released, and a location between pixels is pressed on the pixel below it.
    @Test func aPointerActionsLineSaysThePixelThePointerGoesTo() throws {
        let out = try TracePipe()
        func line(_ action: Action, _ state: GestureState, at location: Point) -> String {
            let i = ActionInvocation(
                action: action, binding: "b", gestureKind: .pan, fingers: 2, direction: nil, target: .desktop,
                location: location, time: .zero, state: state)
            out.trace.action(
                DispatchedAction(invocation: i, text: "\(action)", isReverse: false), outcome: .done, microseconds: 0)
            return out.said()
        }
        #expect(
            line(.drag(button: 1), .ended, at: Point(x: 1600.5, y: 800)).contains(
                ": drag(button: 1) at 1600,800 on desktop"))
        #expect(line(.click(button: 3), .recognized, at: Point(x: 10.9, y: 20.2)).contains(" at 10,20 on desktop"))
        // A cancelled drag is let go where the pointer is; keys go nowhere on the screen.
        #expect(!line(.drag(button: 1), .cancelled, at: Point(x: 5, y: 5)).contains(" at "))
        #expect(!line(.key(KeyCombo(keysyms: ["a"])), .recognized, at: Point(x: 5, y: 5)).contains(" at "))
    }

    /// The bindings of a section for another window turn a touch down together: one
    /// --debug line names them all (300 sections of ten wrote 3,000 lines a touch), and
    /// a binding turning it down for a reason of its own keeps its line.
    @Test func bindingsTurningATouchDownForOneReasonShareALine() throws {
        let out = try TracePipe()
        let s = try Session(
            """
            [[gesture]]
            name = "tap"
            kind = "tap"
            device = "touchscreen"
            action = "key a"

            [[gesture]]
            name = "top"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            region = { x = 0, y = 0, width = "100%", height = "10%" }
            action = "key b"

            [[app]]
            class = "firefox"
            [[app.gesture]]
            name = "ff-tap2"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "key c"
            [[app.gesture]]
            name = "ff-tap3"
            kind = "tap"
            device = "touchscreen"
            fingers = 3
            action = "key d"
            """, trace: out.trace)
        s.core.process(
            InputEvent(
                time: .zero, device: 6, deviceKind: .touchscreen,
                payload: .touch(TouchSample(id: 1, phase: .begin, location: Point(x: 300, y: 800)))),
            startTarget: .desktop)
        let lines = out.said().split(separator: "\n").filter { $0.contains("not receiving") }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.contains { $0.contains("transition ff-tap2, ff-tap3 possible → failed (not receiving: not in") })
        #expect(
            lines.contains {
                $0.contains("transition top possible → failed (not receiving: starts outside its region)")
            })
    }

    /// A --debug trace written into a pipe, read back without blocking.
    final class TracePipe {
        private let readEnd: Int32
        private let writeEnd: Int32
        let trace: DebugTrace

        init() throws {
            var fds: [Int32] = [0, 0]
            try #require(pipe(&fds) == 0)
            (readEnd, writeEnd) = (fds[0], fds[1])
            trace = DebugTrace(output: FileOutput(fd: writeEnd))
            #expect(fcntl(readEnd, F_SETFL, O_NONBLOCK) == 0)
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        /// What was written since the last call.
        func said() -> String {
            var buffer = [UInt8](repeating: 0, count: 65536)
            let n = read(readEnd, &buffer, buffer.count)
            return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
        }
    }

    /// Gestures read long after they were made (the daemon stopped with SIGSTOP, or behind
    /// a flood) ran every action when read: a key went to whatever had the focus by then.
    /// Now an action of a gesture more than 2 s old in server time is not run, but what lets
    /// go of a held key still is; a fresh gesture after runs, and two lines say how far
    /// behind the daemon was and how many actions were not run.
    @Test func aGestureReadLongAfterItWasMadeRunsNothingButItsRelease() throws {
        let out = try TracePipe()
        let s = try Session(Self.switcher, trace: out.trace)
        s.serverClock.microseconds = 30_000_000
        s.swipe(.begin, at: 0)
        s.swipe(.update, dx: 160, at: 10)
        s.swipe(.end, at: 20)
        #expect(s.actions == ["keyUp(Alt_L)"])
        let said = out.said()
        #expect(
            said.contains(
                "reading input made 30.0 s ago (xgest was stopped or fell behind): the actions of gestures older than"
                    + " 2 s are not run"))
        #expect(said.contains("skipped: not run: its gesture was made 30.0 s ago, more than 2 s"))
        // Made 1.9 s before the server's time: it runs.
        s.swipe(.begin, at: 28_100)
        s.swipe(.update, dx: 60, at: 28_110)
        s.swipe(.end, at: 28_120)
        #expect(s.actions == ["keyUp(Alt_L)", "keyDown(Alt_L)", "key(Tab)", "keyUp(Alt_L)"])
        #expect(out.said().contains("2 actions not run: their gestures were more than 2 s old when read"))
    }

    @Test func stoppingMidGestureReleasesWhatActionsHold() throws {
        let s = try Session(Self.switcher)
        s.swipe(.begin, at: 0)
        s.swipe(.update, dx: 60, at: 10)
        #expect(s.recording.holdsInput)
        #expect(!s.core.isIdle)
        s.core.releaseHeldInput(because: "stopping")
        #expect(!s.recording.holdsInput)
        #expect(s.recording.releasedAll == 1)
    }

    @Test func aHandedBackTouchGoesBackAndItsLaterEventsDecideNothing() throws {
        let s = try Session(
            """
            [[gesture]]
            name = "two-tap"
            kind = "tap"
            device = "touchscreen"
            fingers = 2
            action = "key a"
            """)
        func touch(_ id: UInt32, _ phase: TouchPhase, x: Double, at ms: UInt64) {
            s.core.process(
                InputEvent(
                    time: EventTime(microseconds: ms * 1000), device: 6, deviceKind: .touchscreen,
                    payload: .touch(TouchSample(id: id, phase: phase, location: Point(x: x, y: 300)))),
                startTarget: .desktop)
        }
        touch(1, .begin, x: 300, at: 0)
        // The lone finger moves like a drag: handed back at once, and ended for xgest.
        touch(1, .update, x: 340, at: 8)
        s.core.flush()
        #expect(s.effects.lines == ["hand back 6 [1]"])
        #expect(s.core.isIdle)
        touch(1, .update, x: 380, at: 16)
        touch(1, .end, x: 400, at: 24)
        s.core.flush()
        #expect(s.effects.lines == ["hand back 6 [1]"])
        #expect(s.actions.isEmpty)
    }
}

/// docs/examples/window-switcher.toml, read from the source tree.
private func windowSwitcherExample() -> String {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/examples/window-switcher.toml").path
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
