import SystemPackage
import XgestConfig
import XgestCore
import XgestSystem
import XgestX11

/// The daemon end to end on an X server: captured input → ``DaemonCore`` (engine,
/// ownership decisions, dispatcher, actions) → the X server; plus what only a live
/// session has: the monitors, the feedback overlay, config reloads, children, the clock.
public final class GestureDaemon {
    public let source: X11InputSource
    public let executor: X11ActionExecutor
    private let hitTesting: CapturedHitTesting
    private let core: DaemonCore
    private let trace: DebugTrace?
    private var clock = ServerClock()
    /// A valid config read while sequences were in flight, applied once the engine is idle.
    private var pendingConfiguration: PreparedConfig?
    /// The pending config is a save's, not the running one converted at a new density.
    private var pendingIsASave = false
    /// The density changed as a reload was asked for (SIGHUP): the config read converts
    /// at it, and the running one is converted only if that read is refused.
    private var densityAwaitsReload = false
    /// No gestures: every touch is handed back at its first event.
    private let passThrough: PassThroughPolicy?
    /// The config running, converted again when the density changes.
    private var configuration: LoadedConfig
    private var screens: ScreenTracking
    /// The screen events read since the layout was last read (`xrandr --fb` alone sends
    /// about twenty), read once before the next input event or at the end of the pass.
    private var screenChanges: [String] = []
    /// The on-screen trail and label (`[feedback]`); nil when off or unavailable. Fed after
    /// the engine and drawn after the actions of each pass: the engine never waits on it.
    private var feedback: FeedbackOverlay?
    private var keymapRestore = KeymapRestoreTimer()
    private var unwatchedChildren = UnwatchedChildrenTimer()
    private var splitFrameHold = SplitFrameHold()

    public init(
        source: X11InputSource, configuration: LoadedConfig, trace: DebugTrace?, passThrough: Bool = false
    ) throws(CLIError) {
        self.source = source
        self.trace = trace
        self.passThrough = passThrough ? PassThroughPolicy(ownership: source.ownership) : nil
        var options = X11ActionExecutor.Options()
        options.keymapRestore = .whenAsked
        executor = X11ActionExecutor(
            display: source.display, options: options, keyboardGrabProbe: source.keyboardGrabProbe)
        hitTesting = CapturedHitTesting(source: source)
        self.configuration = configuration
        screens = ScreenTracking(display: source.display, touchscreens: source.touchscreenIDs)
        source.layout = screens.layout
        let prepared = PreparedConfig(
            configuration, pixelsPerMillimeter: screens.density.pixelsPerMillimeter,
            touchscreenDensities: screens.touchscreenDensities)
        let bindings = prepared.bindings
        var engine = try Self.makeEngine(
            prepared, display: source.display, hitTesting: hitTesting, tracing: trace != nil)
        engine.setLayout(screens.layout)
        core = DaemonCore(
            engine: engine, bindings: bindings, perDevice: prepared.perDevice, effects: source, executor: executor,
            trace: trace)
        if let line = executor.releaseLeftoverInput() { core.say(line) }
        if let line = executor.accessXNotice(reading: true) { trace?.note(line) }
        // Pass-through runs no engine, so nothing would hand a grabbed press back.
        source.setStrokeTriggers(passThrough ? [] : Self.strokeTriggers(bindings))
        source.drawnPresses = Self.drawnPresses(configuration, bindings)
        do {
            try source.setTouchpadClaims(passThrough ? .nothing : TouchpadClaims(bindings))
            trace?.note(Self.describeTouchpadGrabs(source))
            try source.setTouchGrab(passThrough || Self.takesTouchscreen(bindings))
            try source.setTouchSharing(!passThrough && bindings.sharesTouches)
        } catch {
            throw Self.captureRefused(error, display: source.display.name)
        }
        if !source.grabsTouches { trace?.note(Self.noTouchGrab) }
        if !passThrough {
            feedback = FeedbackSetup.update(nil, for: configuration, bindings: bindings, source: source, say: core.say)
            trace?.note(
                feedback.map { $0.scale > 1 ? "feedback: on, drawn at \($0.scale)× (Xft.dpi)" : "feedback: on" }
                    ?? "feedback: off")
        }
        core.observer = { [weak self] in self?.feedback?.observe($0) }
        core.actionMissed = { [weak self] in self?.feedback?.actionMissed($0, $1) }
        core.serverNow = { [weak self] in self?.serverNow() }
        core.deviceName = { [weak self] in self?.source.devices[$0]?.name }
        source.touchVerdictsSent = { [weak self] in self?.core.touchVerdictsSent() }
        source.topLevelDestroyed = { [weak self] in self?.feedback?.topLevelDestroyed($0) }
        source.compositorChanged = { [weak self] in self?.feedback?.compositorChanged(owner: $0) }
        source.followsActiveWindow = trace != nil
        trace?.focusedWindow = { [weak source] in source?.activeWindowNow() }
        source.pressNotReplayed = { [weak self] button, gone in
            self?.trace?.note(DaemonCore.pressNotReplayed(button: button, gone: gone))
        }
        for line in screens.describe(deviceName: deviceName) { trace?.note(line) }
        for line in screens.takeOffScreenWarnings(deviceName: deviceName) { core.say(line) }
        // After the density: the pixels are the ones it gives. Not in pass-through mode,
        // where every touch is handed back at once and no binding holds one.
        if !passThrough { for hold in Self.touchscreenHolds(prepared, deviceName: deviceName) { trace?.note(hold) } }
        if source.isScreenLocked { trace?.note("locked: gestures paused") }
    }

