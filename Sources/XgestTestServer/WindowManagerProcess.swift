import CXgest
import Glibc

/// Openbox running on a test server: a real EWMH window manager, for tests of what xgest
/// asks of one (maximize, switch desktops…) and for the demo. Or i3 (``Options/program``),
/// whose frames, tab bars and bars are override-redirect windows, as a pop-up's or a
/// screen locker's are; or Fluxbox, whose answers to EWMH requests differ from Openbox's.
///
/// Openbox runs with its own rc.xml (a set number of desktops, no key bindings, no mouse
/// bindings unless ``Options/clickToFocus`` asks for Openbox's click-to-focus ones), i3
/// with its own config (no bar, no key bindings, the workspace layout asked for); each
/// with its own XDG config, cache and runtime directories (i3's IPC socket), in a private
/// temporary directory that also holds its log (and is Fluxbox's HOME). `init` returns once Openbox has announced itself on the root window
/// (`_NET_SUPPORTING_WM_CHECK`, `_NET_SUPPORTED`, the desktop count and the current
/// desktop) and has answered a request from its event loop: from then on windows mapped
/// are managed at once and EWMH client messages reach it. Openbox can leave a request
/// unhandled until its next event (see ``PropertyWatch``): wait for its effects with
/// ``nudgeMilliseconds``.
///
/// `stop()` (also run by deinit, and by the server's `stop()` before Xorg goes away)
/// always ends with the process reaped and the directory removed.
public final class WindowManagerProcess: TestServerClient {
    /// Which window manager runs.
    public enum Program: Sendable {
        case openbox
        /// i3, new windows tiled in `workspaceLayout` ("default", "stacking" or "tabbed"):
        /// in a tabbed one a tab bar of i3's own sits above the window the tabs show.
        case i3(workspaceLayout: String)
        /// Fluxbox, click to focus, no toolbar: its EWMH differs from Openbox's (a restack
        /// with no sibling is ignored).
        case fluxbox

        /// Whether it answers the ping (``PropertyWatch/pingWindowManager(until:processExit:)``),
        /// which says its event loop runs. Fluxbox answers `_NET_REQUEST_FRAME_EXTENTS`
        /// only for a window of its own, and needs none: it selects SubstructureRedirect on
        /// the root before it announces itself, so what is sent after waits in its queue.
        var answersPing: Bool {
            if case .fluxbox = self { return false }
            return true
        }
    }

    public struct Options: Sendable {
        public var program = Program.openbox
        /// The executable, when not the program's own (/usr/bin/openbox, /usr/bin/i3).
        public var path: String?
        /// Openbox and Fluxbox: i3 makes a desktop of each workspace as it is used.
        public var desktops = 4
        /// Bound for Openbox to announce itself and answer a first request, in milliseconds.
        public var readyTimeoutMilliseconds = 10_000
        /// The executable and the Debian package that ships it.
        var executable: (path: String, package: String) {
            switch program {
            case .openbox: (path ?? "/usr/bin/openbox", "openbox")
            case .i3: (path ?? "/usr/bin/i3", "i3-wm")
            case .fluxbox: (path ?? "/usr/bin/fluxbox", "fluxbox")
            }
        }
        /// Grace period between SIGTERM and SIGKILL, in milliseconds.
        public var stopTimeoutMilliseconds = 3_000
        /// Openbox only: its default click-to-focus bindings: synchronous passive grabs of buttons 1
        /// to 3 on every client window, each press focusing and raising the window, then
        /// replayed to it (see ``OpenboxConfig``).
        public var clickToFocus = false

        public init() {}
    }

    /// The `nudgeEveryMilliseconds` for ``PropertyWatch`` waits on Openbox's reactions.
    public static let nudgeMilliseconds = 50

    public let options: Options
    /// The private directory: rc.xml and menu.xml or i3's config, the log.
    public let directory: String
    public var logPath: String { directory + "/wm.log" }
    public var processID: Int32 { process.pid }
    /// The window manager's `_NET_SUPPORTING_WM_CHECK` window.
    public let supportingWindow: UInt
    /// From posix_spawn to the announcement on the root window, in nanoseconds.
    public let startupNanoseconds: UInt64

    private let process: ChildProcess
    private var stopped = false

    public init(server: XorgServer, options: Options = Options()) throws {
        guard server.isRunning else { throw TestServerError.serverNotRunning }
        let executable = options.executable
        guard fileExists(executable.path) else {
            throw TestServerError.missingComponent(path: executable.path, debianPackage: executable.package)
        }
        let directory = try makeTemporaryDirectory(prefix: "xgest-wm")
        let started: (ChildProcess, UInt, UInt64)
        do {
            let arguments = try Self.writeConfig(options, in: directory)
            started = try Self.launch(server: server, options: options, arguments: arguments, directory: directory)
        } catch {
            removeTree(directory)
            throw error
        }
        self.options = options
        self.directory = directory
        (process, supportingWindow, startupNanoseconds) = started
        server.register(self)
    }

    deinit { stop() }

    public var isRunning: Bool { !stopped && !process.hasExited }

    /// How the process ended ("exit status 0", "killed by signal 9"), or "still running".
    public var statusDescription: String { process.statusDescription }

