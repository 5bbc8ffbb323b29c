import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

@Suite struct WindowOperationTests {
    /// A window, then a stand-in window manager (after the window: see EWMHResponder),
    /// and an executor on its own connection; destroyed in that declaration order.
    struct Fixture {
        let executor: X11ActionExecutor
        let display: XDisplay
        let wm: EWMHResponder?
        let window: TestWindow
        let server: XorgServer

        init(
            supported: [String]? = EWMHResponder.fullSupport, desktops: Int = 4, currentDesktop: Int = 0
        ) throws {
            server = try XorgServer()
            window = try TestWindow(server: server, x: 100, y: 100, width: 300, height: 200)
            let name = server.displayName
            if let supported {
                wm = try EWMHResponder(
                    serverDisplay: name, supported: supported, desktops: desktops, currentDesktop: currentDesktop)
            } else {
                wm = nil
            }
            display = try XDisplay(name: server.displayName)
            executor = X11ActionExecutor(display: display)
        }

        func run(_ action: Action, on target: HitTarget? = nil, time: EventTime = .milliseconds(123_456))
            -> ActionOutcome
        {
            executor.execute(invocation(action, target: target ?? XgestX11Tests.target(window), time: time))
        }

        func messages() -> [EWMHResponder.Message] { wm?.messages() ?? [] }

        func atom(_ name: String) -> Int { Int(display.atom(name)) }
    }

    @Test func maximizeAddsBothAxesAndRemovesThemWhenMaximized() throws {
        let f = try Fixture()
        let w = f.window.window
        let vertical = f.atom("_NET_WM_STATE_MAXIMIZED_VERT")
        let horizontal = f.atom("_NET_WM_STATE_MAXIMIZED_HORZ")
        #expect(f.run(.window(.maximize)) == .done)
        #expect(f.messages() == [.init(type: "_NET_WM_STATE", window: w, data: [1, vertical, horizontal, 2, 0])])

        // Maximized in one direction only: maximize both, rather than flip each.
        f.wm?.setAtoms(w, "_NET_WM_STATE", ["_NET_WM_STATE_MAXIMIZED_VERT"])
        #expect(f.run(.window(.maximize)) == .done)
        #expect(f.messages() == [.init(type: "_NET_WM_STATE", window: w, data: [1, vertical, horizontal, 2, 0])])

        f.wm?.setAtoms(w, "_NET_WM_STATE", ["_NET_WM_STATE_MAXIMIZED_HORZ", "_NET_WM_STATE_MAXIMIZED_VERT"])
        #expect(f.run(.window(.maximize)) == .done)
        #expect(f.messages() == [.init(type: "_NET_WM_STATE", window: w, data: [0, vertical, horizontal, 2, 0])])
    }