    /// Why the daemon cannot start: a grab its bindings need is another client's.
    static func captureRefused(_ error: X11Error, display: String) -> CLIError {
        guard case .grabTaken(let grab) = error else {
            return CLIError("cannot capture input on \(display): \(error.description)")
        }
        return CLIError(
            "cannot capture input on \(display): the \(grab.neededBy) need \(grab), and another client holds it"
                + " (\(grab.likelyHolders)); stop it first")
    }

    /// A grab the running bindings need that xgest could not take: which one, who may hold
    /// it, and that it is taken once free (``X11InputSource/retakeGrabs(at:_:)``).
    static func grabMissing(_ error: X11Error) -> String {
        guard case .grabTaken(let grab) = error else { return "cannot grab: \(error.description)" }
        return "\(grab.neededBy) inactive: another client holds \(grab) (\(grab.likelyHolders)); xgest takes it"
            + " once that client lets go, and says so"
    }

    static let noTouchGrab = "touchscreen: no binding, touches not grabbed: applications get them all"

    /// Whether any binding takes touchscreen input: without one, xgest holds no touch.
    static func takesTouchscreen(_ bindings: BindingSet) -> Bool {
        bindings.entries.contains { $0.device == .touchscreen }
    }

    private func deviceName(_ id: Int) -> String { source.devices.label(of: id) }

    private func noteScreenChange(_ reason: String) {
        if !screenChanges.contains(reason) { screenChanges.append(reason) }
    }

    /// The area a sequence starting with `e` runs on, as the engine takes it
    /// (``ScreenLayout/area(device:kind:at:)``), and the layout, for the trace's line.
    private func sequenceArea(_ e: InputEvent) -> (ScreenArea, ScreenLayout)? {
        guard let kind = source.devices[e.device]?.kind, let p = e.startPoint else { return nil }
        return (source.layout.area(device: e.device, kind: kind, at: p), source.layout)
    }

    /// Reads the layout again if screen events came since it was last read.
    private func applyScreenChanges() {
        guard !screenChanges.isEmpty else { return }
        refreshScreens(because: screenChanges.joined(separator: ", "))
        screenChanges.removeAll()
    }

