import ArgumentParser
import Glibc
import XgestConfig
import XgestCore
import XgestX11

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the gesture daemon on $DISPLAY (the default command).",
        discussion: """
            Reads the config (--config, else $XDG_CONFIG_HOME/xgest/xgest.toml, else \
            ~/.config/xgest/xgest.toml, else the shipped default) and the stroke templates in \
            $XDG_CONFIG_HOME/xgest/strokes/, and reloads both when the config file changes or on \
            SIGHUP (send SIGHUP after recording a template); a config with errors is reported and \
            the running one kept, a bad template file reported and left out.
            """
    )

    @Option(help: "The config file.")
    var config: String?

    @Flag(name: .long, help: "Trace every event, recognizer transition, decision and action on stderr.")
    var debug = false

    @Flag(name: .long, help: "Capture and hand every touch back, with no gestures (a diagnostic mode).")
    var passThrough = false

    @Flag(
        name: .long,
        help: "Started by the session (XDG autostart, systemd): when xgest already runs on this display, exit 0.")
    var autostart = false

    func run() throws {
        try reportingErrors {
            let path = try ConfigFile.resolve(config)
            let loaded = try ConfigFile.loadValid(path)
            let display = try SessionCheck.openDisplay()
            XServerLoss.message = "xgest: lost the connection to the X server \(display.name) (it stopped or restarted)"
            let lock: InstanceLock
            do throws(InstanceLock.Failure) {
                lock = try InstanceLock(display: display.name)
            } catch .held(let pid, let lockPath) {
                let who = pid.map { "process \($0)" } ?? "another process"
                FileOutput.standardError.writeLine(
                    "xgest: already running on \(display.name) (\(who) holds \(lockPath))")
                throw ExitCode(autostart ? 0 : 1)
            } catch .unusable(let lockPath, let reason) {
                throw CLIError("cannot create the instance lock \(lockPath): \(reason)")
            }
            // No touchpad gesture is grabbed until the daemon knows what its bindings take.
            let source = try SessionCheck.openCapture(display, touchpadClaims: .nothing)
            let trace = debug ? DebugTrace() : nil
            if let trace {
                for d in source.devices.values.sorted(by: { $0.id < $1.id }) { trace.device(added: d) }
                trace.note(
                    "config \(path): \(loaded.configuration.bindings.count) bindings, "
                        + "\(loaded.userStrokeTemplates) user stroke templates")
                for hold in loaded.configuration.bindingSet().touchscreenHolds { trace.note(hold) }
            }
            let daemon = try GestureDaemon(
                source: source, configuration: loaded, trace: trace, passThrough: passThrough)
            var loop = try EventLoop(display: display)
            let watcher = ConfigWatcher(path: path)
            loop.others = [daemon.executor.childExitFileDescriptor] + (watcher.map { [$0.fileDescriptor] } ?? [])
            trace?.note(
                "capturing on \(display.name) (XInput \(display.xiVersion.major).\(display.xiVersion.minor))"
                    + (passThrough ? " in pass-through mode" : ""))

            let reload = {
                if let loaded = ConfigReload.load(path) { daemon.reload(loaded) }
            }
            var stopSignal: Int32?
            while stopSignal == nil {
                // One bounded pass over the input; with input left over, poll() only looks
                // (signals, exited children, the config) and the next pass goes on with it.
                let inputLeft = daemon.drainInput()
                var inputArrived = false
                for wake in loop.wait(timeoutMilliseconds: inputLeft ? 0 : daemon.timeoutMilliseconds) {
                    switch wake {
                    case .x:
                        inputArrived = true  // drained at the top of the loop
                    case .timeout:
                        daemon.fireTimers()
                    case .signal(SIGHUP):
                        daemon.refreshScreens(because: "SIGHUP")
                        reload()
                    case .signal(let s):
                        stopSignal = s
                    case .readable(let fd):
                        if fd == daemon.executor.childExitFileDescriptor {
                            daemon.reapChildren()
                        } else if let watcher, fd == watcher.fileDescriptor, watcher.configChanged() {
                            reload()
                        }
                    }
                }
                // Timers fire on the clock only when no input waits: an event read later may be
                // stamped before the deadline (a finger that landed within the landing window),
                // and the engine fires timers up to each event's own time as it processes it.
                if !inputLeft && !inputArrived { daemon.fireTimers() }
            }
            // Events sent before the signal still belong to the run: one more pass, bounded
            // like the others, so a flood does not hold the stop up.
            daemon.drainInput()
            daemon.stop()
            trace?.note("stopped by signal \(stopSignal ?? 0); every touch handed back")
            withExtendedLifetime(lock) {}
        }
    }
}
