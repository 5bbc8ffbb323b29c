import ArgumentParser
import Glibc
import XgestTestServer

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the whole pipeline on a private headless X server with virtual devices.",
        discussion: """
            Starts a private Xorg with a virtual touchscreen, touchpad, mouse and keyboard and two
            application windows (and, with --with-window-manager, openbox), runs
            `xgest run --debug` there with the shipped default config, and plays a scripted tour
            of gestures, showing the daemon's trace for each. Needs no display and no hardware.
            """
    )

    @Flag(
        help: """
            Run the openbox window manager on the private server, so window and desktop actions             take effect (without one they report that there is none).
            """)
    var withWindowManager = false

    /// How long the daemon may take to show a step's events before the demo gives up.
    static let stepTimeoutMilliseconds = 10_000
    /// After a step's last expected line, the lines that follow within this pause belong
    /// to it too (the engine's closing transitions); only for tidy output, not correctness.
    static let settleMilliseconds = 100

    func run() throws {
        try reportingErrors {
            let out = FileOutput.standardOutput
            let server: XorgServer
            do {
                server = try XorgServer()
            } catch {
                throw CLIError("demo: cannot start the private X server: \(error)")
            }
            defer { server.stop() }
            out.writeLine(
                "xgest demo: private X server \(server.displayName) (\(server.screenWidth)x\(server.screenHeight))"
                    + " with a virtual touchscreen, touchpad, mouse and keyboard")

            let windows = try Self.openWindows(server, out)
            defer { for w in windows { w.close() } }
            let windowManager = withWindowManager ? Self.startWindowManager(server, out) : nil
            defer { windowManager?.stop() }

            // The daemon is this very executable, run as a user would run it.
            setenv("DISPLAY", server.displayName, 1)
            unsetenv("WAYLAND_DISPLAY")
            unsetenv("XDG_SESSION_TYPE")
            let daemon: MonitoredProcess
            do {
                daemon = try MonitoredProcess(path: "/proc/self/exe", arguments: ["xgest", "run", "--debug"])
            } catch {
                throw CLIError("demo: cannot start the daemon: \(error)")
            }
            let show: (String) -> Void = { line in _ = out.writeLine("  | " + line) }
            out.writeLine("")
            out.writeLine("$ DISPLAY=\(server.displayName) xgest run --debug")
            guard daemon.readLines(timeoutMilliseconds: 10_000, until: { $0.contains("capturing on") }, onLine: show)
            else { throw CLIError("demo: the daemon did not start") }
            for step in DemoScript.steps() {
                out.writeLine("")
                out.writeLine("> \(step.title)")
                do {
                    try step.play(server)
                } catch {
                    throw CLIError("demo: \(step.title): \(error)")
                }
                var seen = step.markers.map { _ in 0 }
                let complete = daemon.readLines(
                    timeoutMilliseconds: Self.stepTimeoutMilliseconds,
                    until: { line in
                        for (i, m) in step.markers.enumerated() where line.contains(m.text) { seen[i] += 1 }
                        return zip(seen, step.markers).allSatisfy { $0 >= $1.count }
                    }, onLine: show)
                if !complete { throw CLIError("demo: the daemon did not report \"\(step.title)\" in time") }
                daemon.readLines(timeoutMilliseconds: Self.settleMilliseconds, until: { _ in false }, onLine: show)
            }
            out.writeLine("")
            let received = (try? windows[0].receivedEvents()) ?? []
            let ends = received.touches.filter { $0.phase == .end }.count
            let pinches = received.compactMap { e -> ReceivedGesture? in
                if case .gesture(let g) = e, g.kind == .pinch { return g } else { return nil }
            }
            out.writeLine(
                "The XgestDemo window received \(ends) complete touches, \(received.buttons.count / 2) click and"
                    + " \(pinches.filter { $0.phase == .end }.count) whole touchpad pinch (\(pinches.count) events):"
                    + " everything no gesture claimed was handed back to it.")
            let status = daemon.stop(signal: SIGTERM)
            daemon.readLines(timeoutMilliseconds: 1_000, until: { _ in false }, onLine: show)
            out.writeLine("The daemon stopped on SIGTERM with exit status \(status.map(String.init) ?? "unknown").")
            out.writeLine("Next: `xgest devices`, then `xgest run --debug` in your own X session.")
        }
    }

    private static func openWindows(_ server: XorgServer, _ out: FileOutput) throws(CLIError) -> [TestWindow] {
        var windows: [TestWindow] = []
        for w in DemoScript.windows {
            do {
                windows.append(
                    try TestWindow(
                        server: server, x: w.x, y: w.y, width: w.width, height: w.height, instanceName: w.instance,
                        className: w.className, title: "\(w.className) (demo)"))
            } catch {
                throw CLIError("demo: cannot open the \(w.className) window: \(error)")
            }
            out.writeLine("xgest demo: a window of class \(w.className) at \(w.x),\(w.y) size \(w.width)x\(w.height)")
        }
        return windows
    }

    /// Openbox, when asked for and installed, so that window and desktop actions have a window manager to
    /// carry them out; without one they report that, and the rest of the tour is the same.
    private static func startWindowManager(_ server: XorgServer, _ out: FileOutput) -> WindowManagerProcess? {
        do {
            let wm = try WindowManagerProcess(server: server)
            out.writeLine("xgest demo: the openbox window manager, with 4 desktops")
            return wm
        } catch {
            out.writeLine("xgest demo: no window manager (\(error)); window and desktop actions will say so")
            return nil
        }
    }
}