    /// The monitors or a mapping may have changed: the next sequence runs on the new
    /// layout, and a new density converts the config again once no sequence is in flight.
    /// `xrandr --setmonitor` and `--delmonitor` send no event at all: SIGHUP reads the
    /// monitors again; the reload that `reloadFollows` makes the bindings at the new
    /// density, so they are not made (and printed) twice.
    func refreshScreens(because reason: String, reloadFollows: Bool = false) {
        let changed = screens.refresh(display: source.display, touchscreens: source.touchscreenIDs)
        // Before the check: a matrix off the screen leaves the layout as an unmapped one's.
        for line in screens.takeOffScreenWarnings(deviceName: deviceName) { core.say(line) }
        guard changed.layout || changed.density else {
            trace?.note("\(reason): monitors unchanged")
            return
        }
        trace?.note("\(reason): monitors changed")
        for line in screens.describe(deviceName: deviceName) { trace?.note(line) }
        source.layout = screens.layout
        core.setLayout(screens.layout, at: clock.estimatedNow ?? core.now)
        if changed.density, reloadFollows {
            densityAwaitsReload = true
        } else if changed.density, pendingConfiguration == nil {
            pendingConfiguration = PreparedConfig(
                configuration, pixelsPerMillimeter: screens.density.pixelsPerMillimeter,
                touchscreenDensities: screens.touchscreenDensities)
            applyPendingConfiguration()
        }
    }

    /// Which touchpad gestures xgest grabs, for the trace.
    static func describeTouchpadGrabs(_ source: X11InputSource) -> String {
        let types = TouchpadClaims.GestureType.allCases.filter(source.grabbedTouchpadGestures.contains)
        guard !types.isEmpty else { return "touchpad gestures: none grabbed, applications get them all" }
        return "touchpad gestures grabbed: " + types.map(\.rawValue).joined(separator: ", ")
            + " (each kept when a binding of the window under the pointer can take it, else handed back)"
    }

    /// The button presses pointer stroke, pattern and scrub bindings start on: those are grabbed.
    static func strokeTriggers(_ bindings: BindingSet) -> Set<StrokeTrigger> {
        Set(
            bindings.bindings.filter { GestureAvailability.isDrawn($0.kind) && $0.devices.contains(.pointer) }.map {
                StrokeTrigger(button: $0.button ?? GestureBinding.defaultButton, modifiers: $0.conditions.modifiers)
            })
    }

    /// How far a press may get from where it was made and still be a click for every
    /// pointer binding: the least of their `stroke-distance`, short of which each stroke,
    /// pattern and scrub drawn with the pointer fails ("moved too little").
    static func clickReachPx(_ bindings: BindingSet) -> Double {
        bindings.bindings.indices.filter {
            GestureAvailability.isDrawn(bindings.bindings[$0].kind) && bindings.bindings[$0].devices.contains(.pointer)
        }.map { bindings.tunables(forBinding: $0).strokeDistancePx }.min() ?? 0
    }

    /// What becomes of a press the user drew into a stroke no binding took: nothing
    /// reaches the application once it got the least `stroke-distance` of the pointer
    /// bindings from where it was made (past it, one of them had it as a stroke, and its
    /// trail showed: ``clickReachPx(_:)``), unless `replay-unrecognized-strokes` asks for
    /// the replay. Never short of the pointer's start window (``pointerStartDistancePx(_:)``,
    /// 10 px in its first 300 ms by default): with `stroke-distance` set lower, a press that
    /// got 8 px and was held still is given up as a press held still, which is handed back
    /// whatever its reach.
    static func drawnPresses(_ loaded: LoadedConfig, _ bindings: BindingSet) -> DrawnPressFate {
        loaded.configuration.settings.replaysUnrecognizedStrokes
            ? .replayed : .discarded(pastPx: max(clickReachPx(bindings), pointerStartDistancePx(bindings)))
    }

    /// How far a press must get from where it was made, within the start window, for a
    /// pointer binding to take it as a stroke: the least `pointer-stroke-start-distance`
    /// of the pointer bindings (the default with none).
    static func pointerStartDistancePx(_ bindings: BindingSet) -> Double {
        bindings.bindings.indices.filter {
            GestureAvailability.isDrawn(bindings.bindings[$0].kind) && bindings.bindings[$0].devices.contains(.pointer)
        }.map { bindings.tunables(forBinding: $0).pointerStrokeStartDistancePx }.min()
            ?? StrokeSettings(shape: "").startMovementPx
    }

    private static func makeEngine(
        _ prepared: PreparedConfig, display: XDisplay, hitTesting: CapturedHitTesting, tracing: Bool
    ) throws(CLIError) -> GestureEngine {
        let size = display.screenSize
        let screen = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        do {
            return try GestureEngine(
                registrations: prepared.registrations, hitTesting: hitTesting, screen: screen,
                settings: DaemonCore.engineSettings(prepared.bindings, tracing: tracing))
        } catch {
            throw CLIError("the config's bindings cannot run: \(error)")
        }
    }

