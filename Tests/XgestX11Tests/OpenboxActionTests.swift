import CXgest
import Glibc
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// Window and desktop actions against a real window manager: Openbox on the test server.
/// The window manager acts on its own time, so each check waits for the PropertyNotify
/// that reports the change (with a deadline) rather than sleeping; the wait nudges Openbox
/// if it sits on the request (see PropertyWatch).
@Suite struct OpenboxActionTests {
    /// Destroyed in declaration order: connections close, then Openbox stops (while the
    /// server still runs), then the server.
    struct Fixture {
        let executor: X11ActionExecutor
        let display: XDisplay
        let watch: PropertyWatch
        let window: TestWindow
        let wm: WindowManagerProcess
        let server: XorgServer

        init() throws {
            server = try XorgServer()
            wm = try WindowManagerProcess(server: server)
            // Mapped after Openbox started: a MapRequest it grants, so the window is managed
            // (reparented into a frame) by the time TestWindow has seen its MapNotify.
            window = try TestWindow(server: server, x: 100, y: 100, width: 300, height: 200)
            watch = try PropertyWatch(server: server)
            display = try XDisplay(name: server.displayName)
            executor = X11ActionExecutor(display: display)
        }

        func run(_ action: Action, on target: HitTarget) -> ActionOutcome {
            executor.execute(invocation(action, target: target, time: .zero))
        }

        func windowState() -> Set<String> { Set(watch.atomNames("_NET_WM_STATE", on: window.window)) }

        func waitForState(_ what: String, _ condition: (Set<String>) -> Bool) throws {
            try watch.wait(
                until: what, properties: ["_NET_WM_STATE"], on: window.window,
                nudgeEveryMilliseconds: WindowManagerProcess.nudgeMilliseconds
            ) { condition(windowState()) }
        }

        func currentDesktop() -> Int? { watch.cardinal("_NET_CURRENT_DESKTOP", on: watch.root) }

        func waitForDesktop(_ index: Int) throws {
            try watch.wait(
                until: "_NET_CURRENT_DESKTOP \(index)", properties: ["_NET_CURRENT_DESKTOP"], on: watch.root,
                nudgeEveryMilliseconds: WindowManagerProcess.nudgeMilliseconds
            ) { currentDesktop() == index }
        }
    }

    static let maximized: Set<String> = ["_NET_WM_STATE_MAXIMIZED_VERT", "_NET_WM_STATE_MAXIMIZED_HORZ"]

    @Test func maximizeTogglesBothMaximizedStates() throws {
        let f = try Fixture()
        #expect(f.windowState().isDisjoint(with: Self.maximized))

        #expect(f.run(.window(.maximize), on: target(f.window)) == .done)
        try f.waitForState("both MAXIMIZED atoms in _NET_WM_STATE") { $0.isSuperset(of: Self.maximized) }

        // Maximized on both axes: the second maximize restores the window.
        #expect(f.run(.window(.maximize), on: target(f.window)) == .done)
        try f.waitForState("no MAXIMIZED atom in _NET_WM_STATE") { $0.isDisjoint(with: Self.maximized) }
        try expectCleanStop(f.wm)
    }

    @Test func desktopNextWalksOpenboxsDesktopsAndWrapsOnlyWhenAsked() throws {
        let f = try Fixture()
        let root = f.watch.root
        #expect(f.watch.cardinal("_NET_NUMBER_OF_DESKTOPS", on: root) == 4)
        #expect(f.currentDesktop() == 0)
        for index in 1...3 {
            #expect(f.run(.desktop(.next(wrap: false)), on: .desktop) == .done)
            try f.waitForDesktop(index)
        }

        // On the last desktop: without wrap nothing is asked of the window manager…
        guard case .skipped = f.run(.desktop(.next(wrap: false)), on: .desktop) else {
            Issue.record("desktop next without wrap on the last desktop was not skipped")
            return
        }
        #expect(f.currentDesktop() == 3)
        // …with wrap it goes round to the first, and back with previous.
        #expect(f.run(.desktop(.next(wrap: true)), on: .desktop) == .done)
        try f.waitForDesktop(0)
        #expect(f.run(.desktop(.previous(wrap: true)), on: .desktop) == .done)
        try f.waitForDesktop(3)
        try expectCleanStop(f.wm)
    }

    /// Openbox exits on SIGTERM and is reaped: no zombie left.
    private func expectCleanStop(_ wm: WindowManagerProcess) throws {
        let pid = wm.processID
        #expect(wm.stop(), "Openbox needed SIGKILL")
        #expect(wm.statusDescription == "exit status 0")
        #expect(access("/proc/\(pid)", F_OK) != 0, "process \(pid) still exists")
    }
}
