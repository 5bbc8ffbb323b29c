import CXgest
import Testing
import XgestCore
import XgestTestServer
import XgestX11

/// `window raise` under Fluxbox, which lists `_NET_RESTACK_WINDOW` but ignores it without a
/// sibling: the action said done and the window stayed under the other (``RaiseRequest``).
@Suite struct FluxboxRaiseTests {
    /// The child of the root holding `window` (its frame), or nil when it is gone.
    static func topLevel(_ display: OpaquePointer, _ window: Window) -> Window? {
        var w = window
        while true {
            var root: Window = 0
            var parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, w, &root, &parent, &children, &count) != 0 else { return nil }
            if let children { XFree(children) }
            if parent == root { return w }
            w = parent
        }
    }

    /// Which of `windows` the server has on top (XQueryTree's order, bottom to top).
    static func topmost(_ display: OpaquePointer, of windows: [Window]) -> Window? {
        let frames = windows.map { topLevel(display, $0) }
        var root: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count) != 0,
            let children
        else { return nil }
        defer { XFree(children) }
        for i in (0..<Int(count)).reversed() {
            if let k = frames.firstIndex(of: children[i]) { return windows[k] }
        }
        return nil
    }

    /// Two overlapping windows, the one mapped second on top; raising the first puts it
    /// on top. Fluxbox changes no property when it restacks: the check waits for the
    /// focus it gives a window it activates (`_NET_ACTIVE_WINDOW`), which it sets after
    /// the raise, or times out.
    @Test func raisePutsTheWindowOnTop() throws {
        let server = try XorgServer()
        var options = WindowManagerProcess.Options()
        options.program = .fluxbox
        let wm = try WindowManagerProcess(server: server, options: options)
        let below = try TestWindow(server: server, x: 100, y: 100, width: 300, height: 200)
        let above = try TestWindow(server: server, x: 200, y: 150, width: 300, height: 200)
        let watch = try PropertyWatch(server: server)
        let display = try XDisplay(name: server.displayName)
        let windows = [below.window, above.window]
        #expect(Self.topmost(display.handle, of: windows) == above.window)
        let executor = X11ActionExecutor(display: display)
        #expect(executor.execute(invocation(.window(.raise), target: target(below), time: .zero)) == .done)
        let raised: Void? = try? watch.wait(
            until: "the raised window on top", properties: ["_NET_ACTIVE_WINDOW", "_NET_CLIENT_LIST_STACKING"],
            on: watch.root
        ) { Self.topmost(display.handle, of: windows) == below.window }
        #expect(raised != nil, "on top: \(Self.topmost(display.handle, of: windows) ?? 0), raised \(below.window)")
        withExtendedLifetime(wm) {}
    }
}