    /// The poll() timeout for the engine's next timer, or the feedback overlay's if sooner.
    public var timeoutMilliseconds: Int32? {
        let now = DebugTrace.monotonicMicroseconds()
        let feedbackTimeout = feedback?.nextDeadlineMicroseconds.map {
            LoopDeadline.milliseconds(until: $0, nowMicroseconds: now)
        }
        let timeouts = [
            clock.timeout(until: core.nextDeadline), feedbackTimeout,
            keymapRestore.timeoutMilliseconds(nowMicroseconds: now),
            splitFrameHold.timeoutMilliseconds(nowMicroseconds: now),
            unwatchedChildren.timeoutMilliseconds(nowMicroseconds: now),
        ]
        return timeouts.compactMap { $0 }.min()
    }

    /// After a pass or a timer: unmaps the keysyms combos mapped when their second is up,
    /// and starts the second when a combo left some; says a change of the AccessX filters
    /// the pass's combos found.
    private func serviceKeymap() {
        if let line = executor.accessXNotice() { trace?.note(line) }
        let now = DebugTrace.monotonicMicroseconds()
        if keymapRestore.isDue(nowMicroseconds: now) {
            executor.restoreKeymap()
            if !executor.hasTemporaryKeymap { trace?.note("keymap: the keysyms combos mapped are unmapped again") }
        }
        keymapRestore.afterActions(
            hasTemporaryKeymap: executor.hasTemporaryKeymap, keycodesMapped: executor.keycodesMapped,
            holdsKeys: executor.holdsInput, nowMicroseconds: now)
    }