    /// SIGTERM, then SIGKILL after `stopTimeoutMilliseconds`; reaps the process and
    /// removes the directory. Returns true when it exited on SIGTERM (or had already
    /// exited). Idempotent.
    @discardableResult
    public func stop() -> Bool {
        if stopped { return true }
        stopped = true
        let clean = process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
        removeTree(directory)
        return clean
    }

    func serverWillStop() { stop() }

    // MARK: start-up

    /// Writes the window manager's configuration into `directory`; returns its arguments.
    private static func writeConfig(_ options: Options, in directory: String) throws -> [String] {
        let path = options.executable.path
        switch options.program {
        case .openbox:
            let menu = directory + "/menu.xml"
            try writeFile(menu, contents: OpenboxConfig.emptyMenu)
            try writeFile(
                directory + "/rc.xml",
                contents: OpenboxConfig(desktops: options.desktops, menuPath: menu, clickToFocus: options.clickToFocus)
                    .text)
            return [path, "--config-file", directory + "/rc.xml", "--sm-disable"]
        case .i3(let layout):
            // Pango's monospace: no core font to depend on. No bar block: no i3bar.
            let config = """
                font pango:monospace 8
                focus_follows_mouse no
                workspace_layout \(layout)
                ipc-socket \(directory)/ipc.sock

                """
            try writeFile(directory + "/i3.conf", contents: config)
            return [path, "-c", directory + "/i3.conf"]
        case .fluxbox:
            // Its own empty keys, menu and apps files: none of the user's bindings or rules.
            for name in ["keys", "menu", "apps"] { try writeFile(directory + "/" + name, contents: "") }
            let config = """
                session.screen0.workspaces: \(options.desktops)
                session.screen0.toolbar.visible: false
                session.screen0.focusModel: ClickFocus
                session.keyFile: \(directory)/keys
                session.menuFile: \(directory)/menu
                session.appsFile: \(directory)/apps

                """
            try writeFile(directory + "/init", contents: config)
            return [path, "-rc", directory + "/init"]
        }
    }

    private static func launch(server: XorgServer, options: Options, arguments: [String], directory: String) throws
        -> (ChildProcess, UInt, UInt64)
    {
        let watch = try PropertyWatch(displayName: server.displayName)
        defer { watch.close() }
        let startedAt = monotonicNanoseconds()
        let process = try ChildProcess(
            path: options.executable.path,
            arguments: arguments,
            stderrPath: directory + "/wm.log",
            environment: environment(overriding: [
                "DISPLAY": server.displayName,
                "XDG_CONFIG_HOME": directory,
                "XDG_CACHE_HOME": directory,
                "XDG_RUNTIME_DIR": directory,
                // Fluxbox keeps its files in ~/.fluxbox, made at its start when missing.
                "HOME": directory,
            ]))
        let deadline = Deadline(millisecondsFromNow: options.readyTimeoutMilliseconds)
        let ready: PropertyWatch.WaitResult
        let supporting: UInt
        do {
            (ready, supporting) = try waitUntilReady(
                watch, exit: process.exitFileDescriptor, deadline: deadline, ping: options.program.answersPing)
        } catch {
            process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
            throw error
        }
        switch ready {
        case .satisfied:
            return (process, supporting, monotonicNanoseconds() - startedAt)
        case .otherReadable:
            _ = process.wait(milliseconds: options.stopTimeoutMilliseconds)
            process.terminate(graceMilliseconds: 0)
            throw TestServerError.windowManagerExited(
                status: process.statusDescription,
                logTail: readFileTail(directory + "/wm.log", maximumBytes: 2_000))
        case .timedOut:
            process.terminate(graceMilliseconds: options.stopTimeoutMilliseconds)
            throw TestServerError.windowManagerTimedOut(
                milliseconds: options.readyTimeoutMilliseconds,
                logTail: readFileTail(directory + "/wm.log", maximumBytes: 2_000))
        }
    }

    /// Waits until the window manager has announced itself on the root window, then until
    /// it answers a request; returns the result and its check window.
    private static func waitUntilReady(_ watch: PropertyWatch, exit: Int32, deadline: Deadline, ping: Bool) throws -> (
        PropertyWatch.WaitResult, UInt
    ) {
        let root = watch.root
        var supporting: UInt = 0
        func announced() -> Bool {
            // EWMH: the check window carries the same property, pointing at itself.
            guard let check = watch.windowID("_NET_SUPPORTING_WM_CHECK", on: root),
                watch.windowID("_NET_SUPPORTING_WM_CHECK", on: check) == check,
                !watch.longs("_NET_SUPPORTED", on: root, type: Atom(XA_ATOM)).isEmpty,
                watch.cardinal("_NET_NUMBER_OF_DESKTOPS", on: root) != nil,
                watch.cardinal("_NET_CURRENT_DESKTOP", on: root) != nil
            else { return false }
            supporting = check
            return true
        }
        let properties = [
            "_NET_SUPPORTING_WM_CHECK", "_NET_SUPPORTED", "_NET_NUMBER_OF_DESKTOPS", "_NET_CURRENT_DESKTOP",
        ]
        let result = try watch.wait(properties: properties, on: root, until: deadline, alsoWatching: exit, announced)
        guard result == .satisfied, ping else { return (result, supporting) }
        // Announced, but perhaps still starting: the answer comes from its event loop.
        return (try watch.pingWindowManager(until: deadline, processExit: exit), supporting)
    }
}