    @Test func fullscreenToggles() throws {
        let f = try Fixture()
        #expect(f.run(.window(.fullscreen)) == .done)
        #expect(
            f.messages() == [
                .init(
                    type: "_NET_WM_STATE", window: f.window.window,
                    data: [2, f.atom("_NET_WM_STATE_FULLSCREEN"), 0, 2, 0])
            ])
    }

    @Test func minimizeAsksForIconicState() throws {
        let f = try Fixture()
        #expect(f.run(.window(.minimize)) == .done)
        #expect(f.messages() == [.init(type: "WM_CHANGE_STATE", window: f.window.window, data: [3, 0, 0, 0, 0])])
    }

    @Test func closeCarriesTheGestureTimeAndSourceIndication() throws {
        let f = try Fixture()
        #expect(f.run(.window(.close)) == .done)
        #expect(
            f.messages() == [.init(type: "_NET_CLOSE_WINDOW", window: f.window.window, data: [123_456, 2, 0, 0, 0])])
    }

    @Test func activateAndRaise() throws {
        let f = try Fixture()
        let w = f.window.window
        #expect(f.run(.window(.activate)) == .done)
        #expect(f.run(.window(.raise)) == .done)
        #expect(
            f.messages() == [
                .init(type: "_NET_ACTIVE_WINDOW", window: w, data: [2, 123_456, 0, 0, 0]),
                // Raise without taking the focus: restack above all siblings.
                .init(type: "_NET_RESTACK_WINDOW", window: w, data: [2, 0, Int(Above), 0, 0]),
            ])
    }

    @Test func raiseFallsBackToActivationWithoutRestackSupport() throws {
        let f = try Fixture(supported: EWMHResponder.fullSupport.filter { $0 != "_NET_RESTACK_WINDOW" })
        #expect(f.run(.window(.raise), time: .zero) == .done)
        // No gesture time: CurrentTime.
        #expect(
            f.messages() == [.init(type: "_NET_ACTIVE_WINDOW", window: f.window.window, data: [2, 0, 0, 0, 0])])
    }

    @Test func windowOperationOnTheDesktopDoesNothing() throws {
        let f = try Fixture()
        for operation in WindowOperation.allCases {
            guard case .skipped(let reason) = f.run(.window(operation), on: .desktop) else {
                Issue.record("\(operation) on the desktop was not skipped")
                continue
            }
            #expect(reason.contains("desktop"))
        }
        #expect(f.messages().isEmpty)
    }

    /// A pop-up, menu or tooltip is no window manager's to maximize or close: asked
    /// anyway, it said done and nothing happened.
    @Test func windowOperationOnAnOverrideRedirectWindowIsSkipped() throws {
        let f = try Fixture()
        var options = TestWindow.Options(x: 500, y: 100, width: 100, height: 100)
        options.overrideRedirect = true
        let popup = try TestWindow(server: f.server, options: options)
        for operation in WindowOperation.allCases {
            #expect(
                f.run(.window(operation), on: target(popup))
                    == .skipped(
                        reason: "window \(operation.rawValue): an override-redirect window (a pop-up or menu),"
                            + " which no window manager manages"))
        }
        #expect(f.messages().isEmpty)
    }

    /// A panel (tint2 at the bottom edge, where a bottom-edge swipe starts) is a window a
    /// gesture can be on, but window managers do not maximize, close or stack one: asked
    /// anyway, the action said done and nothing happened.
    @Test func windowOperationOnADockIsSkipped() throws {
        let f = try Fixture()
        // The window as a panel sets itself up (a window made after the stand-in window
        // manager would never be mapped).
        f.wm?.setAtoms(f.window.window, "_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_DOCK"])
        for operation in WindowOperation.allCases {
            #expect(
                f.run(.window(operation))
                    == .skipped(
                        reason: "window \(operation.rawValue): a dock or panel (_NET_WM_WINDOW_TYPE_DOCK),"
                            + " which window managers keep as it is"))
        }
        #expect(f.messages().isEmpty)
        // Any other type is acted on.
        f.wm?.setAtoms(f.window.window, "_NET_WM_WINDOW_TYPE", ["_NET_WM_WINDOW_TYPE_NORMAL"])
        #expect(f.run(.window(.close)) == .done)
    }

    @Test func windowThatVanishedFails() throws {
        let f = try Fixture()
        let gone = target(f.window)
        try f.window.destroy()
        for operation in WindowOperation.allCases {
            #expect(
                f.run(.window(operation), on: gone) == .failed(reason: "window \(operation.rawValue): window gone"))
        }
        #expect(f.messages().isEmpty)
    }

    @Test func noWindowManagerOrMissingSupportFails() throws {
        let none = try Fixture(supported: nil)
        #expect(
            none.run(.window(.close)) == .failed(reason: "window close: no EWMH window manager is running"))
        #expect(none.run(.desktop(.next(wrap: true))) == .failed(reason: "desktop: no EWMH window manager is running"))
        // Named as the action is written, as other failures are.
        #expect(
            none.run(.desktop(.showDesktop), on: .desktop)
                == .failed(reason: "show-desktop: no EWMH window manager is running"))
        // Minimizing is ICCCM, which a window manager without EWMH answers too: only with
        // none at all is it refused.
        #expect(none.run(.window(.minimize)) == .failed(reason: "window minimize: no window manager is running"))
        #expect(none.messages().isEmpty)

        let tiling = try Fixture(supported: ["_NET_SUPPORTED", "_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN"])
        #expect(
            tiling.run(.window(.maximize))
                == .failed(reason: "window maximize: the window manager does not support _NET_WM_STATE_MAXIMIZED_VERT"))
        #expect(tiling.run(.window(.fullscreen)) == .done)
        #expect(
            tiling.run(.desktop(.showDesktop), on: .desktop)
                == .failed(reason: "show-desktop: the window manager does not support _NET_SHOWING_DESKTOP"))
        #expect(tiling.messages().map(\.type) == ["_NET_WM_STATE"])
    }
}