    /// One pass over the input the X server has sent, through the engine, bounded by a
    /// ``PassBudget``; the frame it ends when nothing is left. Returns whether input is
    /// left: the decisions and actions applied write to the connection, which may read
    /// more events into Xlib's queue, and a flood never empties it. The caller services
    /// signals, timers and children before the next pass.
    @discardableResult
    func drainInput() -> Bool {
        var budget = PassBudget()
        source.drain(while: { budget.allowsAnother() }) { captured in
            switch captured {
            case .input(let e, let target):
                // In the server's order: a touch after a monitor change runs on the new monitors.
                applyScreenChanges()
                clock.observe(e.time)
                // The timers due before it and the frame it ends first: their lines, earlier
                // by event time, come before its own. Untraced, processing the event does it.
                if passThrough == nil, trace != nil { core.catchUp(to: e) }
                trace?.event(
                    e, startTarget: target, deviceName: source.devices[e.device]?.name,
                    area: target == nil ? nil : sequenceArea(e))
                if let passThrough {
                    if let (decision, touch) = passThrough.decide(e) {
                        trace?.ownership(decision, device: e.device, touch: touch, at: e.time, reason: "pass-through")
                    }
                    return
                }
                feedback?.observe(e)
                core.process(e, startTarget: target)
            case .deviceAdded(let d):
                trace?.device(added: d)
                if d.kind == .touchscreen { noteScreenChange("touchscreen \(d.name) added") }
            case .screenChanged(let width, let height):
                noteScreenChange("screen changed to \(width)x\(height)")
            case .layoutMayHaveChanged(let reason):
                noteScreenChange(reason)
            case .layoutNeeded:
                applyScreenChanges()
            case .touchpadGestureHandedBack(let decision, let begin):
                clock.observe(begin.time)
                trace?.event(begin, startTarget: decision.start.target, deviceName: source.devices[begin.device]?.name)
                trace?.note(decision.note)
            case .touchpadGestureKept(let decision):
                clock.observe(decision.time)
                trace?.note(decision.note)
            case .touchpadPressHandedBack(let button, let time):
                clock.observe(time)
                trace?.note(
                    "press of button \(button) handed back: replayed at once, a touchpad's button draws no stroke")
            case .pressJoinedHeldPress(let device, let button, let from, let time):
                clock.observe(time)
                trace?.note(
                    "press of button \(button) by \(from) while \(deviceName(device))"
                        + " holds a stroke button: taken into that press, as its own button would be; the"
                        + " application gets it with the press, in the order made")
            case .strokePressTaken(let button, let time, let inARow):
                clock.observe(time)
                if StrokePressTakenNotice.isSaid(inARow: inARow) {
                    say(StrokePressTakenNotice.kept(button: button, inARow: inARow))
                } else {
                    trace?.note(StrokePressTakenNotice.taken(button: button, inARow: inARow))
                }
            case .strokePressFreed(let button, let time, let afterTaken):
                clock.observe(time)
                if afterTaken >= StrokePressTakenNotice.saidAfter {
                    say(StrokePressTakenNotice.freed(button: button))
                }
            case .grabRetaken(let grab):
                say("\(grab) taken again: the \(grab.neededBy) work again")
            case .screenLockChanged(let locked):
                trace?.lock(locked ? .locked : .unlocked, at: clock.estimatedNow ?? core.now)
                core.screenLockChanged()
            case .screenCovered:
                trace?.lock(.covered, at: clock.estimatedNow ?? core.now)
                letGoOfThePointer()
            case .handedBackWhileLocked(let what, let time):
                clock.observe(time)
                trace?.lock(.handedBack(what), at: time)
            case .deviceRemoved(let id, let name, let detached):
                trace?.device(removed: id, name: name, detached: detached)
                core.cancelSequence(device: id, at: clock.estimatedNow ?? core.now)
            case .touchscreenRemapped(let id):
                core.cancelSequence(
                    device: id, at: clock.estimatedNow ?? core.now,
                    because:
                        "its coordinate transformation matrix changed, so X puts each finger on the glass at a new place"
                )
            case .touchesKept(let device, let touches, let reason):
                trace?.note(
                    "touches \(touches.map(String.init).joined(separator: ",")) of device \(device) accepted by xgest"
                        + " itself: \(reason); no application gets them, whatever the verdict on them says")
            case .touchTaken(let device, let touch, let time, let passedOn):
                clock.observe(time)
                trace?.note(
                    passedOn
                        ? "touch \(touch) of device \(device) came to xgest only after it ended, passed on by another"
                            + " client's grab that had it first: accepted, so that it goes no further (handed on, it"
                            + " crashed Xorg 21.1.7 when that client quit); the sequence is cancelled, no binding fires"
                        : "touch \(touch) of device \(device) taken by another client (its grab came before xgest's "
                            + "and accepted the touch): the sequence is cancelled, no binding fires")
                core.cancelSequence(device: device, at: time)
            case .leftScreen(let id, let time):
                clock.observe(time)
                trace?.note(
                    "\(deviceName(id)) went onto another X screen: its gesture is"
                        + " cancelled there (xgest watches screen \(source.display.screenNumber) only)")
                core.cancelSequence(device: id, at: time)
            case .resourcesChanged(let changes):
                guard let feedback else { return }
                trace?.note(
                    "RESOURCE_MANAGER read once for its \(changes) change\(changes == 1 ? "" : "s") in this pass")
                if feedback.rescale(DesktopScale.scale(of: source.display)) {
                    trace?.note("feedback: drawn at \(feedback.scale)× (Xft.dpi changed)")
                }
            case .modifierMapChanged(let summary):
                trace?.note(summary)
            case .requestToGoneDevice(let line):
                trace?.requestToGoneDevice(line)
            case .saverStatusRead(let changes):
                trace?.note(
                    "_SCREENSAVER_STATUS read once for its \(changes) change\(changes == 1 ? "" : "s") in this pass")
            }
        }
        applyScreenChanges()
        if !source.hasQueuedEvents { flushWholeFrame() }
        applyPendingConfiguration()
        renderFeedback()
        serviceKeymap()
        serviceUnwatchedChildren()
        // Asked again: what was just applied wrote to the connection, which may have read
        // events into Xlib's queue, where poll() cannot see them.
        return source.hasQueuedEvents
    }

    /// The X queue is empty: the pending same-time frame is judged, unless it lacks a
    /// finger's update that may still be on its way (``SplitFrameHold``).
    private func flushWholeFrame() {
        if splitFrameHold.evaluatesNow(core.pendingFrame, nowMicroseconds: DebugTrace.monotonicMicroseconds()) {
            core.flush()
        }
    }

