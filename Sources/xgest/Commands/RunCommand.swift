import ArgumentParser
import Glibc
import XgestConfig
import XgestCore
import XgestDaemon
import XgestSystem
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

    @Option(help: "The config file.", completion: .file())
    var config: String?

    @Flag(name: .long, help: "Trace every event, recognizer transition, decision and action on stderr.")
    var debug = false

    @Flag(name: .long, help: "Capture and hand every touch back, with no gestures (a diagnostic mode).")
    var passThrough = false

    @Flag(
        name: .long,
        help: "Started by the session (XDG autostart, systemd): when xgest already runs on this display, exit 0.")
    var autostart = false

    func validate() throws {
        try PathArgument.requireName(config, of: "--config")
        try UnexpandedTilde.check(config, of: "--config", .reads("file"))
    }

    func run() throws {
        try reportingErrors {
            // A reader of the daemon's output that goes away (`xgest run --debug | head`, a
            // session logger that stops) must not kill it: SIGPIPE ended it at the next line
            // it wrote, with keys a `key-down` held still down in the server. Ignored, a
            // write to the gone reader fails and the daemon goes on. Commands xgest starts
            // get the default back (CommandSpawner).
            signal(SIGPIPE, SIG_IGN)
            StandardDescriptors.keepClosedOutputQuiet()
            // SIGHUP is held back from the start of main (holdHangups), until the loop takes it.
            // Before the first Xlib call: a reload checks keysyms on a thread of its own.
            XlibThreads.enable()
            if autostart { try Self.stopInAWaylandSession() }
            let path = try ConfigFile.resolve(config)
            // By hand, the config's errors come first; autostarted, a running daemon does (it
            // exits 0 whatever the config now holds), so the config is read after the lock.
            let early = autostart ? nil : try ConfigFile.loadValid(path)
            // Started by the session, the server going away is how the session ends: not a
            // failure; and at login the server may answer late.
            if autostart {
                XServerLoss.exitCode = 0
                XServerLoss.linePriority = .info
                ConnectDeadline.current = ConnectDeadline.atSessionStartSeconds
            }
            if autostart { Self.waitForTheServer() }
            let display = try SessionCheck.openDisplay()
            XServerLoss.message =
                "xgest: lost the connection to the X server \(display.name) (it stopped or restarted, or the connection was cut)"
            let lock: InstanceLock
            do throws(InstanceLock.Failure) {
                lock = try InstanceLock(display: display)
            } catch .held(let pid, let lockPath) {
                let who = pid.map { "process \($0)" } ?? "another process"
                FileOutput.standardError.writeLine(
                    "xgest: already running on \(display.name) (\(who) holds \(lockPath))",
                    priority: autostart ? .info : .error)
                throw ExitCode(autostart ? 0 : 1)
            } catch .unusable(let lockPath, let reason) {
                throw CLIError("cannot create the instance lock \(lockPath): \(reason)")
            }
            HeldInputFile.path = lock.heldInputPath
            let loaded = try early ?? ConfigFile.loadValid(path)
            // No touchpad gesture is grabbed until the daemon knows what its bindings take,
            // and the touches only when a binding takes them (or pass-through hands them
            // back): a grab another client holds stops only a config that needs it.
            let source = try SessionCheck.openCapture(
                display, touchpadClaims: .nothing, grabsTouches: passThrough || loaded.takesTouchscreen)
            // Mouse motion outside a stroke reaches no recognizer: only --debug, which
            // traces every event, pays its round trip per batch of motion.
            source.reportsPointerMotion = debug
            // On the shipped default, the user's config takes over once it is written.
            let user = config == nil ? ConfigLocation.userPath().flatMap { $0 != path ? $0 : nil } : nil
            // A first run said nothing of which config ran or where the user's goes (only
            // --debug's trace did): one line, at info.
            if let user, !debug {
                FileOutput.standardError.writeLine(
                    "xgest: running the shipped config, \(path): copy it to \(user) to make it your own"
                        + " (read again each time it is saved)", priority: .info)
            }
            _ = try DaemonLoop.run(
                configPath: path, userPath: user, configuration: loaded, source: source,
                trace: debug ? DebugTrace() : nil,
                passThrough: passThrough)
            withExtendedLifetime(lock) {}
        }
    }
}

extension RunCommand {
    /// Started with the session, the X server may not listen yet (`xgest run --autostart &`
    /// in ~/.xinitrc races it): its start is waited for, and the wait and the connection's
    /// set-up share the start-up's bound.
    static func waitForTheServer() {
        guard let name = getenv("DISPLAY").map({ String(cString: $0) }), !name.isEmpty else { return }
        let bound = ConnectDeadline.atSessionStartSeconds
        let waited = Int(ServerStartWait.untilListening(name, seconds: bound))
        ConnectDeadline.current = max(bound - waited, ConnectDeadline.noticeSeconds + 1)
    }

    /// The session's autostart runs at every login, Wayland's too: there xgest would see
    /// only XWayland windows' input, so an autostart stops (exit 0: the unit is not to
    /// restart it), and `xgest run` by hand still runs for them. The line is a warning, so
    /// that `journalctl -p warning` shows why a session has no gestures; a variable left
    /// from an earlier session is said too, at info, and the daemon runs.
    static func stopInAWaylandSession() throws {
        switch WaylandSession.current {
        case .none:
            return
        case .wayland(let variable, let socket):
            FileOutput.standardError.writeLine(
                "xgest: a Wayland session (\(variable), its socket \(socket) is there): not started (xgest works"
                    + " on X11 desktops; `xgest run` by hand captures input to XWayland windows only)",
                priority: .warning)
            throw ExitCode(0)
        case .stale(let variable, let socket):
            let nowhere = socket.map { "no Wayland socket at \($0)" } ?? "no XDG_RUNTIME_DIR to find its socket in"
            FileOutput.standardError.writeLine(
                "xgest: \(variable) but \(nowhere): left from an earlier session, so this one is taken for X11",
                priority: .info)
        }
    }

    /// Whether a command line (without the program's name) runs the daemon: `run`, or no
    /// command at all (`run` is the default one, so options alone are its options).
    static func isNamed(by arguments: [String]) -> Bool {
        guard let first = arguments.first else { return true }
        return first == "run" || first.hasPrefix("-")
    }

    /// A SIGHUP (a reload: `systemctl --user reload xgest`, `pkill -HUP -x xgest`) before
    /// the loop watches for it would end the daemon, which systemd counts as a clean stop
    /// (and does not restart): it waits, blocked, for the loop, which then reloads.
    /// Blocked first thing in main, not in ``run()``: the parsing of the command line
    /// before it took about 100 ms, and a reload sent right after a start ended the daemon.
    /// SIGTERM, SIGINT and SIGQUIT still stop a start that hangs. Commands the daemon
    /// starts get an empty mask (CommandSpawner).
    static func holdHangups() {
        var hup = sigset_t()
        sigemptyset(&hup)
        sigaddset(&hup, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &hup, nil)
    }
}
