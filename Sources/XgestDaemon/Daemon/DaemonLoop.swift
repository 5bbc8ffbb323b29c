import CXgest
import Glibc
import SystemPackage
import XgestConfig
import XgestCore
import XgestX11

/// `xgest run`'s loop: the daemon on an open capture until a signal stops it. Input,
/// signals, exited children and config changes all wake one poll(); SIGHUP and a changed
/// config file reload, SIGINT, SIGTERM, SIGQUIT and the other signals that would end the
/// process stop (``EventLoop/stopSignals``), SIGTSTP suspends (grabs released first).
public enum DaemonLoop {
    /// Runs until one of ``EventLoop/stopSignals``; returns the signal. Every touch is handed back and
    /// every held key and button released before it returns.
    ///
    /// `userPath`: when `configPath` is the shipped default because the user has no config yet,
    /// the user's config path. It is watched instead, and read once it is written: a first
    /// config written while an autostarted daemon runs takes over, with no restart.
    public static func run(
        configPath loadedPath: String, userPath: String? = nil, configuration loaded: LoadedConfig,
        source: X11InputSource, trace: DebugTrace?, passThrough: Bool
    ) throws(CLIError) -> Int32 {
        // The file whose saves are read.
        let path = userPath ?? loadedPath
        // Before the first reload's thread: each reload gives its peak back, the first and
        // every one after it (xgest_fix_malloc_thresholds).
        _ = xgest_fix_malloc_thresholds(Self.mappedAllocationBytes)
        let display = source.display
        var loop = try EventLoop(display: display)
        // After the loop's signal thread: the writing thread inherits the blocked signals.
        // Before the first line: the source holds the touch grab already, and a line written
        // directly to a standard error nobody reads held every touch from the start on.
        let output = FileOutput.writeInBackground(2)
        defer { output?.flush(timeoutMilliseconds: Self.lastOutputMilliseconds) }
        XServerLoss.beforeExit = { output?.flush(timeoutMilliseconds: Self.lastOutputMilliseconds) }
        if let trace {
            for d in source.devices.values.sorted(by: { $0.id < $1.id }) { trace.device(added: d) }
            trace.note(
                "config \(loadedPath): \(counted(loaded.configuration.bindings.count, "binding")), "
                    + "\(counted(loaded.userStrokeTemplates, "user stroke template"))")
        }
        ConfigReload.noteSaid(strokeProblems: loaded.strokeProblems)
        let daemon = try GestureDaemon(
            source: source, configuration: loaded, trace: trace, passThrough: passThrough)
        // Nil with no inotify instance to be had: SIGHUP tries again.
        var watcher: ConfigWatcher?
        var noWatcher: String?
        let watch = {
            do throws(ConfigWatcher.Unavailable) {
                watcher = try ConfigWatcher(path: path)
                noWatcher = nil
            } catch {
                noWatcher = error.reason
            }
        }
        watch()
        let reloader = BackgroundReload(path: path, sayingEachEmptyRead: trace != nil)
        let listen = {
            loop.others =
                [daemon.executor.childExitFileDescriptor] + (watcher.map { [$0.fileDescriptor] } ?? [])
                + (reloader.map { [$0.fileDescriptor] } ?? [])
        }
        listen()
        if userPath != nil {
            trace?.note("no config at \(path) yet: the shipped one runs until one is written there")
        }
        // Said even without --debug when inotify or a directory is refused: saves would go
        // unseen with no word.
        let unseen = "saves of the config are not seen; SIGHUP reloads it"
        let sayWhyUnwatched = { (gone: Bool) in
            guard let watcher else {
                daemon.say("cannot watch \(path): \(noWatcher ?? "no inotify instance"): \(unseen)")
                return
            }
            if let refusal = watcher.refusal {
                daemon.say("cannot watch \(refusal): \(unseen)")
            } else if gone && !watcher.watchesTheDirectory {
                trace?.note(Self.directoryGone(path))
            }
        }
        sayWhyUnwatched(userPath == nil)
        if let off = source.strokesOff { daemon.say(off) }
        trace?.note(
            "capturing on \(display.name) (XInput \(display.xiVersion.major).\(display.xiVersion.minor))"
                + (passThrough ? " in pass-through mode" : ""))
        trace?.note(source.modifierMapSummary)
        // Said without --debug too: input on the other screens is not seen, with no other sign.
        if let notice = display.otherScreensNotice { daemon.say(notice) }

        // The config is read and checked, and its bindings made, off the loop's thread
        // (BackgroundReload): touches go on being handed back meanwhile.
        // Each refusal has said why on standard error (ConfigReload), in one line.
        let refused = { daemon.reloadRefused() }
        let reload = { (why: String, cause: BackgroundReload.Cause) in
            if let reloader, reloader.isLoading {
                trace?.note(
                    "config \(path) \(why) while it was being read: read again after"
                        + (cause == .asked ? "" : ", unless it is as that read found it"))
            } else {
                trace?.note("config \(path) \(why): loading it")
            }
            if let reloader {
                reloader.request(
                    pixelsPerMillimeter: daemon.pixelsPerMillimeter,
                    touchscreenDensities: daemon.touchscreenDensities, because: cause)
            } else if let loaded = ConfigReload.attempt(
                path, sayingEachEmptyRead: trace != nil, asked: cause == .asked
            ).config {
                daemon.reload(
                    PreparedConfig(
                        loaded, pixelsPerMillimeter: daemon.pixelsPerMillimeter,
                        touchscreenDensities: daemon.touchscreenDensities))
            } else {
                refused()
            }
        }
        var removal = ConfigRemovalNotice()
        // Where a start with no --config finds its config: removed, the next start runs the shipped one.
        let isTheUsersConfig = userPath != nil || ConfigLocation.userPath() == path
        var stopSignal: Int32?
        while stopSignal == nil {
            // One bounded pass over the input; with input left over, poll() only looks
            // (signals, exited children, the config) and the next pass goes on with it.
            let inputLeft = daemon.drainInput()
            var inputArrived = false
            let removalLeft = removal.millisecondsLeft(nowMicroseconds: DebugTrace.monotonicMicroseconds())
            let timeout = inputLeft ? 0 : Self.sooner(daemon.timeoutMilliseconds, removalLeft)
            for wake in loop.wait(timeoutMilliseconds: timeout) {
                switch wake {
                case .x:
                    inputArrived = true  // drained at the top of the loop
                case .timeout:
                    daemon.fireTimers()
                case .signal(SIGHUP):
                    daemon.refreshScreens(because: "SIGHUP", reloadFollows: true)
                    if let watcher {
                        watcher.arm()
                    } else {
                        watch()
                        listen()
                    }
                    sayWhyUnwatched(userPath == nil)
                    reload("asked for by SIGHUP", .asked)
                case .signal(SIGTSTP):
                    let suspension = daemon.suspend()
                    output?.flush(timeoutMilliseconds: Self.lastOutputMilliseconds)
                    JobControl.stopAsAsked()
                    daemon.resume(suspension)
                case .signal(let s):
                    stopSignal = s
                case .readable(let fd):
                    if fd == daemon.executor.childExitFileDescriptor {
                        daemon.reapChildren()
                    } else if let watcher, fd == watcher.fileDescriptor {
                        let watched = watcher.watchesTheDirectory
                        let refusedBefore = watcher.refusal
                        if watcher.configChanged() {
                            removal.read()
                            reload("changed", .saved)
                        }
                        if watcher.sawRemoval { removal.removed(nowMicroseconds: DebugTrace.monotonicMicroseconds()) }
                        if (watched && !watcher.watchesTheDirectory) || watcher.refusal != refusedBefore {
                            sayWhyUnwatched(true)
                        }
                    } else if let reloader, fd == reloader.fileDescriptor {
                        let collected = reloader.collect()
                        switch collected {
                        case .nothing:
                            continue
                        case .refused(let beingWritten):
                            refused()
                            // Read at its last writer's close: that may be a process that
                            // keeps the file open and writes nothing (the close of the
                            // one that wrote came before), which no save would follow.
                            // Closed already, it is read now.
                            if beingWritten {
                                if ConfigFile.isOpenForWriting(path) {
                                    watcher?.readAtNextClose()
                                } else {
                                    reload("closed by its last writer", .saved)
                                }
                            }
                        case .overtaken(let asked):
                            trace?.note(
                                asked
                                    ? "config \(path) read again, as SIGHUP asked while it was read"
                                    : "config \(path) changed again while it was read: the newer save is read instead")
                        case .loaded(let loaded):
                            daemon.reload(loaded)
                        }
                        // The load's thread is gone, and the old config or the one refused
                        // with it: what glibc kept of their peak goes back (a 13 MB strokes
                        // directory reloaded 21 times in 4 s left the daemon at 128 MB, 84-91
                        // MB with this; a 4 MiB config refused left it at 218 MB, not 22).
                        xgest_release_free_memory()
                        if case .refused = collected {
                            trace?.note("config \(path) refused: done with it, the running config goes on")
                        }
                    }
                }
            }
            // Timers fire on the clock only when no input waits: an event read later may be
            // stamped before the deadline (a finger that landed within the landing window),
            // and the engine fires timers up to each event's own time as it processes it.
            if !inputLeft && !inputArrived { daemon.fireTimers() }
            if let finding = removal.saysRemoval(
                nowMicroseconds: DebugTrace.monotonicMicroseconds(),
                found: { (try? Stat(CommandLinePaths.filePath(path)))?.type })
            {
                daemon.say(ConfigRemovalNotice.line(path, finding, isTheUsersConfig: isTheUsersConfig))
            }
        }
        // Events sent before the signal still belong to the run: one more pass, bounded
        // like the others, so a flood does not hold the stop up.
        daemon.drainInput()
        daemon.stop()
        trace?.note("stopped by signal \(SignalName.numbered(stopSignal ?? 0)); every touch handed back")
        return stopSignal ?? 0
    }

    /// Blocks of this size and up are mapped on their own and given back when freed, and a
    /// thread arena's free top this large is given back: glibc's defaults, kept from rising.
    static let mappedAllocationBytes: Int32 = 128 * 1024

    /// How long the last lines may take to be written when the daemon ends: a reader that
    /// stopped reading does not hold the exit up longer.
    public static let lastOutputMilliseconds = 1_000

    /// The shorter of two waits, nil being forever.
    static func sooner(_ a: Int32?, _ b: Int32?) -> Int32? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// The trace's line when the config's directory is missing (ConfigWatcher).
    static func directoryGone(_ configPath: String) -> String {
        "the directory of \(configPath) is gone: the config is read again once it is back"
    }
}