    /// Fires the timers that are due.
    func fireTimers() {
        // Last: an action a timer runs may map a keysym, or start a command.
        defer {
            serviceKeymap()
            serviceUnwatchedChildren()
        }
        if splitFrameHold.held != nil, !source.hasQueuedEvents {
            flushWholeFrame()
            applyPendingConfiguration()
            renderFeedback()
        }
        if let feedback {
            feedback.fire(nowMicroseconds: FeedbackSetup.monotonicMicroseconds())
            renderFeedback()
        }
        guard let deadline = core.nextDeadline, let now = clock.estimatedNow, deadline <= now else { return }
        // Advance exactly to the deadline: an event stamped between the deadline and the
        // estimate may still be on its way, and must not find the engine ahead of it.
        core.advance(to: deadline)
        applyPendingConfiguration()
        renderFeedback()
    }

    /// The server's time now, for the age of a gesture about to act: estimated from the
    /// events read, with a round trip first when none was made in the last 10 s (after a
    /// stop, the events read tell nothing of the time since).
    private func serverNow() -> EventTime? {
        if clock.needsCalibration { clock.calibrate(serverNow: source.now()) }
        return clock.latestNow
    }

    /// Draws what changed on the overlay; a server too slow for it turns it off.
    private func renderFeedback() {
        guard let f = feedback else { return }
        let now = FeedbackSetup.monotonicMicroseconds()
        if let failure = f.render(nowMicroseconds: now, clock: FeedbackSetup.monotonicMicroseconds) {
            feedback = nil
            core.say("feedback off: \(failure.reason)")
        } else if let shown = f.takeNewLabel() {
            trace?.note("feedback label: \(shown)")
        }
    }

    public func reapChildren() {
        for child in executor.reapChildren() {
            trace?.note("child \(child.pid) (\(child.program)) exited: \(child.termination)")
            // Said without --debug too: a bound script that fails or crashes is an action
            // that failed, though it started. A warning: the binding itself did run it.
            if trace == nil, child.failed {
                FileOutput.standardError.writeLine(
                    DisplayText.escaped(
                        DaemonCore.failureLine(
                            binding: child.origin.binding, action: child.origin.command,
                            reason: Self.failure(child.termination))),
                    priority: .warning)
            }
        }
    }

    /// After a pass or a timer: reaps the children with no pidfd when their timer is due,
    /// says why the first of them has none, and arms the timer while there are any.
    private func serviceUnwatchedChildren() {
        let now = DebugTrace.monotonicMicroseconds()
        if unwatchedChildren.isDue(nowMicroseconds: now) { reapChildren() }
        if let failure = executor.children.takeWatchFailure() { say(Self.unwatchedLine(failure)) }
        unwatchedChildren.follow(
            hasUnwatchedChildren: executor.children.hasUnwatchedChildren, nowMicroseconds: now)
    }

    /// The line for a command started with no pidfd to tell its end: once, while such
    /// children run (at the open-files limit, every command started meanwhile has none).
    static func unwatchedLine(_ failure: ChildReaper.WatchFailure) -> String {
        let origin = failure.origin
        let started = origin.command.isEmpty ? failure.program : "\(origin.binding): \(origin.command)"
        return "cannot watch child \(failure.pid) (\(started)): \(Errno(rawValue: failure.errno).reason); such"
            + " children are reaped within \(UnwatchedChildrenTimer.periodMicroseconds / 1000) ms of their end"
    }

    /// How a command that failed ended, for its line: "exited with status 3", "killed by
    /// signal 11 (SIGSEGV)".
    static func failure(_ termination: ChildReaper.Termination) -> String {
        switch termination {
        case .exited(let code): return "exited with status \(code)"
        case .signalled: return termination.description
        }
    }

    /// The density the config's millimetres are converted at now, for a reload to prepare
    /// its bindings at.
    public var pixelsPerMillimeter: Double { screens.density.pixelsPerMillimeter }
    /// The touchscreens whose monitor has a density of its own, by id, with it.
    public var touchscreenDensities: [Int: Double] { screens.touchscreenDensities }