@Suite struct DesktopOperationTests {
    typealias Fixture = WindowOperationTests.Fixture

    func switchRequest(_ f: Fixture, to index: Int) -> [EWMHResponder.Message] {
        [.init(type: "_NET_CURRENT_DESKTOP", window: f.display.root, data: [index, 123_456, 0, 0, 0])]
    }

    @Test func nextAndPreviousInTheMiddle() throws {
        let f = try Fixture(desktops: 4, currentDesktop: 1)
        #expect(f.run(.desktop(.next(wrap: false))) == .done)
        #expect(f.messages() == switchRequest(f, to: 2))
        #expect(f.run(.desktop(.previous(wrap: false))) == .done)
        #expect(f.messages() == switchRequest(f, to: 0))
    }

    @Test func nextOnTheLastDesktopWrapsOnlyWhenConfigured() throws {
        let f = try Fixture(desktops: 4, currentDesktop: 3)
        #expect(f.run(.desktop(.next(wrap: true))) == .done)
        #expect(f.messages() == switchRequest(f, to: 0))
        guard case .skipped = f.run(.desktop(.next(wrap: false))) else {
            Issue.record("next without wrap on the last desktop was not skipped")
            return
        }
        #expect(f.messages().isEmpty)
    }

    @Test func previousOnTheFirstDesktopWrapsOnlyWhenConfigured() throws {
        let f = try Fixture(desktops: 4, currentDesktop: 0)
        #expect(f.run(.desktop(.previous(wrap: true))) == .done)
        #expect(f.messages() == switchRequest(f, to: 3))
        guard case .skipped = f.run(.desktop(.previous(wrap: false))) else {
            Issue.record("previous without wrap on the first desktop was not skipped")
            return
        }
        #expect(f.messages().isEmpty)
    }

    @Test func numberedDesktopIsOneBased() throws {
        let f = try Fixture(desktops: 4, currentDesktop: 0)
        #expect(f.run(.desktop(.number(2))) == .done)
        #expect(f.messages() == switchRequest(f, to: 1))
        #expect(f.run(.desktop(.number(5))) == .failed(reason: "desktop 5: there are 4 desktops"))
        #expect(f.run(.desktop(.number(0))) == .failed(reason: "desktop 0: there are 4 desktops"))
        guard case .skipped = f.run(.desktop(.number(1))) else {
            Issue.record("switching to the current desktop was not skipped")
            return
        }
        #expect(f.messages().isEmpty)
    }

    @Test func aNumberPastTheOnlyDesktopSaysThereIsOne() throws {
        let f = try Fixture(desktops: 1, currentDesktop: 0)
        #expect(f.run(.desktop(.number(3))) == .failed(reason: "desktop 3: there is 1 desktop"))
        #expect(f.messages().isEmpty)
    }

    @Test func desktopOperationsWorkFromAWindowToo() throws {
        let f = try Fixture(desktops: 2, currentDesktop: 0)
        #expect(f.run(.desktop(.next(wrap: false)), on: target(f.window)) == .done)
        #expect(f.messages() == switchRequest(f, to: 1))
    }

    @Test func showDesktopToggles() throws {
        let f = try Fixture()
        let root = f.display.root
        #expect(f.run(.desktop(.showDesktop), on: .desktop) == .done)
        #expect(f.messages() == [.init(type: "_NET_SHOWING_DESKTOP", window: root, data: [1, 0, 0, 0, 0])])
        f.wm?.setCardinal(root, "_NET_SHOWING_DESKTOP", 1)
        #expect(f.run(.desktop(.showDesktop), on: .desktop) == .done)
        #expect(f.messages() == [.init(type: "_NET_SHOWING_DESKTOP", window: root, data: [0, 0, 0, 0, 0])])
    }
}
