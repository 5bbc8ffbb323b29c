import CXgest
import Glibc

extension PropertyWatch {
    /// Asks the window manager for the frame extents of an unmapped window of our own
    /// (`_NET_REQUEST_FRAME_EXTENTS`) and waits for the `_NET_FRAME_EXTENTS` it sets in
    /// reply. A window manager handles client messages only in its event loop, so an
    /// answer means it has finished starting: a window mapped from now on is managed at
    /// once. `processExit` readable (the window manager died) ends the wait too.
    func pingWindowManager(until deadline: Deadline, processExit: Int32) throws -> WaitResult {
        guard let display else { throw TestServerError.serverNotRunning }
        let probe = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        try XlibSupport.syncAndCheck(display, request: "XCreateSimpleWindow")
        defer {
            XDestroyWindow(display, probe)
            XSync(display, 0)
        }
        let property = "_NET_FRAME_EXTENTS"
        // Selected before the request, so that the reply cannot be missed.
        try select(probe)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.send_event = 1
        event.xclient.display = display
        event.xclient.window = probe
        event.xclient.message_type = XlibSupport.atom(display, "_NET_REQUEST_FRAME_EXTENTS")
        event.xclient.format = 32
        func ask() {
            XSendEvent(display, root, 0, Int(SubstructureRedirectMask | SubstructureNotifyMask), &event)
            XFlush(display)
        }
        ask()
        // Asked again at each nudge: i3 announces itself on the root before it selects
        // SubstructureRedirect there, and a request sent in between reaches no one.
        return try wait(
            properties: [property], on: probe, until: deadline, alsoWatching: processExit,
            nudgeEveryMilliseconds: WindowManagerProcess.nudgeMilliseconds, alsoAtNudge: ask
        ) { longs(property, on: probe, type: Atom(XA_CARDINAL)).count == 4 }
    }
}