    /// What each touchscreen binding holds, for `--debug`: with touchscreens of several
    /// densities, the lines of those with their own follow the others', each named, as
    /// their pixels differ.
    static func touchscreenHolds(_ prepared: PreparedConfig, deviceName: (Int) -> String) -> [String] {
        var lines = prepared.bindings.touchscreenHolds
        guard !prepared.perDevice.isEmpty else { return lines }
        // The touchscreens at the base density, the lowest id's own among them.
        lines = lines.map { "touchscreens not named below: " + $0 }
        for (id, set) in prepared.perDevice.sorted(by: { $0.key < $1.key }) {
            let ppm = prepared.touchscreenDensities[id] ?? prepared.pixelsPerMillimeter
            let name = "touchscreen \(deviceName(id))" + ScreenDensity.described(ppm)
            lines += set.touchscreenHolds.map { name + ": " + $0 }
        }
        return lines
    }

    /// A line for the user: on the trace with `--debug`, else on standard error.
    func say(_ line: String) { core.say(line) }

    /// Takes a newly loaded config: at once when no sequence is in flight, else when the
    /// engine is next idle (a rebuilt engine would leave held touches undecided).
    public func reload(_ configuration: PreparedConfig) {
        pendingConfiguration = configuration
        pendingIsASave = true
        densityAwaitsReload = false
        applyPendingConfiguration()
        if pendingConfiguration != nil { trace?.note("config loaded: it runs once the gesture in progress ends") }
        FeedbackSetup.withdraw(feedback, awaiting: pendingConfiguration)
    }

    /// The last save could not be read or has errors, and "the running config stays" was
    /// said: an earlier save still waiting for a gesture to end must not take over after
    /// that line (a config no longer on disk, which a restart would not read).
    public func reloadRefused() {
        if pendingConfiguration != nil, pendingIsASave {
            pendingConfiguration = nil
            pendingIsASave = false
            core.say("an earlier save, waiting for the gesture in progress, is dropped with it")
        }
        FeedbackSetup.withdraw(feedback, awaiting: pendingConfiguration)
        // The running config stays: at the density the monitors have now.
        guard densityAwaitsReload else { return }
        densityAwaitsReload = false
        pendingConfiguration = PreparedConfig(
            configuration, pixelsPerMillimeter: screens.density.pixelsPerMillimeter,
            touchscreenDensities: screens.touchscreenDensities)
        applyPendingConfiguration()
    }

    private func applyPendingConfiguration() {
        guard let pending = pendingConfiguration, core.isIdle, source.ownership.pending.isEmpty else { return }
        pendingConfiguration = nil
        let isASave = pendingIsASave
        pendingIsASave = false
        let made = isASave ? "config reloaded" : "bindings made again at the new density"
        // The engine is idle, so every gesture has ended and released what it held; a key
        // or button still down would have no gesture left to release it.
        core.releaseHeldInput(because: made)
        let prepared = pending.at(
            pixelsPerMillimeter: screens.density.pixelsPerMillimeter,
            touchscreenDensities: screens.touchscreenDensities)
        let configuration = prepared.loaded
        let bindings = prepared.bindings
        do {
            var engine = try Self.makeEngine(
                prepared, display: source.display, hitTesting: hitTesting, tracing: trace != nil)
            engine.setLayout(screens.layout)
            self.configuration = configuration
            core.replace(engine: engine, bindings: bindings, perDevice: prepared.perDevice)
            source.setStrokeTriggers(passThrough == nil ? Self.strokeTriggers(bindings) : [])
            source.drawnPresses = Self.drawnPresses(configuration, bindings)
            if passThrough == nil {
                feedback = FeedbackSetup.update(
                    feedback, for: configuration, bindings: bindings, source: source, say: core.say)
            }
            // A new density converts the running config: the file is not read.
            trace?.note("\(made): \(counted(bindings.bindings.count, "binding"))")
            // Made again for a new density too: the pixels changed with it.
            if passThrough == nil {
                for hold in Self.touchscreenHolds(prepared, deviceName: deviceName) { trace?.note(hold) }
            }
            // Each grab on its own: one another client holds stops only the bindings needing it.
            var failures: [X11Error] = []
            do {
                try source.setTouchpadClaims(passThrough != nil ? .nothing : TouchpadClaims(bindings))
            } catch { failures.append(error) }
            trace?.note(Self.describeTouchpadGrabs(source))
            do { try source.setTouchGrab(passThrough != nil || Self.takesTouchscreen(bindings)) } catch {
                failures.append(error)
            }
            do { try source.setTouchSharing(passThrough == nil && bindings.sharesTouches) } catch {
                failures.append(error)
            }
            if !source.wantsTouches { trace?.note(Self.noTouchGrab) }
            for failure in failures { core.say(Self.grabMissing(failure)) }
        } catch {
            trace?.note("config not applied, the running one stays: \(error)")
        }
    }

