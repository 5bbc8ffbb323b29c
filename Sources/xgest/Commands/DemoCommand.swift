import ArgumentParser
import Glibc
import XgestCore
import XgestDaemon
import XgestTestServer

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show the whole pipeline on a private headless X server with virtual devices.",
        discussion: """
            Starts a private Xorg with a virtual touchscreen, touchpad, mouse and keyboard and three \
            application windows (and, with --with-window-manager, openbox), runs `xgest run --debug` \
            there with the shipped default config and two bindings for the demo's own window, and \
            plays a scripted tour of gestures at a hand's pace, showing the daemon's trace for each. \
            Each scene's caption is checked against that trace: the demo exits 1 when one does not \
            hold. Needs no display and no hardware.
            """
    )

    @Flag(
        help: """
            Run the openbox window manager on the private server, so that window and desktop actions \
            take effect (without one they report that there is none).
            """)
    var withWindowManager = false

    @Option(
        help: ArgumentHelp(
            "Instead of the tour, write three PNG pictures of the feedback overlay into DIR:"
                + " a check mark being drawn, its label, and a rejected stroke.", valueName: "DIR"),
        completion: .directory)
    var screenshots: String?

    /// How long the daemon may take to show a step's events before the demo gives up.
    static let stepTimeoutMilliseconds = 10_000
    /// After a step's last expected line, the lines that follow within this pause belong
    /// to it too (the engine's closing transitions); only for tidy output, not correctness.
    static let settleMilliseconds = 100

    // An empty DIR would put the pictures in /.
    func validate() throws {
        try PathArgument.requireName(screenshots, of: "--screenshots", naming: "a directory")
        try UnexpandedTilde.check(screenshots, of: "--screenshots", .writes)
    }

    func run() throws {
        try reportingErrors {
            let out = FileOutput.standardOutput
            // Directories of demos killed before they could remove them.
            if let line = DemoLeftovers.line(DemoLeftovers.removeAll()) { out.writeLine(line) }
            if let screenshots {
                try FeedbackScreenshots.write(into: screenshots, out)
                return
            }
            guard let shipped = ConfigLocation.shippedPath() else {
                throw CLIError("demo: the shipped config is missing: \(ConfigLocation.shippedCandidatesText())")
            }
            let files = try DemoConfig(shipped: shipped)
            defer { files.remove() }
            files.removeOnSignals()
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
            files.useForDaemon()
            unsetenv("WAYLAND_DISPLAY")
            unsetenv("XDG_SESSION_TYPE")
            let daemon: MonitoredProcess
            do {
                daemon = try MonitoredProcess(
                    path: "/proc/self/exe", arguments: ["xgest", "run", "--debug", "--config", files.configPath])
            } catch {
                throw CLIError("demo: cannot start the daemon: \(error)")
            }
            let show: (String) -> Void = { line in _ = out.writeLine("  | " + line) }
            out.writeLine("")
            out.writeLine("$ DISPLAY=\(server.displayName) xgest run --debug --config \(files.configPath)")
            out.writeLine(
                "  (the shipped config, with bindings demo-rotate, demo-pan and demo-maximize for the XgestDemo window)"
            )
            guard daemon.readLines(timeoutMilliseconds: 10_000, until: { $0.contains("capturing on") }, onLine: show)
            else { throw CLIError("demo: the daemon did not start") }
            var mismatches: [String] = []
            let steps = DemoScript.steps(withWindowManager: windowManager != nil)
            for step in steps {
                out.writeLine("")
                out.writeLine("> \(step.title)")
                do {
                    try step.play(server)
                } catch {
                    throw CLIError("demo: \(step.title): \(error)")
                }
                var lines: [String] = []
                let record: (String) -> Void = { line in
                    lines.append(line)
                    show(line)
                }
                var seen = step.markers.map { _ in 0 }
                let complete = daemon.readLines(
                    timeoutMilliseconds: Self.stepTimeoutMilliseconds,
                    until: { line in
                        for (i, m) in step.markers.enumerated() where line.contains(m.text) { seen[i] += 1 }
                        return zip(seen, step.markers).allSatisfy { $0 >= $1.count }
                    }, onLine: record)
                if !complete { throw CLIError("demo: the daemon did not report \"\(step.title)\" in time") }
                daemon.readLines(timeoutMilliseconds: Self.settleMilliseconds, until: { _ in false }, onLine: record)
                if let wrong = step.expectation.mismatch(in: lines, withWindowManager: windowManager != nil) {
                    out.writeLine("  !! the caption does not hold: \(wrong)")
                    mismatches.append(step.title)
                }
            }
            out.writeLine("")
            let handedBack = Self.closingCheck(windows[0])
            out.writeLine(handedBack.line)
            let status = daemon.stop(signal: SIGTERM)
            daemon.readLines(timeoutMilliseconds: 1_000, until: { _ in false }, onLine: show)
            out.writeLine("The daemon stopped on SIGTERM with exit status \(status.map(String.init) ?? "unknown").")
            guard mismatches.isEmpty, handedBack.asExpected, status == 0 else {
                let scenes = mismatches.isEmpty ? "" : "; scenes whose caption did not hold: \(mismatches.count)"
                throw CLIError("demo: the tour did not go as described\(scenes)")
            }
            out.writeLine(
                "Every scene did what its caption says (\(steps.count) scenes)."
                    + " Next: `xgest devices`, then `xgest run --debug` in your own X session.")
        }
    }

    /// What the XgestDemo window received, against what the scenes handed back to it.
    private static func closingCheck(_ window: TestWindow) -> (line: String, asExpected: Bool) {
        let received = (try? window.receivedEvents()) ?? []
        let touches = received.touches.filter { $0.phase == .end }.count
        // Right clicks only: the pan scene's scroll steps reach the window as buttons 4 and 5.
        let clicks = received.buttons.filter { $0.isPress && $0.button == 3 }.count
        let pinchEvents = received.compactMap { e -> ReceivedGesture? in
            if case .gesture(let g) = e, g.kind == .pinch { return g } else { return nil }
        }
        let pinches = pinchEvents.filter { $0.phase == .end }.count
        func words(_ t: Int, _ c: Int, _ p: Int) -> String {
            "\(plural(t, "complete touch", "complete touches")), \(plural(c, "click", "clicks")) and"
                + " \(plural(p, "whole touchpad pinch", "whole touchpad pinches"))"
        }
        let got = words(touches, clicks, pinches)
        let expected = words(DemoScript.handedBackTouches, DemoScript.handedBackClicks, DemoScript.handedBackPinches)
        guard got == expected else {
            return ("The XgestDemo window received \(got), but the scenes handed it \(expected).", false)
        }
        return (
            "The XgestDemo window received \(got) (\(plural(pinchEvents.count, "pinch event", "pinch events"))),"
                + " as the scenes said: everything no gesture claimed was handed back to it.", true
        )
    }

    private static func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }

    private static func openWindows(_ server: XorgServer, _ out: FileOutput) throws(CLIError) -> [TestWindow] {
        var windows: [TestWindow] = []
        for w in DemoScript.windows {
            do {
                var options = TestWindow.Options(x: w.x, y: w.y, width: w.width, height: w.height)
                options.instanceName = w.instance
                options.className = w.className
                options.title = "\(w.className) (demo)"
                // On every desktop: the desktop scenes switch desktops, and the later scenes
                // still need the windows on the screen.
                options.onAllDesktops = true
                windows.append(try TestWindow(server: server, options: options))
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
