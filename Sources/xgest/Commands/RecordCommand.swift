import ArgumentParser
import Glibc
import SystemPackage
import XgestCore
import XgestDaemon
import XgestSystem
import XgestX11

struct RecordCommand: ParsableCommand {
    /// Drains after the stop signal, at most (see the end of `run`).
    static let maximumFinalDrains = 8

    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Write a trace (format v1) of live input until interrupted.",
        discussion: """
            While recording, each touch sequence reaches applications when its last finger \
            lifts (xgest holds it until then so that the trace has all of it), and pointer \
            input at once; touchpad swipes and pinches reach no application at all until the \
            recording stops (X gives each gesture to one client only, and the trace needs all \
            of it). The trace holds the devices, the application windows at the start, every \
            input event, and the window each gesture starts on; `xgest replay` runs it with no \
            display.
            """
    )

    @Option(name: .shortAndLong, help: "The trace file to write ('-' for standard output).", completion: .file())
    var output: String = "-"

    /// Said when recording starts with a touchpad, or when one comes: X gives a touchpad
    /// gesture's events to one client only, so the recording keeps every one (a gesture
    /// handed back would leave the trace its begin alone, which replays to nothing), and
    /// pinch zoom and swipes stop working in applications meanwhile.
    static let touchpadNotice =
        "xgest: touchpad swipes and pinches go to the recording whole and reach no application until it stops"
        + " (X gives each gesture to one client only)"

    /// How long the trace's last lines may take to be written once the recording stopped:
    /// a reader that stopped reading does not hold the exit up longer.
    static let lastLinesMilliseconds = 2_000

    func validate() throws {
        try PathArgument.requireName(output, of: "--output")
        try UnexpandedTilde.check(output, of: "--output", .writes)
    }

    func run() throws {
        try reportingErrors {
            // Opened before any grab: a FIFO with no reader yet blocks its open, and every
            // touch would wait with it. A regular file is emptied only once the capture is
            // up: a recording that cannot start leaves the trace already there.
            let file =
                output == "-"
                ? nil
                : try OutputFile(path: output) {
                    FileOutput.standardError.writeLine(
                        DisplayText.escapedAsWritten(
                            "xgest: \(output) is a FIFO that nothing reads yet: waiting for a reader (stop with Ctrl-C)"
                        ),
                        priority: .info)
                }
            let outputName = file == nil ? "standard output" : output
            let source = try SessionCheck.openCapture()
            // The pointer's whole path goes into the trace, not only strokes'.
            source.reportsPointerMotion = true
            try file?.emptyForWriting()
            let display = source.display
            // Before the trace's writing thread: that thread must have the loop's signals
            // blocked too, or it would take them with their default action.
            var loop = try EventLoop(display: display)
            var recorder = TraceRecorder(output: file?.output ?? .standardOutput, origin: source.now())
            // The layout and density as the daemon reads them, at the start and after each change.
            var screens = ScreenTracking(display: display, touchscreens: source.touchscreenIDs)
            source.layout = screens.layout
            let size = display.screenSize
            recorder.header(
                TraceHeader(
                    screenWidth: size.width, screenHeight: size.height, devices: source.usedDevices,
                    monitors: screens.layout.monitors, touchscreenAreas: screens.layout.touchscreenAreas,
                    pixelsPerMillimeter: screens.density.pixelsPerMillimeter,
                    touchscreenDensities: screens.touchscreenDensities))
            for w in source.locator.stackedClients() { recorder.window(w, at: recorder.origin) }
            if source.isScreenLocked { Self.lockChanged(true, recorder: &recorder) }
            var policy = HoldUntilEndPolicy(ownership: source.ownership)
            // A write that fails (a full disk) ends the recording when it fails.
            loop.others = recorder.batchWrittenDescriptor.map { [$0] } ?? []
            FileOutput.standardError.writeLine(
                "xgest: recording on \(display.name) to \(outputName); stop with Ctrl-C", priority: .info)
            var touchpadSaid = false
            let sayTouchpad = {
                guard !touchpadSaid else { return }
                touchpadSaid = true
                FileOutput.standardError.writeLine(Self.touchpadNotice, priority: .info)
            }
            if source.usedDevices.contains(where: { $0.kind == .touchpad }) { sayTouchpad() }
            // Read again before the next input or at the end of the pass that said so, as
            // the daemon does: replay runs each event on the screen recorded before it.
            var screenMayHaveChanged = false
            let recordScreenChange = {
                guard screenMayHaveChanged else { return }
                screenMayHaveChanged = false
                let changed = screens.refresh(display: display, touchscreens: source.touchscreenIDs)
                guard changed.layout || changed.density else { return }
                source.layout = screens.layout
                let size = display.screenSize
                recorder.screen(
                    TraceScreen(
                        width: size.width, height: size.height, monitors: screens.layout.monitors,
                        touchscreenAreas: screens.layout.touchscreenAreas,
                        pixelsPerMillimeter: screens.density.pixelsPerMillimeter,
                        touchscreenDensities: screens.touchscreenDensities))
            }
            let handle = { (captured: CapturedEvent) in
                switch captured {
                case .input(let e, let target):
                    recordScreenChange()
                    recorder.event(
                        e, startTarget: target, at: source.layout.startPoint(of: e),
                        current: source.locator.stackedClients)
                    policy.decide(e)
                case .deviceRemoved(let id, _, _):
                    policy.forgetDevice(id)
                case .deviceAdded(let d):
                    // Its events follow: replay must know the device and its kind.
                    if let info = d.info { recorder.device(info) }
                    if d.kind == .touchscreen { screenMayHaveChanged = true }
                    if d.kind == .touchpad { sayTouchpad() }
                case .screenChanged, .layoutMayHaveChanged:
                    screenMayHaveChanged = true
                case .layoutNeeded:
                    recordScreenChange()
                case .screenLockChanged(let locked):
                    Self.lockChanged(locked, recorder: &recorder)
                case .screenCovered:
                    recorder.lock(.covered)
                case .handedBackWhileLocked(let what, let time):
                    recorder.lock(.handedBack(what), at: time)
                // A recording takes no stroke grab, which alone goes onto another screen.
                case .touchscreenRemapped, .leftScreen,
                    .touchpadGestureHandedBack, .touchpadGestureKept,
                    .resourcesChanged, .saverStatusRead, .modifierMapChanged, .requestToGoneDevice,
                    .touchpadPressHandedBack, .pressJoinedHeldPress,
                    .touchTaken, .touchesKept, .strokePressTaken, .strokePressFreed, .grabRetaken:
                    break
                }
            }
            var stopped = false
            while !stopped {
                source.drain(handle)
                recordScreenChange()
                // The answers to held touches and to touchpad gesture grabs go out now: until
                // the server has them, it may hold back (freeze) the device's later events.
                display.flush()
                // A trace that can no longer be written (a full disk, /dev/full) ends the
                // recording now, not when the user stops a recording that keeps nothing.
                if recorder.failure != nil { break }
                // The screen's reading made round trips, which may have read events into
                // Xlib's queue, where poll() cannot see them.
                if source.hasQueuedEvents { continue }
                for wake in loop.wait(timeoutMilliseconds: nil) {
                    guard case .signal(let s) = wake else {
                        recorder.takeBatchesWritten()
                        continue
                    }
                    switch s {
                    // Ctrl-Z: stopped, the grabs would freeze the pointer and hold touches.
                    case SIGTSTP:
                        try Self.suspend(source)
                        FileOutput.standardError.writeLine(
                            "xgest: continued: recording again (nothing was while stopped)", priority: .info)
                    // SIGINT, SIGTERM, SIGQUIT, and SIGHUP: the terminal closed. Ignored, a hangup
                    // left the recording holding its grabs for good, and `xgest run` refused to start.
                    default: stopped = true
                    }
                }
            }
            // Events sent before the signal still belong to the recording. Each drain ends
            // with a round trip: a gesture begin answered in it releases the events its grab
            // held, which the server sends before the reply, so they are read by the next
            // drain. A few rounds at most: a flood must not hold the stop up.
            var rounds = 0
            var read = 0
            repeat {
                display.sync()
                read = 0
                source.drain { captured in
                    read += 1
                    handle(captured)
                }
                recordScreenChange()
                rounds += 1
            } while read > 0 && rounds < Self.maximumFinalDrains
            source.close()
            let written = recorder.finish(timeoutMilliseconds: Self.lastLinesMilliseconds)
            switch recorder.failure {
            case .writeFailed(let e)?:
                // EX_IOERR, as for any output xgest cannot write (a full disk, /dev/full).
                throw CLIError(
                    "cannot write the trace to \(outputName): \(e.reason); the recording stopped there",
                    exitCode: StandardOutputCheck.exitCode)
            case .notRead?:
                throw CLIError(
                    "the trace's reader took nothing while \(BackgroundOutput.mostQueuedBytes / 1024) KiB of it waited"
                        + " (a pipe not read, or a terminal stopped with Ctrl-S): the recording stopped there")
            case nil:
                if !written {
                    throw CLIError(
                        "the end of the trace was not written to \(outputName): its reader took nothing for"
                            + " \(Self.lastLinesMilliseconds / 1000) s")
                }
            }
        }
    }

    /// A locker came or went: the trace says so, and so does the recording, since what is
    /// made on the lock screen is the locker's and goes into the trace only as `handed-back`.
    private static func lockChanged(_ locked: Bool, recorder: inout TraceRecorder) {
        recorder.lock(locked ? .locked : .unlocked)
        FileOutput.standardError.writeLine(
            locked
                ? "xgest: the screen is locked: input is not recorded until it is unlocked (the trace marks the lock)"
                : "xgest: the screen is unlocked: recording again",
            priority: .info)
    }

    /// Ctrl-Z: the grabs are let go while the process is stopped, and taken again after.
    private static func suspend(_ source: X11InputSource) throws(CLIError) {
        do {
            try source.suspendUntilContinued()
        } catch {
            throw CLIError("continued, but cannot grab again: \(error.description)")
        }
    }
}