    /// Before the process stops for SIGTSTP (Ctrl-Z in its terminal): every sequence in
    /// flight is cancelled (its touches and held press handed back), every key or button an
    /// action holds is let go, the feedback cleared, and every grab released, so that
    /// applications get all input while the daemon is stopped. Nil when nothing was grabbed.
    public func suspend() -> X11InputSource.Suspension? {
        // First, so that the cancel below finds no press to keep for the release.
        for button in source.letGoOfButtonsDown() {
            trace?.note("press of button \(button) let go: the button is down, the application gets its release")
        }
        let now = clock.estimatedNow ?? core.now
        for id in source.devices.keys.sorted() { core.cancelSequence(device: id, at: now) }
        core.releaseHeldInput(because: "suspended")
        feedback?.endHold()
        renderFeedback()
        let suspension = source.suspend()
        trace?.note("suspended (SIGTSTP): grabs released, applications get all input until xgest is continued")
        return suspension
    }

    /// Continued after ``suspend()``: the grabs are taken again.
    public func resume(_ suspension: X11InputSource.Suspension?) {
        guard let suspension else { return }
        do {
            try source.resume(suspension)
            trace?.note("continued: grabs taken again")
        } catch {
            core.say("continued; " + Self.grabMissing(error))
        }
    }

    /// Windows came to cover every monitor with no lock yet: most likely a screen locker,
    /// which takes the pointer's grab first (i3lock) and gives up when it cannot, leaving
    /// the session unlocked. A stroke button down holds the pointer through xgest's grab,
    /// and a `drag` through its XTest button: the stroke is cancelled (its action would run
    /// behind the locker at the release) and its grab ended, held keys and buttons are let
    /// go, so that the locker gets its grabs.
    private func letGoOfThePointer() {
        let buttons = source.letGoOfButtonsDown()
        if !buttons.isEmpty {
            let now = clock.estimatedNow ?? core.now
            for (id, device) in source.devices.sorted(by: { $0.key < $1.key }) where device.kind == .pointer {
                core.cancelSequence(device: id, at: now, reason: .screenLocked)
            }
            for button in buttons {
                trace?.note("press of button \(button) let go: windows cover the screen, the stroke is cancelled")
            }
        }
        core.releaseHeldInput(because: "windows cover the screen")
    }

    /// Hands back every undecided touch, lets go of the grabs and of every key or button
    /// an action holds. In the middle of a pointer stroke, waits a little for its button to
    /// be let go of, so that the application does not get a release of a press it never had.
    public func stop() {
        core.releaseHeldInput(because: "stopping")
        feedback?.close()
        source.close()
        let held = source.strokeButtonsDown.sorted()
        if !held.isEmpty {
            let buttons = held.map(String.init).joined(separator: ", ")
            let clickReach = Self.clickReachPx(core.bindings)
            let what = source.strokeButtonsDownAreClicks(clickReachPx: clickReach) ? "a press" : "a stroke"
            trace?.note(
                "stopping in the middle of \(what): waiting up to \(X11InputSource.strokeReleaseWaitMilliseconds) ms"
                    + " for button \(buttons) to be let go of")
            let released = source.awaitStrokeButtonsReleased(clickReachPx: clickReach) { button in
                trace?.note("press of button \(button) handed back: replayed as a click, released while stopping")
            }
            if !released {
                core.say(
                    "stopped with button \(buttons) of a stroke still held: the application under the pointer gets"
                        + " its release without its press")
            }
        }
        reapChildren()
    }
}
