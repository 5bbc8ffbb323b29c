import ArgumentParser
import Glibc
import XgestTestServer

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the whole pipeline on a private headless X server with virtual devices.",
        discussion: """
            Starts a private Xorg with a virtual touchscreen, touchpad, mouse and keyboard, opens
            an application window on it, runs `xgest run --debug` there, and plays a scripted
            set of gestures, showing the daemon's trace for each. Needs no display and no hardware.
            """
    )

    /// How long the daemon may take to show a step's events before the demo gives up.
    static let stepTimeoutMilliseconds = 5_000

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
                "xgest demo: private X server \(server.displayName) (\(server.screenWidth)x\(server.screenHeight)) with a virtual touchscreen, touchpad, mouse and keyboard"
            )

            let w = DemoScript.window
            let window: TestWindow
            do {
                window = try TestWindow(
                    server: server, x: w.x, y: w.y, width: w.width, height: w.height, instanceName: w.instance,
                    className: w.className, title: "xgest demo application")
            } catch {
                throw CLIError("demo: cannot open the demo window: \(error)")
            }
            defer { window.close() }
            out.writeLine(
                "xgest demo: an application window of class \(w.className) at \(w.x),\(w.y) size \(w.width)x\(w.height)"
            )

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
            else {
                throw CLIError("demo: the daemon did not start")
            }
            // The device list follows the "capturing" line; a sync point for it is the first step.
            for step in DemoScript.steps() {
                out.writeLine("")
                out.writeLine("> \(step.title)")
                do {
                    try step.play(server)
                } catch {
                    throw CLIError("demo: \(step.title): \(error)")
                }
                var seen = 0
                let complete = daemon.readLines(
                    timeoutMilliseconds: Self.stepTimeoutMilliseconds,
                    until: { line in
                        if line.contains(step.marker) { seen += 1 }
                        return seen == step.markerCount
                    }, onLine: show)
                if !complete { throw CLIError("demo: the daemon did not report \"\(step.title)\" in time") }
            }
            out.writeLine("")
            let received = (try? window.receivedEvents()) ?? []
            let ends = received.touches.filter { $0.phase == .end }.count
            out.writeLine(
                "The XgestDemo window received \(ends) complete touches: every touch xgest did not claim was handed back to it."
            )
            let status = daemon.stop(signal: SIGTERM)
            daemon.readLines(timeoutMilliseconds: 1_000, until: { _ in false }, onLine: show)
            out.writeLine("The daemon stopped on SIGTERM with exit status \(status.map(String.init) ?? "unknown").")
            out.writeLine("Next: `xgest devices` and `xgest run --debug` on your own X session.")
        }
    }
}
