import CXgest
import Glibc
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// A window manager that exits without cleaning up (a crash, SIGKILL; Fluxbox even on
/// SIGTERM) leaves `_NET_SUPPORTED` on the root window. Read alone, it had every window and
/// desktop operation sent to nobody and reported done; its `_NET_SUPPORTING_WM_CHECK` window,
/// gone with the window manager, tells.
@Suite struct StaleWindowManagerTests {
    typealias Fixture = WindowOperationTests.Fixture

    static let gone = "no EWMH window manager is running (the window manager that set _NET_SUPPORTED is gone)"

    /// Maximize, minimize and desktop next all fail, saying the window manager is gone.
    static func expectGone(_ run: (Action) -> ActionOutcome) {
        #expect(run(.window(.maximize)) == .failed(reason: "window maximize: \(gone)"))
        #expect(run(.desktop(.next(wrap: true))) == .failed(reason: "desktop: \(gone)"))
        // No WM_S0 owner either: nothing would answer WM_CHANGE_STATE.
        #expect(
            run(.window(.minimize))
                == .failed(
                    reason: "window minimize: no window manager is running"
                        + " (the window manager that set _NET_SUPPORTED is gone)"))
    }

    @Test func aWindowManagerThatExitedLeavingItsListIsNone() throws {
        let f = try Fixture(supported: nil)
        let screen = try ScreenWatch(server: f.server)
        let check: UInt
        do {
            let wm = try EWMHResponder(serverDisplay: f.server.displayName)
            check = wm.checkWindow
            #expect(f.run(.window(.maximize)) == .done)
            #expect(wm.messages().map(\.type) == ["_NET_WM_STATE"])
        }
        // Its connection closed: the check window went with it, the root's properties stay.
        #expect(screen.wait { $0.destroyed.contains(check) })
        let properties = try PropertyWatch(server: f.server)
        #expect(properties.atomNames("_NET_SUPPORTED", on: properties.root).count == EWMHResponder.fullSupport.count)
        Self.expectGone { f.run($0) }
    }

    @Test func aCheckWindowThatDoesNotNameItselfIsAnotherClientsWindow() throws {
        let f = try Fixture()
        let root = f.display.root
        let wm = try #require(f.wm)
        // A window id the window manager had, given to another client after it exited.
        wm.setRaw(root, "_NET_SUPPORTING_WM_CHECK", type: "WINDOW", format: 32, [Int(f.window.window)])
        Self.expectGone { f.run($0) }
        #expect(f.messages().isEmpty)

        wm.setRaw(root, "_NET_SUPPORTING_WM_CHECK", type: "WINDOW", format: 32, [Int(wm.checkWindow)])
        #expect(f.run(.window(.maximize)) == .done)
        #expect(f.run(.desktop(.next(wrap: true))) == .done)
        #expect(f.run(.window(.minimize)) == .done)
        #expect(f.messages().map(\.type) == ["_NET_WM_STATE", "_NET_CURRENT_DESKTOP", "WM_CHANGE_STATE"])

        // A window manager that sets no check window at all is taken at its word.
        wm.delete(root, "_NET_SUPPORTING_WM_CHECK")
        #expect(f.run(.window(.maximize)) == .done)
        #expect(f.messages().map(\.type) == ["_NET_WM_STATE"])
    }

    @Test func openboxKilledIsNoWindowManager() throws {
        let f = try OpenboxActionTests.Fixture()
        let screen = try ScreenWatch(server: f.server)
        #expect(f.run(.window(.maximize), on: target(f.window)) == .done)
        try f.waitForState("both MAXIMIZED atoms in _NET_WM_STATE") {
            $0.isSuperset(of: OpenboxActionTests.maximized)
        }

        kill(f.wm.processID, SIGKILL)
        #expect(screen.wait { $0.destroyed.contains(f.wm.supportingWindow) })
        #expect(!f.watch.atomNames("_NET_SUPPORTED", on: f.watch.root).isEmpty)
        Self.expectGone { f.run($0, on: target(f.window)) }
        f.wm.stop()
        #expect(f.wm.statusDescription == "killed by signal 9")
    }
}
